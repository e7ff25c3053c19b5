import { DEMO_ORDERS, DEMO_SEED, type AppSandboxConfig } from './appSandboxConfig';
import { SandboxStateError } from './persistentState';
import { startSandbox, type SandboxHandle } from './server';

/**
 * Starts the app's sandbox (appSandboxConfig.ts): the demo data set, kept in a state directory under the data
 * directory, on loopback only.
 */

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
      ...(config.extendedOrderFields === true ? { extendedOrderFields: true } : {}),
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
