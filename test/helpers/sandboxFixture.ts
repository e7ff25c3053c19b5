import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { BuyerSyncApi } from '../../src/core/api/buyerSyncApi';
import { type ClientDeps } from '../../src/core/api/clientDeps';
import { fixedCredentials, type Credentials } from '../../src/core/credentials/credentials';
import type { Sleeper } from '../../src/core/api/retry';
import { SellerApi } from '../../src/core/api/sellerApi';
import { platformConfigSchema, type PlatformConfigInput } from '../../src/core/config/platformConfig';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../src/sandbox';
import { createAxiosTransport } from '../../src/core/http/axiosTransport';
import { countingTransport, type CountingTransport } from '../../src/core/sync/countingTransport';

/** One key pair per test process: RSA generation is slow enough to share. */
let keys: { privateKey: KeyObject; publicKeyPem: string; privateKeyPem: string } | undefined;
export function testKeys() {
  if (!keys) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    keys = {
      privateKey: pair.privateKey,
      publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
  }
  return keys;
}

/** Records the waits a retry loop asks for instead of sleeping. */
export function recordingSleeper(): Sleeper & { waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

/** Client overrides for one test: any dependency, and any part of the platform settings. */
export type ClientOverrides = Omit<Partial<ClientDeps>, 'config'> & { config?: Partial<PlatformConfigInput> };

export interface TestPlatform {
  sandbox: SandboxHandle;
  credentials: Credentials;
  /** Records every request sent (to prove what was, or that nothing was, sent). */
  transport: CountingTransport;
  sleeper: ReturnType<typeof recordingSleeper>;
  seller(overrides?: ClientOverrides): SellerApi;
  buyers(overrides?: ClientOverrides): BuyerSyncApi;
  stop(): Promise<void>;
}

/** A sandbox platform on loopback plus API clients wired to it through the real axios transport. */
export async function startTestPlatform(options: Partial<SandboxOptions> = {}): Promise<TestPlatform> {
  const { privateKey, publicKeyPem } = testKeys();
  const sandbox = await startSandbox({ publicKeyPem, ...options });
  const credentials: Credentials = fixedCredentials({ token: sandbox.token, key: privateKey });
  const transport = countingTransport(createAxiosTransport(), { record: true });
  const sleeper = recordingSleeper();
  const deps = (overrides: ClientOverrides = {}): ClientDeps => {
    const { config, ...rest } = overrides;
    return {
      config: platformConfigSchema.parse({
        baseUrl: sandbox.baseUrl,
        platformUrl: sandbox.platformUrl,
        merchantId: sandbox.merchantId,
        timeoutMs: 3000,
        ...config,
      }),
      transport,
      credentials,
      sleeper,
      ...rest,
    };
  };
  return {
    sandbox,
    credentials,
    transport,
    sleeper,
    seller: (o) => new SellerApi(deps(o)),
    buyers: (o) => new BuyerSyncApi(deps(o)),
    stop: () => sandbox.stop(),
  };
}

/** The CLI's environment mode pointed at a test platform: its URLs, merchant, token and a key file. */
export function cliEnvFor(p: TestPlatform, keyFile: string, timeoutMs = 2_000): Record<string, string> {
  return {
    MERCHANT_DESK_BASE_URL: p.sandbox.baseUrl,
    MERCHANT_DESK_PLATFORM_URL: p.sandbox.platformUrl,
    MERCHANT_DESK_MERCHANT_ID: p.sandbox.merchantId,
    MERCHANT_DESK_TOKEN: p.sandbox.token,
    MERCHANT_DESK_PRIVATE_KEY_FILE: keyFile,
    MERCHANT_DESK_TIMEOUT_MS: String(timeoutMs),
  };
}

/** The flags that point a command (or a new profile) at a sandbox: its URLs and merchant. */
export function sandboxConnectionFlags(sandbox: {
  baseUrl: string;
  platformUrl: string;
  merchantId: string;
}): string[] {
  return ['--base-url', sandbox.baseUrl, '--platform-url', sandbox.platformUrl, '--merchant', sandbox.merchantId];
}
