import type { AppError } from './appError';

/**
 * How a login link that could not be copied or opened is said: why (the page's title says what: "The login link was
 * not copied / opened") and what the merchant can do, in words — the tool's own output ("xclip exited with 1: Error: Can't open display: (null)") goes to the host's
 * log, not to the page. The link itself is never in these texts (it holds a live authorization code).
 */

/** Tool output that means there is no desktop session to reach (no X display, no Wayland compositor). */
const NO_DISPLAY = /can't open display|cannot open display|no display|wayland.*(connect|compositor)|failed to connect/i;

/** Whether a tool's failure says it had no desktop session to talk to. */
export const saysNoDisplay = (detail: string): boolean => NO_DISPLAY.test(detail);

/** The clipboard tool ran and failed: the link made for it was not copied (and is unused: it expires on its own). */
export function clipboardWriteFailed(detail: string): AppError {
  return saysNoDisplay(detail)
    ? {
        kind: 'io',
        code: 'clipboard-no-display',
        message: 'Merchant Desk cannot reach your desktop’s clipboard from where it runs (no display).',
        action:
          'Use “Open in browser” instead, or start merchant-desk ui from a terminal of your desktop session so it can reach the clipboard.',
      }
    : {
        kind: 'io',
        code: 'clipboard-failed',
        message: 'The system’s clipboard tool refused the link.',
        action: 'Use “Open in browser” instead, or try again. The details are in the host’s log.',
      };
}

/** Copied, but no reader to check the clipboard later: the link is not cleared on its own. */
export function clipboardNotCleared(detail: string): string {
  return saysNoDisplay(detail)
    ? 'It stays on the clipboard until you copy something else: the clipboard cannot be read back to clear it safely.'
    : 'It stays on the clipboard until you copy something else: the clipboard could not be read back to clear it safely.';
}

/** The system browser could not be started (or its opener failed): nothing was opened, the link is unused. */
export function browserNotOpened(detail: string): AppError {
  return {
    kind: 'io',
    code: saysNoDisplay(detail) ? 'browser-no-display' : 'browser-failed',
    message: saysNoDisplay(detail)
      ? 'Merchant Desk cannot start your browser from where it runs (no display).'
      : 'Your system’s browser could not be started.',
    action: 'Use “Copy login link” and paste it into your browser, or set a default browser and try again.',
  };
}
