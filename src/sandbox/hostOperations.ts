import { err, ok } from '../core/result';
import type { OperationFactory, OperationTable } from '../core/host/operations';
import { describeAppSandboxStartError, startAppSandbox } from './appSandbox';
import { appSandboxConfigSchema, SANDBOX_INFO_OPERATION, type AppSandboxInfo } from './appSandboxConfig';

/**
 * The operations of a core host that runs the app's sandbox platform (config `{ sandbox: AppSandboxConfig }`):
 * the sandbox starts with the host, on loopback, and stops when the host is disposed. A sandbox that cannot start
 * (port taken, damaged state) leaves the host up and answers `sandbox.info` with why, as a typed error, so the
 * supervisor does not restart into the same failure.
 */
export const sandboxHostOperations: OperationFactory = async ({ config, onDispose }): Promise<OperationTable> => {
  const parsed = appSandboxConfigSchema.safeParse((config as { sandbox?: unknown } | undefined)?.sandbox);
  if (!parsed.success) throw new Error(`invalid sandbox configuration: ${parsed.error.message}`);
  const started = await startAppSandbox(parsed.data);
  if (!started.ok) {
    const error = {
      kind: 'sandbox-unavailable',
      code: started.error.kind,
      message: describeAppSandboxStartError(started.error),
    };
    return { [SANDBOX_INFO_OPERATION]: { run: async () => err(error) } };
  }
  const { handle } = started;
  onDispose(() => handle.stop());
  const info: AppSandboxInfo = {
    baseUrl: handle.baseUrl,
    platformUrl: handle.platformUrl,
    merchantId: handle.merchantId,
    apiPrefix: handle.apiPrefix,
  };
  return { [SANDBOX_INFO_OPERATION]: { run: async () => ok(info) } };
};
