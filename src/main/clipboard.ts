import type { ClipboardPort } from '../appHost/handlers/loginLinks';

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

export interface SecretClipboard extends ClipboardPort {
  /**
   * Runs the pending clear now (the app is quitting: its timer would not outlive it, and the link would stay on the
   * clipboard for good). Synchronous with Electron's clipboard, so it is done before the process ends. A link
   * copied with no delay (the merchant's "until replaced") is left, as is whatever was copied since.
   */
  clearPendingNow(): void;
}

/** The part of Electron's `app` the quit path listens on. */
export interface QuitEvents {
  on(event: 'will-quit', listener: () => void): unknown;
}

/** Quitting the app clears a login link still waiting for its clear. */
export function clearSecretOnQuit(app: QuitEvents, clipboard: Pick<SecretClipboard, 'clearPendingNow'>): void {
  app.on('will-quit', () => clipboard.clearPendingNow());
}

/**
 * Writes a secret (a login link) to the system clipboard and clears it after the merchant's delay — only if the
 * clipboard still holds that secret: whatever the merchant copied since is left alone. A newer secret replaces
 * the pending clear.
 */
export function secretClipboard(
  clipboard: ClipboardLike,
  timers: ClipboardTimers = realTimers,
  warn: (message: string) => void = console.warn,
): SecretClipboard {
  /** The clear waiting for its delay: its timer, and the link it clears. */
  let pending: { handle: unknown; text: string } | undefined;
  // The text is never in the message: it is a live link.
  const failed = (what: string) => () => warn(`[clipboard] ${what} failed`);
  const clearIfStill = (text: string) => {
    try {
      const now = clipboard.readText();
      // Electron's clipboard answers at once: cleared before returning (the quit path relies on it).
      if (typeof now === 'string') {
        if (now === text) Promise.resolve(clipboard.writeText('')).catch(failed('clearing a login link'));
        return;
      }
      now
        .then((current) => (current === text ? clipboard.writeText('') : undefined))
        .catch(failed('clearing a login link'));
    } catch {
      failed('clearing a login link')();
    }
  };
  return {
    writeSecret(text, clearAfterMs) {
      if (pending !== undefined) timers.clearTimeout(pending.handle);
      pending = undefined;
      Promise.resolve(clipboard.writeText(text)).catch(failed('writing a login link'));
      if (clearAfterMs === null) return;
      const handle = timers.setTimeout(() => {
        pending = undefined;
        clearIfStill(text);
      }, clearAfterMs);
      pending = { handle, text };
    },
    clearPendingNow() {
      if (pending === undefined) return;
      const { handle, text } = pending;
      timers.clearTimeout(handle);
      pending = undefined;
      clearIfStill(text);
    },
  };
}
