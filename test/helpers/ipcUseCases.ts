import type { ChangeEvent } from '../../src/core/sync/changeEvents';
import type { AppError } from '../../src/shared/errors/appError';
import { createInProcessCoreHost } from '../../src/core/host/inProcessHost';
import { asOperationTable, sessionOperations } from '../../src/core/host/operations/sessionOperations';
import { typedHost } from '../../src/core/host/typedHost';
import type { SessionOperationMap } from '../../src/core/host/operations/sessionOperationMap';
import { ok, type Result } from '../../src/core/result';
import type { SecretStore } from '../../src/core/secrets/secretStore';
import type { ClipboardPort } from '../../src/appHost/handlers/loginLinks';
import type { ExportDestination } from '../../src/appHost/handlers/ordersExport';
import { platformRelay } from '../../src/appHost/handlers/platformRelay';
import type { IpcChannel, IpcRequest, IpcResponse } from '../../src/shared/ipc/contract';
import { createIpcGate, type GateProblem } from '../../src/shared/ipc/gate';
import { okResult } from '../../src/shared/ipc/result';
import { startAppSessionKit, type AppSessionKit } from './appSession';
import { withUnavailable } from './stubImplementations';
import type { SandboxOptions } from '../../src/sandbox';

/** The shell's ports the platform channels use, as a test sets and reads them. */
export interface KitShell {
  clipboard: ClipboardPort;
  openExternal(url: string): Promise<void | Result<void, AppError>>;
  clipboardClearMs(): number | null;
  exportDestination?: ExportDestination;
  /** Change events the host published (`orders:changed`); `byMerchant`: the merchant's own action caused them. */
  onChanges?(profileId: string, events: ChangeEvent[], byMerchant: boolean): void;
  /** Every push event the host published, as it published it. */
  onEvent?(name: string, data: unknown): void;
  copied: Array<{ text: string; clearAfterMs: number | null }>;
  opened: string[];
}

/**
 * The platform channels as every host runs them — the relay (src/appHost/handlers/platformRelay.ts) over a core host
 * serving the session's operation table — with the host in this process (the test asks for it) and a sandbox on
 * loopback, called through the contract's gate (requests and answers parsed as in main): what a window would get.
 */
export interface IpcUseCaseKit {
  kit: AppSessionKit;
  app: KitShell;
  problems: GateProblem[];
  invoke<C extends IpcChannel>(channel: C, request?: IpcRequest<C>): Promise<IpcResponse<C>>;
  stop(): Promise<void>;
}

/** The in-process host's keychain: the session's credentials are the kit's own, so nothing asks it. */
const NO_KEYCHAIN = {
  ok: false,
  error: { kind: 'keychain-unavailable', message: 'No keychain in this test.', action: 'None.' },
} as const;
const NO_SECRETS: SecretStore = {
  backend: 'none',
  get: async () => NO_KEYCHAIN,
  set: async () => NO_KEYCHAIN,
  delete: async () => NO_KEYCHAIN,
};

export async function startIpcUseCaseKit(options: Partial<SandboxOptions> = {}): Promise<IpcUseCaseKit> {
  const kit = await startAppSessionKit(options);
  const session = kit.session();
  const copied: KitShell['copied'] = [];
  const opened: string[] = [];
  const app: KitShell = {
    copied,
    opened,
    clipboard: { writeSecret: (text, clearAfterMs) => void copied.push({ text, clearAfterMs }) },
    openExternal: async (url) => void opened.push(url),
    clipboardClearMs: () => 30_000,
  };
  const host = createInProcessCoreHost({
    operations: () => asOperationTable(sessionOperations(session)),
    secrets: NO_SECRETS,
  });
  host.onEvent((event) => {
    app.onEvent?.(event.name, event.data);
    if (event.name !== 'orders:changed') return;
    const { profileId, events, byMerchant } = event.data as {
      profileId: string;
      events: ChangeEvent[];
      byMerchant?: boolean;
    };
    app.onChanges?.(profileId, events, byMerchant === true);
  });
  const typed = typedHost<SessionOperationMap>(host);
  const relay = platformRelay({
    host: () => ok(typed),
    profileId: () => session.profileId,
    get clipboard() {
      return app.clipboard;
    },
    openExternal: (url) => app.openExternal(url),
    clipboardClearMs: () => app.clipboardClearMs(),
    get exportDestination() {
      return app.exportDestination;
    },
    now: () => Date.parse('2026-11-23T16:00:00.000Z'),
  });
  const problems: GateProblem[] = [];
  const gate = createIpcGate({
    implementations: withUnavailable({
      'app:getInfo': () => okResult({ version: '0', platform: 'test', dataDir: '/d', logFile: '/d/log' }),
      ...relay,
    }),
    report: (p) => void problems.push(p),
  });
  return {
    kit,
    app,
    problems,
    invoke: (channel, request) =>
      gate(channel, request === undefined ? [] : [request]) as Promise<IpcResponse<typeof channel>>,
    stop: async () => {
      await host.dispose();
      await kit.stop();
    },
  };
}
