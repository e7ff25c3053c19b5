/**
 * The system's proxy settings for the core host (issue 23). The platform is called from the core host's utility
 * process with Node's agents (src/core/http/officeNetwork.ts), which know proxies only from HTTPS_PROXY /
 * HTTP_PROXY / NO_PROXY. The system's settings — a manual proxy, a PAC file, WPAD — are Chromium's to read: main
 * asks its session (`session.resolveProxy`, what `net.fetch` would use) for the platform's address and passes the
 * answer to the host as those variables. The fuses turn off NODE_OPTIONS and NODE_EXTRA_CA_CERTS for the packaged
 * app; the certificates come from the system store instead (`tls.getCACertificates('system')` in the host), so a
 * company root installed in Windows or the macOS keychain is trusted with no variable at all.
 */

/** What the host's environment gets: proxy variables, or nothing (direct). */
export type ProxyVariables = { HTTPS_PROXY?: string; HTTP_PROXY?: string; NO_PROXY?: string };

/**
 * Chromium's answer for one URL ("PROXY host:port; DIRECT", "HTTPS host:port", "SOCKS5 host:port", "DIRECT") as the
 * variables Node's agents read. The first HTTP(S) proxy wins; SOCKS is not supported by Node's agents, so a
 * SOCKS-only answer means direct (and says so through `unsupported`). A merchant's own HTTPS_PROXY wins over both.
 */
export function proxyVariablesFor(
  resolution: string,
  own: Record<string, string | undefined>,
): { variables: ProxyVariables; unsupported?: string } {
  if (own.HTTPS_PROXY || own.https_proxy || own.HTTP_PROXY || own.http_proxy) return { variables: {} };
  const entries = resolution
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [kind, hostPort] = entry.split(/\s+/, 2);
    const upper = kind?.toUpperCase();
    if (upper === 'DIRECT') return { variables: {} };
    if ((upper === 'PROXY' || upper === 'HTTPS') && hostPort) {
      const url = `${upper === 'HTTPS' ? 'https' : 'http'}://${hostPort}`;
      return { variables: { HTTPS_PROXY: url, HTTP_PROXY: url } };
    }
  }
  const socks = entries.find((e) => /^SOCKS/i.test(e));
  return socks ? { variables: {}, unsupported: socks } : { variables: {} };
}

/** The part of Electron's session this needs (a typed fake in tests). */
export interface ProxyResolver {
  resolveProxy(url: string): Promise<string>;
}

/**
 * The system proxy as it stands: `refresh(url)` asks the session for that platform address (at start and when the
 * active profile changes); `variables()` is what the next core host starts with.
 */
export function systemProxy(
  resolver: ProxyResolver,
  own: Record<string, string | undefined>,
  warn: (m: string) => void,
) {
  let current: ProxyVariables = {};
  return {
    async refresh(url: string | undefined): Promise<ProxyVariables> {
      if (!url || !/^https?:/i.test(url)) return current;
      try {
        const r = proxyVariablesFor(await resolver.resolveProxy(url), own);
        if (r.unsupported)
          warn(`[network] the system proxy for the platform is ${r.unsupported}: not supported, connecting directly`);
        current = r.variables;
      } catch (e) {
        warn(`[network] the system proxy could not be read: ${e instanceof Error ? e.message : String(e)}`);
      }
      return current;
    },
    variables: (): ProxyVariables => current,
  };
}
