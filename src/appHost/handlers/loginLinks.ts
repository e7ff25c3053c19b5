import { ok, type Result } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import { ipcErrorOf } from '../../shared/ipc/appErrorResult';
import { okResult, type IpcResult } from '../../shared/ipc/result';

/**
 * Where a buyer's login link goes instead of an answer: the system clipboard (cleared after the merchant's delay) or
 * the system browser. The link holds a live authorization code: it never reaches a window, a log or an argv.
 */

/** Whether a copied secret will be cleared; when it will not although a delay was asked, why (for the merchant). */
export type ClipboardWrite = { clearing: boolean; notClearedReason?: string };

/**
 * Writes text to the system clipboard and clears it after `clearAfterMs` if it still holds that text (null: never).
 * Electron's clipboard answers nothing (it always can); a host that spawns the OS's tools answers a Result.
 */
export interface ClipboardPort {
  writeSecret(text: string, clearAfterMs: number | null): void | Promise<Result<ClipboardWrite, AppError>>;
}

/** The shell's side of a login link: where it goes instead of the answer. */
export interface LinkShell {
  clipboard: ClipboardPort;
  /** Opens a URL in the system browser; a failed Result: not opened, and why (Electron main's allow-list). */
  openExternal(url: string): Promise<void | Result<void, AppError>>;
  /** How long a copied link stays on the clipboard (the merchant's setting); null: until replaced. */
  clipboardClearMs(): number | null;
  now?(): number;
}

/** Writes a fresh link to the clipboard; the answer says when it is cleared, never what it was. */
export async function copyLink(
  app: LinkShell,
  url: string,
): Promise<IpcResult<{ copied: true; clearsAt: string | null; notClearedReason?: string }>> {
  const clearMs = app.clipboardClearMs();
  // A port may answer how the write went (the browser host's OS tools); nothing means copied, and cleared later.
  const written = (await app.clipboard.writeSecret(url, clearMs)) ?? ok<ClipboardWrite>({ clearing: true });
  if (!written.ok) return { ok: false, error: ipcErrorOf(written.error) };
  const { clearing, notClearedReason } = written.value;
  const now = app.now ? app.now() : Date.now();
  return okResult({
    copied: true as const,
    clearsAt: clearMs === null || !clearing ? null : new Date(now + clearMs).toISOString(),
    ...(notClearedReason ? { notClearedReason } : {}),
  });
}

/** Opens a fresh link in the system browser. */
export async function openLink(app: LinkShell, url: string): Promise<IpcResult<{ opened: true }>> {
  let opened: void | Result<void, AppError>;
  try {
    // In the app this port is main's guarded opener (src/main/externalLinks.ts): the platform's origin only.
    opened = await app.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK
  } catch {
    // The link is not repeated in the error: it holds a live authorization code.
    return {
      ok: false,
      error: ipcErrorOf({
        kind: 'unexpected',
        message: 'The system browser could not be opened.',
        action: 'Copy the link instead.',
      }),
    };
  }
  if (opened && !opened.ok) return { ok: false, error: ipcErrorOf(opened.error) };
  return okResult({ opened: true as const });
}
