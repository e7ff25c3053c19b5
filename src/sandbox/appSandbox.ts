import { z } from 'zod';
import type { Profile } from '../core/profiles/profileSchema';
import { SandboxStateError } from './persistentState';
import { startSandbox, type SandboxHandle } from './server';

/**
 * The sandbox the app's first run serves (the CLI's `ui --sandbox` and the desktop app): the demo data set, kept
 * in a state directory under the data directory, on loopback only.
 */

/** The demo data set (the `merchant-desk sandbox` defaults). */
export const DEMO_ORDERS = 300;
export const DEMO_SEED = 1;

/** Where a sandbox profile's URLs say the sandbox serves its endpoints (same rules as `merchant-desk sandbox`). */
export function profilePaths(profile: Pick<Profile, 'baseUrl' | 'platformUrl' | 'apiPrefix' | 'merchantId'>): {
  merchantId: string;
  apiPrefix: string;
  platformPathPrefix: string;
} {
  const base = new URL(profile.baseUrl);
  const platform = new URL(profile.platformUrl);
  return {
    merchantId: profile.merchantId,
    apiPrefix: base.pathname.replace(/\/+$/, '') + profile.apiPrefix,
    platformPathPrefix: platform.pathname.replace(/\/+$/, ''),
  };
}

/** What starts the app's sandbox: plain data, so it can cross to the core host as its configuration. */
export const appSandboxConfigSchema = z
  .object({
    stateDir: z.string().min(1),
    /** A fixed port (never 0 here: a restarted host must listen where the profile points). */
    port: z.number().int().min(1).max(65_535),
    publicKeyPem: z.string().min(1),
    merchantId: z.string().min(1).optional(),
    apiPrefix: z.string().optional(),
    platformPathPrefix: z.string().optional(),
  })
  .strict();
export type AppSandboxConfig = z.infer<typeof appSandboxConfigSchema>;

/** Where the running sandbox serves. */
export interface AppSandboxInfo {
  baseUrl: string;
  platformUrl: string;
  merchantId: string;
  apiPrefix: string;
}

/** Why the sandbox did not start, as a typed value the caller words for the person. */
export type AppSandboxStartError =
  | { kind: 'port-in-use'; port: number }
  | { kind: 'bad-state'; file: string; detail: string }
  | { kind: 'failed'; detail: string };

export type AppSandboxStart = { ok: true; handle: SandboxHandle } | { ok: false; error: AppSandboxStartError };

export async function startAppSandbox(config: AppSandboxConfig): Promise<AppSandboxStart> {
  try {
    const handle = await startSandbox({
      host: '127.0.0.1',
      port: config.port,
      orders: DEMO_ORDERS,
      seed: DEMO_SEED,
      publicKeyPem: config.publicKeyPem,
      stateDir: config.stateDir,
      ...(config.merchantId !== undefined ? { merchantId: config.merchantId } : {}),
      ...(config.apiPrefix !== undefined ? { apiPrefix: config.apiPrefix } : {}),
      ...(config.platformPathPrefix !== undefined ? { platformPathPrefix: config.platformPathPrefix } : {}),
    });
    return { ok: true, handle };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE')
      return { ok: false, error: { kind: 'port-in-use', port: config.port } };
    if (e instanceof SandboxStateError)
      return { ok: false, error: { kind: 'bad-state', file: e.file, detail: e.detail } };
    return { ok: false, error: { kind: 'failed', detail: e instanceof Error ? e.message : String(e) } };
  }
}

/** The sentence a person reads when the sandbox did not start, with what to do. */
export function describeAppSandboxStartError(error: AppSandboxStartError, profileId = 'sandbox'): string {
  switch (error.kind) {
    case 'port-in-use':
      return `Port ${error.port} on 127.0.0.1, where the sandbox of profile "${profileId}" listens, is taken (another \`merchant-desk sandbox\`, \`ui --sandbox\` or Merchant Desk window?). Stop it, or move the profile: \`merchant-desk profiles edit ${profileId} --base-url http://127.0.0.1:N --platform-url http://127.0.0.1:N/platform\`.`;
    case 'bad-state':
      return `The sandbox state ${error.file} cannot be used (${error.detail}). Start over with \`merchant-desk sandbox --reset\`.`;
    case 'failed':
      return `The sandbox could not start: ${error.detail}`;
  }
}
