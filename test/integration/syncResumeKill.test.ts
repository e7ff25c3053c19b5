import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheOrdersDigest, wireOrdersDigest } from '../../bench/scaleDigest';
import { DEFERRED_INDEXES_KEY, DEFERRED_LOADING_KEY } from '../../src/core/cache/deferredIndexes';
import { openOrderCache } from '../../src/core/cache/openCache';
import { RUN_AHEAD_PAGES } from '../../src/core/sync/windowSync';
import { WRITER_THREAD_FILE } from '../../src/core/sync/writerThread';
import { PAGE_INDEX_MAX } from '../../src/shared/domain/requests';
import { wireOrder } from '../../src/sandbox/wireOrder';
import { bundleChild, repoRoot } from '../helpers/bundleChild';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

/**
 * Issue 26: a kill -9 at any point resumes without re-reading more than one window, and a resumed first sync keeps
 * loading without the secondary indexes. A real sandbox over HTTP on loopback; the sync in a child process (the
 * bundled syncChildMain with the writer thread beside it, as the CLI ships) SIGKILLed mid-window; the resume in a
 * second child. Each child prints every answer's IDs synchronously, with the secondary indexes its connection saw.
 */
const PAGE_SIZE = 10; // a window: 100 pages of 10 orders
const WINDOW_PAGES = PAGE_INDEX_MAX;
const ORDERS = 4_000;
let childScript: string;
let outDir: string;
let p: TestPlatform;
let file: string;

beforeAll(async () => {
  outDir = path.join(repoRoot, 'node_modules', '.tmp', `sync-resume-child-${process.pid}`);
  const writer = await bundleChild('src/core/sync/pageWriterThread.ts', `${outDir}-writer`);
  childScript = await bundleChild('src/core/sync/testing/syncChildMain.ts', outDir);
  copyFileSync(writer, path.join(outDir, WRITER_THREAD_FILE));
  p = await startTestPlatform({ orders: ORDERS, seed: 26, faults: { latencyMs: 3 } });
  file = path.join(mkdtempSync(path.join(tmpdir(), 'md-resume-')), 'cache', 'default.sqlite');
}, 60_000);
afterAll(async () => {
  await p?.stop();
  if (outDir) for (const dir of [outDir, `${outDir}-writer`]) rmSync(dir, { recursive: true, force: true });
  if (file) rmSync(path.dirname(path.dirname(file)), { recursive: true, force: true });
});

interface Answer {
  kind: 'w' | 'c';
  /** Secondary indexes of `orders` the child's connection saw when the answer came. */
  indexes: number;
  ids: string[];
}

/** Runs the child until it exits, or SIGKILLs it once `killAfter` window answers have come. */
function runChild(killAfter?: number): Promise<{ answers: Answer[]; killed: boolean; last: string | undefined }> {
  const settings = {
    baseUrl: p.sandbox.baseUrl,
    merchantId: p.sandbox.merchantId,
    token: p.sandbox.token,
    file,
    parallelism: 3,
    pageSize: PAGE_SIZE,
    printAnswers: true,
  };
  const child = spawn(process.execPath, [childScript, JSON.stringify(settings)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const answers: Answer[] = [];
  let last: string | undefined;
  let killed = false;
  let buffer = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const text = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (killed) continue;
      const m = /^([wc]) (\d+) ?(.*)$/.exec(text);
      if (!m) {
        last = text;
        continue;
      }
      answers.push({ kind: m[1] as 'w' | 'c', indexes: Number(m[2]), ids: m[3] ? m[3].split(',') : [] });
      if (killAfter !== undefined && answers.length >= killAfter) {
        killed = true;
        child.kill('SIGKILL');
      }
    }
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code, signal) => {
      if (killed && signal === 'SIGKILL') resolve({ answers, killed, last });
      else if (code === 0) resolve({ answers, killed, last });
      else reject(new Error(`the sync child exited ${code ?? signal}: ${stderr}`));
    }),
  );
}

const SECONDARY_INDEXES =
  "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL";

/** The file as a kill left it, read with a plain connection (nothing built or migrated). */
function inspect() {
  const db = new Database(file, { readonly: true });
  try {
    const meta = (key: string) => db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key);
    return {
      ids: new Set(db.prepare('SELECT id FROM orders').pluck().all() as string[]),
      indexes: db.prepare(SECONDARY_INDEXES).pluck().get() as number,
      deferred: meta(DEFERRED_INDEXES_KEY) !== undefined,
      loading: meta(DEFERRED_LOADING_KEY) !== undefined,
      pagesRecorded: db.prepare('SELECT count(*) FROM sync_page').pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

describe('a kill -9 mid-window, and the resume', () => {
  it('re-reads only what was not stored yet (at most half a window), writes without the secondary indexes until its end, and ends with exactly the platform’s orders', async () => {
    // Mid-window: the root window's 100 pages, its split's probe, then 60 pages into the next window.
    const first = await runChild(WINDOW_PAGES + 1 + 60);
    expect(first.killed).toBe(true);
    const seen = new Set(first.answers.flatMap((a) => a.ids));
    const afterKill = inspect();
    expect(afterKill.ids.size).toBeGreaterThan(WINDOW_PAGES * PAGE_SIZE);
    expect(afterKill).toMatchObject({ indexes: 0, deferred: true, loading: true });
    expect(afterKill.pagesRecorded).toBeGreaterThan(0);

    // Opening the file (the app, a CLI command) leaves the indexes to the resumed sync's end.
    const opened = openOrderCache({ file });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    try {
      expect(opened.value.db.prepare(SECONDARY_INDEXES).pluck().get()).toBe(0);
    } finally {
      opened.value.close();
    }

    const second = await runChild();
    expect(second.killed).toBe(false);
    expect(JSON.parse(second.last ?? '{}')).toMatchObject({ ok: true, value: { mode: 'full', resumed: true } });
    const windowAnswers = second.answers.filter((a) => a.kind === 'w');
    // No page of the windows was written through the secondary indexes.
    expect(windowAnswers.map((a) => a.indexes).filter((n) => n > 0)).toEqual([]);
    const resumedIds = new Set(windowAnswers.flatMap((a) => a.ids));
    // Orders stored before the kill and asked for again: the page whose checkpoint row the kill beat, a split's
    // one probe, the orders sharing a split's instant (each at most a page).
    const reReadStored = [...resumedIds].filter((id) => afterKill.ids.has(id)).length;
    expect(reReadStored).toBeLessThanOrEqual(3 * PAGE_SIZE);
    // Orders the killed run had received at all: also what it had not stored yet (the pages behind the writer).
    const reRead = [...resumedIds].filter((id) => seen.has(id)).length;
    expect(reRead).toBeLessThanOrEqual((RUN_AHEAD_PAGES + 1) * PAGE_SIZE);
    expect(reRead).toBeLessThan(WINDOW_PAGES * PAGE_SIZE);
    // Requests: the pages of the orders not stored yet, those few pages again, and per window its probe and a
    // short last page; not the killed window again.
    const windows = ORDERS / (WINDOW_PAGES * PAGE_SIZE);
    expect(windowAnswers.length).toBeLessThanOrEqual(
      Math.ceil((ORDERS - afterKill.ids.size) / PAGE_SIZE) + 3 + 2 * windows,
    );

    // The end: every index built, nothing deferred or recorded left, the platform's orders exactly.
    const done = inspect();
    const fresh = openOrderCache({ file: path.join(path.dirname(file), 'fresh.sqlite') });
    if (!fresh.ok) throw new Error('fresh');
    const indexesOfAFreshFile = fresh.value.db.prepare(SECONDARY_INDEXES).pluck().get();
    fresh.value.close();
    expect(done).toMatchObject({ indexes: indexesOfAFreshFile, deferred: false, loading: false, pagesRecorded: 0 });
    const db = new Database(file, { readonly: true });
    try {
      const cached = cacheOrdersDigest(db);
      const platform = wireOrdersDigest(
        p.sandbox.store.ids().map((id) => wireOrder(p.sandbox.store.get(id)!.order, false)),
      );
      expect(cached.count).toBe(ORDERS);
      expect(cached).toEqual({ ...platform, undecodable: 0 });
    } finally {
      db.close();
    }
  }, 180_000);
});
