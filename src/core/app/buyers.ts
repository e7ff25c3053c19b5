import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ssoLink } from '../api/buyerSyncApi';
import { validateInput } from '../api/clientDeps';
import { profileFileName } from '../cache/openCache';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tightenFile } from '../paths/privateFiles';
import { err, ok, type Result } from '../result';
import { buyerSyncRequestSchema, itemIdSchema, type BuyerSyncRequest } from '../../shared/domain/requests';
import type { AppError } from '../../shared/errors/appError';
import type { Session } from './session';
import { appErrorFromApi } from './sessionErrors';

/**
 * Buyer use cases: buyer sync (the authorization code goes to the caller, which puts it in a link), a fresh SSO
 * link, and the buyers the merchant saved to sign in again later. A saved buyer is who they are (user number,
 * e-mail, names) — never a code: a code is single-use and short-lived, so a fresh one is made for every link.
 */

export interface SyncedBuyer {
  userId: string;
  /** Single use, short-lived; for the caller to put in a link at once. Never stored. */
  authorizationCode: string;
}

export async function syncBuyer(session: Session, buyer: unknown): Promise<Result<SyncedBuyer, AppError>> {
  const r = await session.buyerSyncApi().syncBuyer(buyer);
  return r.ok
    ? ok({ userId: r.value.userId, authorizationCode: r.value.authorizationCode })
    : err(appErrorFromApi(r.error));
}

/** A fresh single-use SSO link to an item page; the item ID is checked before a code is spent on it. */
export async function createLoginLink(
  session: Session,
  buyer: unknown,
  itemId: unknown,
): Promise<Result<{ url: string; userId: string }, AppError>> {
  const item = validateInput(itemIdSchema, itemId);
  if (!item.ok) return err(appErrorFromApi(item.error));
  const r = await session.buyerSyncApi().createSsoLink(buyer, item.value);
  return r.ok ? r : err(appErrorFromApi(r.error));
}

/** The link `buyers sync` shows: the code in place, the item left for the merchant to fill in. */
export function linkWithCode(session: Session, itemPlaceholder: string, authorizationCode: string): string {
  return ssoLink(session.config.platformUrl, itemPlaceholder, authorizationCode);
}

// ---------------------------------------------------------------------------------------------------------------
// Saved buyers: <dataDir>/buyers/<profile>.json, owner-only.

export const savedBuyerSchema = buyerSyncRequestSchema;
export type SavedBuyer = BuyerSyncRequest;

const savedFileSchema = z.object({ version: z.literal(1), buyers: z.array(savedBuyerSchema) }).strict();

export function savedBuyersFile(dataDir: string, profileId: string): string {
  return path.join(dataDir, 'buyers', `${profileFileName(profileId)}.json`);
}

function ioError(file: string, e: unknown, verb: string): AppError {
  return {
    kind: 'io',
    message: `Cannot ${verb} the saved buyers (${file}): ${(e as NodeJS.ErrnoException).code ?? String(e)}.`,
    action: 'Check the data directory’s permissions and free space.',
  };
}

export function listSavedBuyers(session: Session): Result<SavedBuyer[], AppError> {
  const file = savedBuyersFile(session.parts.dataDir, session.profileId);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return ok([]);
    return err(ioError(file, e, 'read'));
  }
  let parsed;
  try {
    parsed = savedFileSchema.safeParse(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success)
    return err({
      kind: 'settings',
      code: 'saved-buyers-damaged',
      message: `The saved buyers file ${file} is damaged.`,
      action: 'Move it aside (or delete it) and save the buyers again.',
    });
  return ok(parsed.data.buyers);
}

function writeSaved(session: Session, buyers: SavedBuyer[]): Result<void, AppError> {
  const file = savedBuyersFile(session.parts.dataDir, session.profileId);
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    ensurePrivateDir(path.dirname(file));
    writeFileSync(partial, JSON.stringify({ version: 1, buyers }, null, 2), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    tightenFile(partial);
    renameSync(partial, file);
    return ok(undefined);
  } catch (e) {
    rmSync(partial, { force: true });
    return err(ioError(file, e, 'write'));
  }
}

/** Saves (or replaces, by user number) a buyer: who they are, nothing else (an input with a code is refused). */
export function saveBuyer(session: Session, input: unknown): Result<SavedBuyer[], AppError> {
  const buyer = validateInput(savedBuyerSchema, input);
  if (!buyer.ok) return err(appErrorFromApi(buyer.error));
  const current = listSavedBuyers(session);
  if (!current.ok) return current;
  const next = [...current.value.filter((b) => b.merchantUserNo !== buyer.value.merchantUserNo), buyer.value];
  const written = writeSaved(session, next);
  return written.ok ? ok(next) : written;
}

export function removeSavedBuyer(session: Session, merchantUserNo: string): Result<SavedBuyer[], AppError> {
  const current = listSavedBuyers(session);
  if (!current.ok) return current;
  const next = current.value.filter((b) => b.merchantUserNo !== merchantUserNo);
  if (next.length === current.value.length)
    return err({ kind: 'not-found', message: `No saved buyer with user number ${merchantUserNo}.` });
  const written = writeSaved(session, next);
  return written.ok ? ok(next) : written;
}

/** A fresh login link for a saved buyer (looked up by user number). */
export async function loginLinkForSaved(
  session: Session,
  merchantUserNo: string,
  itemId: unknown,
): Promise<Result<{ url: string; userId: string }, AppError>> {
  const saved = listSavedBuyers(session);
  if (!saved.ok) return saved;
  const buyer = saved.value.find((b) => b.merchantUserNo === merchantUserNo);
  if (!buyer) return err({ kind: 'not-found', message: `No saved buyer with user number ${merchantUserNo}.` });
  return createLoginLink(session, buyer, itemId);
}
