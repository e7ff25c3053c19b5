/**
 * The write transactions of a sync running in another process, seen from outside (issue 26: a write transaction
 * longer than the sync writer's 5 s busy timeout makes every other writer of the file fail). Every 5 ms it reads
 * `PRAGMA data_version`, which changes when another connection commits; the time between two commits bounds the
 * transaction that ended with the second one from above (it also holds whatever the writer did between its
 * transactions). After each commit it reads where the sync stands — the highest order row, the deferred indexes left
 * to build, the repeat-buyer walk's position (insightBuyerWalk.ts) — so the end of a first full sync is taken apart
 * commit by commit: loading ends with the last new order row; the full-text batch, the repacks and each deferred
 * index follow, then the walk's steps. Reading takes no lock: the sync is not slowed.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';

export interface Commit {
  /** ms since the watch started. */
  atMs: number;
  /** ms since the commit before (or since the watch found the file). */
  gapMs: number;
  maxRid: number;
  /** Deferred indexes left after this commit (undefined: none recorded). */
  indexesLeft: number | undefined;
  /** The repeat-buyer walk's state after it (undefined: none). */
  walk: string | undefined;
}

export interface CommitReport {
  commits: number;
  /** When the last new order row was seen (ms since the start). */
  loadedAtMs: number;
  longestLoading: Commit | undefined;
  longestAfter: Commit | undefined;
  /** Every commit from the one that wrote the last order row on. */
  end: Commit[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function watchCommits(file: string, intervalMs = 5): { stop(): Promise<CommitReport> } {
  const commits: Commit[] = [];
  let stopping = false;
  const start = performance.now();
  const running = (async () => {
    let db: Database.Database | undefined;
    let version = 0;
    let last = 0;
    try {
      while (!stopping) {
        await sleep(intervalMs);
        if (!db) {
          db = openWhenReady(file);
          if (db) version = db.pragma('data_version', { simple: true }) as number;
          last = performance.now();
          continue;
        }
        const v = db.pragma('data_version', { simple: true }) as number;
        if (v === version) continue;
        version = v;
        const now = performance.now();
        commits.push({ atMs: now - start, gapMs: now - last, ...state(db) });
        last = now;
      }
    } finally {
      db?.close();
    }
  })();
  return {
    async stop() {
      stopping = true;
      await running;
      return report(commits);
    },
  };
}

/** The file once the syncing process has created its tables in WAL mode (before that: undefined, try later). */
function openWhenReady(file: string): Database.Database | undefined {
  if (!existsSync(file)) return undefined;
  const db = new Database(file, { timeout: 60_000 });
  try {
    const ready = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'meta'").get() !== undefined;
    if (ready && db.pragma('journal_mode', { simple: true }) === 'wal') return db;
  } catch {
    // being created
  }
  db.close();
  return undefined;
}

function state(db: Database.Database): Pick<Commit, 'maxRid' | 'indexesLeft' | 'walk'> {
  return db
    .transaction(() => {
      const maxRid = (db.prepare('SELECT max(rid) FROM orders').pluck().get() as number | null) ?? 0;
      const meta = (key: string) =>
        db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
      const deferred = meta('deferred_indexes');
      return {
        maxRid,
        indexesLeft: deferred === undefined ? undefined : (JSON.parse(deferred) as unknown[]).length,
        walk: meta('insight_buyer_walk'),
      };
    })
    .deferred();
}

function report(commits: Commit[]): CommitReport {
  const lastRid = commits.at(-1)?.maxRid ?? 0;
  const loadedIndex = commits.findIndex((c) => c.maxRid === lastRid);
  const loading = commits.slice(0, loadedIndex);
  const end = commits.slice(loadedIndex);
  const longest = (list: Commit[]) =>
    list.reduce<Commit | undefined>((a, c) => (!a || c.gapMs > a.gapMs ? c : a), undefined);
  return {
    commits: commits.length,
    loadedAtMs: commits[loadedIndex]?.atMs ?? 0,
    longestLoading: longest(loading),
    longestAfter: longest(end.slice(1)),
    end,
  };
}

/** What a commit after loading finished: read from the state it left. */
export function commitLabel(c: Commit, before: Commit | undefined): string {
  if (!before) return 'the last order rows';
  if (c.indexesLeft !== undefined && before.indexesLeft !== undefined && c.indexesLeft < before.indexesLeft)
    return `a deferred index built (${c.indexesLeft} left)`;
  if (c.indexesLeft === undefined && before.indexesLeft !== undefined)
    return 'the last deferred index built' + (c.walk ? ', repeat-buyer walk recorded' : '');
  if (c.walk !== undefined && c.walk !== before.walk) return `repeat-buyer walk step`;
  if (c.walk === undefined && before.walk !== undefined) return 'repeat-buyer walk finished';
  // A full-text batch, a repack (before the indexes), the sync's own bookkeeping on its other connection.
  return c.indexesLeft !== undefined ? 'other (full-text batch, repack, bookkeeping)' : 'other (bookkeeping)';
}
