import { redactSecrets } from '../../core/logging/redact';

/**
 * A start that fails must be visible: a packaged app has no console, and before this the app just exited. Main
 * shows a native error dialog with what failed and where the log is, and "Copy details" puts a report a merchant
 * can paste into a support e-mail on the clipboard. Everything here goes through the redaction.
 */
export interface StartupFailureReport {
  title: string;
  message: string;
  /** The dialog's detail text and the copied report. */
  details: string;
}

export function startupFailureReport(
  error: unknown,
  facts: { version: string; platform: string; arch: string; logFolder: string; logFile: string },
): StartupFailureReport {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const where = error instanceof Error && error.stack ? error.stack.split('\n').slice(1, 6).join('\n') : '';
  return {
    title: 'Merchant Desk could not start',
    message: `Merchant Desk could not start: ${redactSecrets(what)}`,
    details: redactSecrets(
      [
        `Merchant Desk ${facts.version} on ${facts.platform} ${facts.arch}`,
        `Error: ${what}`,
        ...(where ? [where] : []),
        `Log: ${facts.logFile}`,
        `Log folder: ${facts.logFolder}`,
      ].join('\n'),
    ),
  };
}

/** The Electron calls the dialog needs (dialog.showMessageBoxSync, clipboard.writeText, shell.openPath). */
export interface StartupFailurePorts {
  showMessageBox(options: {
    type: 'error';
    title: string;
    message: string;
    detail: string;
    buttons: string[];
    defaultId: number;
    cancelId: number;
    noLink: boolean;
  }): number;
  copyText(text: string): void;
  openFolder(folder: string): void;
}

export const STARTUP_FAILURE_BUTTONS = ['Quit', 'Copy details', 'Open log folder'] as const;

/**
 * Shows the dialog until the merchant quits: "Copy details" and "Open log folder" act and show it again (a copy
 * must not close the only window that explains the failure). Returns what was done, in order.
 */
export function presentStartupFailure(
  report: StartupFailureReport,
  logFolder: string,
  ports: StartupFailurePorts,
): ('copied' | 'opened' | 'quit')[] {
  const done: ('copied' | 'opened' | 'quit')[] = [];
  for (let shown = 0; shown < 10; shown++) {
    const choice = ports.showMessageBox({
      type: 'error',
      title: report.title,
      message: report.message,
      detail: `${report.details}\n\nChoose "Copy details" to copy this report for support.`,
      buttons: [...STARTUP_FAILURE_BUTTONS],
      defaultId: 1,
      cancelId: 0,
      noLink: true,
    });
    if (choice === 1) {
      ports.copyText(report.details);
      done.push('copied');
    } else if (choice === 2) {
      ports.openFolder(logFolder);
      done.push('opened');
    } else break;
  }
  done.push('quit');
  return done;
}
