import path from 'node:path';
import Database from 'better-sqlite3';
import { profileFileName } from '../cache/openCache';
import { ensurePrivateDir, ensurePrivateFile, tightenFile } from '../paths/privateFiles';

/**
 * The durable after-sales decision journal: one SQLite file per profile beside its order cache, owner-only. A
 * decision is written (and fsynced: synchronous=FULL) BEFORE its request leaves, and settled only by a definite
 * answer or by a check that proves the outcome through the list's after-sales filter. A row left `pending` by a
 * crash or a lost answer is an outcome nobody knows yet: no new decision on that order is sent until it is checked
 * (the partial unique index makes that hold across processes, CLI and app alike).
 */

/** pending: sent (or about to be), outcome unknown · applied: the platform took it (answer or check) · refused: the
 * platform answered no · not-sent: it never left (refused connection) or a check showed it was not applied. */
export type JournalState = 'pending' | 'applied' | 'refused' | 'not-sent';

export interface JournalEntry {
  attemptId: string;
  orderId: string;
  approved: boolean;
  reason: string | null;
  imageUrls: string[];
  /** When the row was written, just before the request left (epoch ms). */
  sentAtMs: number;
  /** Who decided: the surface and user ("app (alice)", "cli (alice)"). */
  actor: string;
  state: JournalState;
  settledAtMs: number | null;
  /** How it was settled, in words ("the platform answered success", "the after-sales filter no longer lists it"). */
  settledBy: string | null;
}

export type NewEntry = Pick<JournalEntry, 'attemptId' | 'orderId' | 'approved' | 'reason' | 'imageUrls' | 'actor'> & {
  sentAtMs: number;
};

/** Why a decision may not be written: one is already unsettled for the order. */
export interface UnsettledConflict {
  kind: 'unsettled';
  entry: JournalEntry;
}

/** The journal's operations (a port: tests wrap the SQLite one to fail the disk at a chosen step). */
export interface DecisionJournal {
  /** Writes a pending row, durably, unless one is unsettled for the order (then that one is returned). */
  begin(entry: NewEntry): { ok: true } | { ok: false; error: UnsettledConflict };
  /** Settles a pending row; false when it was not pending (already settled elsewhere). */
  settle(attemptId: string, state: Exclude<JournalState, 'pending'>, by: string, atMs: number): boolean;
  /** The unsettled row of an order, if any. */
  unsettled(orderId: string): JournalEntry | undefined;
  /** An order's rows, newest first. */
  forOrder(orderId: string): JournalEntry[];
  /** The newest rows first (at most `limit`). */
  recent(limit: number): JournalEntry[];
  /** Every unsettled row, oldest first. */
  allUnsettled(): JournalEntry[];
  close(): void;
}

/** `<dataDir>/cache/<profile>.decisions.sqlite`, beside the profile's order cache. */
export function journalFilePath(dataDir: string, profileId: string): string {
  return path.join(dataDir, 'cache', `${profileFileName(profileId)}.decisions.sqlite`);
}

/** The journal beside an order cache file (`x.sqlite` → `x.decisions.sqlite`). */
export function journalFileBeside(cacheFile: string): string {
  return `${cacheFile.replace(/\.sqlite$/, '')}.decisions.sqlite`;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS decisions (
  attempt_id  TEXT PRIMARY KEY,
  order_id    TEXT NOT NULL,
  approved    INTEGER NOT NULL,
  reason      TEXT,
  image_urls  TEXT NOT NULL DEFAULT '[]',
  sent_ms     INTEGER NOT NULL,
  actor       TEXT NOT NULL,
  state       TEXT NOT NULL CHECK (state IN ('pending', 'applied', 'refused', 'not-sent')),
  settled_ms  INTEGER,
  settled_by  TEXT
);
-- At most one unsettled decision per order, whichever process writes it.
CREATE UNIQUE INDEX IF NOT EXISTS one_unsettled_per_order ON decisions (order_id) WHERE state = 'pending';
CREATE INDEX IF NOT EXISTS decisions_by_order ON decisions (order_id, sent_ms);
CREATE INDEX IF NOT EXISTS decisions_by_time ON decisions (sent_ms);
`;

interface Row {
  attempt_id: string;
  order_id: string;
  approved: 0 | 1;
  reason: string | null;
  image_urls: string;
  sent_ms: number;
  actor: string;
  state: JournalState;
  settled_ms: number | null;
  settled_by: string | null;
}

const entryOf = (r: Row): JournalEntry => ({
  attemptId: r.attempt_id,
  orderId: r.order_id,
  approved: r.approved === 1,
  reason: r.reason,
  imageUrls: JSON.parse(r.image_urls) as string[],
  sentAtMs: r.sent_ms,
  actor: r.actor,
  state: r.state,
  settledAtMs: r.settled_ms,
  settledBy: r.settled_by,
});

/** Opens (creating if needed) a profile's journal. Throws on an unusable file (the caller words it). */
export function openDecisionJournal(file: string): DecisionJournal {
  ensurePrivateDir(path.dirname(file));
  ensurePrivateFile(file);
  const db = new Database(file, { timeout: 5_000 });
  try {
    db.pragma('journal_mode = WAL');
    // FULL: each commit is fsynced before it returns, so a written row survives a crash or a power cut.
    db.pragma('synchronous = FULL');
    for (const companion of [`${file}-wal`, `${file}-shm`]) tightenFile(companion);
    db.exec(SCHEMA);
  } catch (e) {
    db.close();
    throw e;
  }
  const insert = db.prepare(
    `INSERT INTO decisions (attempt_id, order_id, approved, reason, image_urls, sent_ms, actor, state)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'pending')`,
  );
  const unsettled = db.prepare(`SELECT * FROM decisions WHERE order_id = ? AND state = 'pending'`);
  const settle = db.prepare(
    `UPDATE decisions SET state = ?, settled_ms = ?, settled_by = ? WHERE attempt_id = ? AND state = 'pending'`,
  );
  const forOrder = db.prepare(`SELECT * FROM decisions WHERE order_id = ? ORDER BY sent_ms DESC, rowid DESC`);
  const recent = db.prepare(`SELECT * FROM decisions ORDER BY sent_ms DESC, rowid DESC LIMIT ?`);
  const allUnsettled = db.prepare(`SELECT * FROM decisions WHERE state = 'pending' ORDER BY sent_ms`);
  // IMMEDIATE: the check and the insert hold the write lock together, so two processes cannot both pass the check.
  const begin = db.transaction((e: NewEntry) => {
    const open = unsettled.get(e.orderId) as Row | undefined;
    if (open) return { ok: false as const, error: { kind: 'unsettled' as const, entry: entryOf(open) } };
    insert.run(e.attemptId, e.orderId, e.approved ? 1 : 0, e.reason, JSON.stringify(e.imageUrls), e.sentAtMs, e.actor);
    return { ok: true as const };
  });
  return {
    begin: (e) => begin.immediate(e),
    settle: (attemptId, state, by, atMs) => settle.run(state, atMs, by, attemptId).changes === 1,
    unsettled: (orderId) => {
      const r = unsettled.get(orderId) as Row | undefined;
      return r ? entryOf(r) : undefined;
    },
    forOrder: (orderId) => (forOrder.all(orderId) as Row[]).map(entryOf),
    recent: (limit) => (recent.all(limit) as Row[]).map(entryOf),
    allUnsettled: () => (allUnsettled.all() as Row[]).map(entryOf),
    close: () => db.close(),
  };
}
