/**
 * What the app needs of an updater (electron-updater's autoUpdater satisfies it through electronUpdater.ts; tests
 * use the typed fake below). Events carry plain data only.
 */
export interface UpdaterEvents {
  'update-available': { version: string };
  'update-not-available': { version: string };
  'download-progress': { percent: number };
  'update-downloaded': { version: string };
  error: { message: string };
}

export interface UpdaterPort {
  /** Looks at the feed; downloading starts by itself in the background when a newer version exists. */
  checkForUpdates(): Promise<void>;
  /** Quits the app and runs the installer (Windows) / replaces the bundle (macOS), then relaunches. */
  quitAndInstall(): void;
  on<E extends keyof UpdaterEvents>(event: E, listener: (payload: UpdaterEvents[E]) => void): void;
}

/** A typed fake: records calls, and lets a test emit what the updater would. */
export function fakeUpdater() {
  const listeners = new Map<string, ((p: never) => void)[]>();
  const calls: string[] = [];
  const port: UpdaterPort & {
    calls: string[];
    emit<E extends keyof UpdaterEvents>(event: E, payload: UpdaterEvents[E]): void;
    failNextCheck?: Error;
  } = {
    calls,
    checkForUpdates: async () => {
      calls.push('check');
      if (port.failNextCheck) {
        const e = port.failNextCheck;
        port.failNextCheck = undefined;
        throw e;
      }
    },
    quitAndInstall: () => void calls.push('quitAndInstall'),
    on: (event, listener) =>
      void listeners.set(event, [...(listeners.get(event) ?? []), listener as (p: never) => void]),
    emit: (event, payload) => {
      for (const l of listeners.get(event) ?? []) l(payload as never);
    },
  };
  return port;
}
