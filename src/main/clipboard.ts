import type { ClipboardPort } from './ipc/handlers/buyers';

/** The part of Electron's `clipboard` a secret is written through (structural: tests pass a fake). */
export interface ClipboardLike {
  writeText(text: string): Promise<void> | void;
  readText(): Promise<string> | string;
}

export interface ClipboardTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: ClipboardTimers = {
  setTimeout: (run, ms) => {
    const handle = setTimeout(run, ms);
    // A pending clear must not keep the app running after its windows are gone.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Writes a secret (a login link) to the system clipboard and clears it after the merchant's delay — only if the
 * clipboard still holds that secret: whatever the merchant copied since is left alone. A newer secret replaces
 * the pending clear.
 */
export function secretClipboard(
  clipboard: ClipboardLike,
  timers: ClipboardTimers = realTimers,
  warn: (message: string) => void = console.warn,
): ClipboardPort {
  let pending: unknown;
  // The text is never in the message: it is a live link.
  const failed = (what: string) => () => warn(`[clipboard] ${what} failed`);
  return {
    writeSecret(text, clearAfterMs) {
      if (pending !== undefined) timers.clearTimeout(pending);
      pending = undefined;
      Promise.resolve(clipboard.writeText(text)).catch(failed('writing a login link'));
      if (clearAfterMs === null) return;
      pending = timers.setTimeout(() => {
        pending = undefined;
        Promise.resolve(clipboard.readText())
          .then((now) => (now === text ? clipboard.writeText('') : undefined))
          .catch(failed('clearing a login link'));
      }, clearAfterMs);
    },
  };
}
