import { z } from 'zod';
import type { Profile } from '../core/profiles/profileSchema';

/**
 * The sandbox the app's first run serves (the CLI's `ui --sandbox` and the desktop app): its settings as plain
 * data, without the server, so Electron main can name them while the sandbox itself runs in a core host.
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
    /** The sandbox's extra order fields (demos only; default: exactly the spec's Order). */
    extendedOrderFields: z.boolean().optional(),
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

/** The operation that says where the host's sandbox serves (or why it does not). */
export const SANDBOX_INFO_OPERATION = 'sandbox.info';
