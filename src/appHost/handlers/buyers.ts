import {
  listSavedBuyers,
  loginLinkForSaved,
  removeSavedBuyer,
  saveBuyer,
  syncBuyer,
  type SavedBuyer,
  type SyncedBuyer,
} from '../../core/app/buyers';
import type { Session } from '../../core/app/session';
import { ok, type Result } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { okResult, type IpcResult } from '../../shared/ipc/result';
import { answer, ipcErrorOf, withOpenSession } from './useCaseResult';

/** Whether a copied secret will be cleared; when it will not although a delay was asked, why (for the merchant). */
export type ClipboardWrite = { clearing: boolean; notClearedReason?: string };

/**
 * Writes text to the system clipboard and clears it after `clearAfterMs` if it still holds that text (null: never).
 * Electron's clipboard answers nothing (it always can); a host that spawns the OS's tools answers a Result.
 */
export interface ClipboardPort {
  writeSecret(text: string, clearAfterMs: number | null): void | Promise<Result<ClipboardWrite, AppError>>;
}

export interface BuyersApp {
  session(): Result<Session, AppError>;
  clipboard: ClipboardPort;
  /** Opens a URL in the system browser; a failed Result: not opened, and why (Electron main's allow-list). */
  openExternal(url: string): Promise<void | Result<void, AppError>>;
  /** How long a copied link stays on the clipboard (the merchant's setting); null: until replaced. */
  clipboardClearMs(): number | null;
  now?(): number;
}

/** The use cases' values as the channels' data (shared with the host-routed handlers). */
export const buyersData = {
  /** The user ID only: the authorization code stays on this side. */
  synced: ({ userId }: SyncedBuyer) => ({ userId }),
  saved: (buyers: SavedBuyer[]) => ({ buyers }),
};

/** The shell's side of a login link: where it goes instead of the answer. */
export type LinkShell = Pick<BuyersApp, 'clipboard' | 'openExternal' | 'clipboardClearMs' | 'now'>;

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

type BuyerChannels =
  | 'buyers:sync'
  | 'buyers:listSaved'
  | 'buyers:save'
  | 'buyers:remove'
  | 'buyers:copyLoginLink'
  | 'buyers:openLoginLink';

/**
 * The buyers channels. The authorization code and the links made from it stay here: `buyers:sync` answers the
 * user ID only, and a login link goes to the clipboard or the system browser, never into the answer.
 */
export function buyersHandlers(app: BuyersApp): Pick<IpcImplementations, BuyerChannels> {
  const session = () => app.session();
  return {
    'buyers:sync': (request) =>
      withOpenSession(session, async (s) => answer(await syncBuyer(s, request), buyersData.synced)),
    'buyers:listSaved': () => withOpenSession(session, (s) => answer(listSavedBuyers(s), buyersData.saved)),
    'buyers:save': (request) => withOpenSession(session, (s) => answer(saveBuyer(s, request), buyersData.saved)),
    'buyers:remove': ({ merchantUserNo }) =>
      withOpenSession(session, (s) => answer(removeSavedBuyer(s, merchantUserNo), buyersData.saved)),
    'buyers:copyLoginLink': ({ merchantUserNo, itemId }) =>
      withOpenSession(session, async (s) => {
        const link = await loginLinkForSaved(s, merchantUserNo, itemId);
        return link.ok ? copyLink(app, link.value.url) : { ok: false, error: ipcErrorOf(link.error) };
      }),
    'buyers:openLoginLink': ({ merchantUserNo, itemId }) =>
      withOpenSession(session, async (s) => {
        const link = await loginLinkForSaved(s, merchantUserNo, itemId);
        return link.ok ? openLink(app, link.value.url) : { ok: false, error: ipcErrorOf(link.error) };
      }),
  };
}
