/**
 * Crashes a merchant can send, none sent by itself. crashReporter writes minidumps to the app's crash folder and
 * uploads nothing unless the setting `uploadCrashReports` says so and a server is configured (none is by default).
 * A renderer that dies is reloaded (a few times a minute at most, then left for the merchant to reload); the core
 * host's utility process is restarted by its supervisor (src/core/host/supervisedHost.ts); both are logged.
 */
export interface CrashReporterLike {
  start(options: {
    submitURL: string;
    uploadToServer: boolean;
    ignoreSystemCrashHandler?: boolean;
    compress?: boolean;
  }): void;
}

export function startLocalCrashReporter(
  reporter: CrashReporterLike,
  settings: { uploadCrashReports?: boolean; crashReportUrl?: string },
): { uploading: boolean } {
  const uploading = settings.uploadCrashReports === true && !!settings.crashReportUrl;
  reporter.start({ submitURL: uploading ? settings.crashReportUrl! : '', uploadToServer: uploading, compress: true });
  return { uploading };
}

export interface RenderProcessGoneDetails {
  reason: string;
  exitCode: number;
}

/**
 * What to do when a window's renderer is gone: reload unless it exited cleanly, or it already crashed `limit` times
 * in the last minute (a page that crashes on load would otherwise loop).
 */
export function rendererCrashPolicy(options: { limit?: number; windowMs?: number; now?: () => number } = {}) {
  const limit = options.limit ?? 3;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  let crashes: number[] = [];
  return (details: RenderProcessGoneDetails): 'reload' | 'leave' => {
    if (details.reason === 'clean-exit') return 'leave';
    const t = now();
    crashes = [...crashes.filter((c) => t - c < windowMs), t];
    return crashes.length <= limit ? 'reload' : 'leave';
  };
}

/** The window and app events this needs (a typed fake in tests). */
export interface CrashWatchPorts {
  onRenderProcessGone(listener: (details: RenderProcessGoneDetails) => void): void;
  onChildProcessGone(
    listener: (details: { type: string; reason: string; exitCode: number; name?: string }) => void,
  ): void;
  reload(): void;
  log(line: string): void;
}

export function watchCrashes(ports: CrashWatchPorts, policy = rendererCrashPolicy()): void {
  ports.onRenderProcessGone((details) => {
    const action = policy(details);
    ports.log(`[crash] the window's renderer is gone (${details.reason}, exit ${details.exitCode}): ${action}`);
    if (action === 'reload') ports.reload();
  });
  ports.onChildProcessGone((details) => {
    if (details.reason === 'clean-exit') return;
    ports.log(
      `[crash] ${details.type} process ${details.name ?? ''} gone (${details.reason}, exit ${details.exitCode})`,
    );
  });
}
