import path from 'node:path';
import { app, clipboard, crashReporter, dialog, shell, type BrowserWindow } from 'electron';
import { startLocalCrashReporter, watchCrashes } from './crashes';
import { installMainLog, mainLogPath } from './mainLog';
import { presentStartupFailure, startupFailureReport } from './startupFailure';

/**
 * Logs and crashes for the Electron app (issue 23), wired to Electron: main.log (console.* of main, rotated),
 * crash dumps kept locally, a crashed window reloaded, a gone child process logged, and a failed start shown in a
 * native dialog. Called once, right after the data directory is chosen.
 */
export function startDiagnostics(dataDir: string) {
  const log = installMainLog(mainLogPath(dataDir));
  const logFolder = path.dirname(log.file);
  // No crash server is configured: dumps stay in the app's crash folder (no upload without an explicit setting).
  startLocalCrashReporter(crashReporter, {});
  let childListener: ((details: { type: string; reason: string; exitCode: number; name?: string }) => void) | undefined;
  app.on('child-process-gone', (_event, details) => childListener?.(details));

  return {
    logFile: log.file,
    logFolder,
    /** Reload the window when its renderer dies; log the app's child processes that die. */
    watchWindow(window: BrowserWindow): void {
      watchCrashes({
        onRenderProcessGone: (listener) => window.webContents.on('render-process-gone', (_e, d) => listener(d)),
        onChildProcessGone: (listener) => (childListener = listener),
        reload: () => window.webContents.reload(),
        log: (line) => console.warn(line),
      });
    },
    /** The native error dialog with the log's path and "Copy details", then exit 1. */
    failStartup(error: unknown): void {
      console.error('[main] startup failed:', error);
      const report = startupFailureReport(error, {
        version: app.getVersion(),
        platform: process.platform,
        arch: process.arch,
        logFolder,
        logFile: log.file,
      });
      presentStartupFailure(report, logFolder, {
        showMessageBox: (options) => dialog.showMessageBoxSync(options),
        copyText: (text) => clipboard.writeText(text),
        openFolder: (folder) => void shell.openPath(folder),
      });
      app.exit(1);
    },
  };
}
