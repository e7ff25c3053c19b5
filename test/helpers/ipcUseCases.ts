import { SyncController } from '../../src/core/app/sync';
import { ok } from '../../src/core/result';
import { useCaseHandlers, type UseCaseApp } from '../../src/appHost/handlers/useCases';
import type { IpcChannel, IpcRequest, IpcResponse } from '../../src/shared/ipc/contract';
import { createIpcGate, type GateProblem } from '../../src/shared/ipc/gate';
import { okResult } from '../../src/shared/ipc/result';
import { startAppSessionKit, type AppSessionKit } from './appSession';
import { withUnavailable } from './stubImplementations';
import type { SandboxOptions } from '../../src/sandbox';

/**
 * The handler domains over the real use-case layer and a sandbox on loopback, called through the contract's gate
 * (requests and answers parsed as in main): what a window would get.
 */
export interface IpcUseCaseKit {
  kit: AppSessionKit;
  app: UseCaseApp & { copied: Array<{ text: string; clearAfterMs: number | null }>; opened: string[] };
  problems: GateProblem[];
  invoke<C extends IpcChannel>(channel: C, request?: IpcRequest<C>): Promise<IpcResponse<C>>;
  stop(): Promise<void>;
}

export async function startIpcUseCaseKit(options: Partial<SandboxOptions> = {}): Promise<IpcUseCaseKit> {
  const kit = await startAppSessionKit(options);
  const session = kit.session();
  const controller = new SyncController(session);
  const copied: Array<{ text: string; clearAfterMs: number | null }> = [];
  const opened: string[] = [];
  const app: IpcUseCaseKit['app'] = {
    copied,
    opened,
    session: () => ok(session),
    sync: () => ok(controller),
    clipboard: { writeSecret: (text, clearAfterMs) => void copied.push({ text, clearAfterMs }) },
    openExternal: async (url) => void opened.push(url),
    clipboardClearMs: () => 30_000,
    now: () => Date.parse('2026-11-23T16:00:00.000Z'),
  };
  const problems: GateProblem[] = [];
  const gate = createIpcGate({
    implementations: withUnavailable({
      'app:getInfo': () => okResult({ version: '0', platform: 'test', dataDir: '/d', logFile: '/d/log' }),
      ...useCaseHandlers(app),
    }),
    report: (p) => void problems.push(p),
  });
  return {
    kit,
    app,
    problems,
    invoke: (channel, request) =>
      gate(channel, request === undefined ? [] : [request]) as Promise<IpcResponse<typeof channel>>,
    stop: () => kit.stop(),
  };
}
