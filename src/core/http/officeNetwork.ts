import tls from 'node:tls';

/**
 * How the platform is reached from a merchant's office: through the proxy the environment names and with the
 * certificates the operating system trusts (an HTTPS-inspecting antivirus or a company proxy adds its own root
 * there, not to Node's bundled list).
 *
 * Node's own agents do the work (Node >= 24.5, and Electron 45's utility process): `proxyEnv` makes an
 * `http(s).Agent` honour HTTP_PROXY / HTTPS_PROXY / NO_PROXY (a CONNECT tunnel for https), and
 * `tls.getCACertificates('system')` reads the system store (Windows certificate store, macOS keychain, OpenSSL's
 * paths on Linux — SSL_CERT_FILE / SSL_CERT_DIR). No dependency: undici's EnvHttpProxyAgent would do the same for
 * fetch, but the transport is axios over Node's agents.
 */
export interface ProxyEnv {
  HTTP_PROXY?: string;
  HTTPS_PROXY?: string;
  NO_PROXY?: string;
}

/** Hosts never sent through a proxy: the sandbox and every local platform listen on loopback. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1', '[::1]'];

export interface OfficeNetwork {
  /** The proxy variables to honour; undefined: connect directly. */
  proxyEnv: ProxyEnv | undefined;
  /** A TLS context trusting Node's bundled roots and the system's; undefined: Node's defaults (bundled only). */
  secureContext: tls.SecureContext | undefined;
}

const pick = (env: Record<string, string | undefined>, name: string): string | undefined => {
  const v = env[name] ?? env[name.toLowerCase()];
  return v && v.trim() !== '' ? v.trim() : undefined;
};

/**
 * The proxy variables of `env` (upper or lower case, as curl reads them), with loopback added to NO_PROXY; undefined
 * when no proxy is named. A proxy URL carrying credentials is kept as is: Node sends them to the proxy only.
 */
export function proxyEnvFrom(env: Record<string, string | undefined>): ProxyEnv | undefined {
  const httpsProxy = pick(env, 'HTTPS_PROXY');
  const httpProxy = pick(env, 'HTTP_PROXY');
  if (!httpsProxy && !httpProxy) return undefined;
  const noProxy = [pick(env, 'NO_PROXY'), ...LOOPBACK_HOSTS].filter(Boolean).join(',');
  return {
    ...(httpsProxy ? { HTTPS_PROXY: httpsProxy } : {}),
    ...(httpProxy ? { HTTP_PROXY: httpProxy } : {}),
    NO_PROXY: noProxy,
  };
}

type CaLoader = (type: 'default' | 'system' | 'bundled' | 'extra') => string[];

/**
 * Node's default roots (bundled + NODE_EXTRA_CA_CERTS where allowed) and the system store's, without duplicates.
 * A Node without `tls.getCACertificates` (older than 22.15) gets the bundled list only.
 */
export function trustedCertificates(
  load: CaLoader | undefined = tls.getCACertificates as CaLoader | undefined,
): string[] {
  if (!load) return [...tls.rootCertificates];
  const system = (() => {
    try {
      return load('system');
    } catch {
      return []; // no readable system store: Node's own list still applies
    }
  })();
  return [...new Set([...load('default'), ...system])];
}

let shared: tls.SecureContext | undefined;
/**
 * One TLS context for every connection (parsing several hundred roots per connection would cost milliseconds
 * each), built on first use.
 */
export function systemSecureContext(): tls.SecureContext {
  shared ??= tls.createSecureContext({ ca: trustedCertificates() });
  return shared;
}

/** The network of a process: its environment's proxy and the system's certificates. */
export function officeNetworkFrom(env: Record<string, string | undefined>): OfficeNetwork {
  return { proxyEnv: proxyEnvFrom(env), secureContext: systemSecureContext() };
}

/** Today's behaviour before issue 23, kept for the bench and for tests that compare: direct, bundled roots. */
export const DIRECT_BUNDLED: OfficeNetwork = { proxyEnv: undefined, secureContext: undefined };
