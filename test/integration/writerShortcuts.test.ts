import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrderCache } from '../../src/core/cache/openCache';
import type { OrderCache } from '../../src/core/cache/orderCache';
import { appReads } from '../../src/core/cache/testing/appReads';
import { ALL_SHORTCUTS, type WriterShortcuts } from '../../src/core/cache/upsertOrders';
import { parseJsonKeepingIds } from '../../src/core/json/losslessJson';
import type { ChangeEvent } from '../../src/core/sync/changeEvents';
import { PageWriter } from '../../src/core/sync/pageStore';
import { prepareWriterConnection } from '../../src/core/sync/writerPump';
import type { AnswerTime } from '../../src/core/sync/platformClock';
import type { Order } from '../../src/shared/domain/order';
import { decodeOrderListData } from '../../src/shared/domain/orderDecoding';
import { successResponse } from '../../src/sandbox/envelope';
import { OrderStore } from '../../src/sandbox/orderStore';
import { wireOrder } from '../../src/sandbox/wireOrder';

/**
 * The page writer's shortcuts (WriterShortcuts) store exactly what its plain path stores. The same sandbox pages go
 * through the sync's PageWriter into two fresh cache files, one with every shortcut and one with none, as a sync
 * would send them: a first full sync into an empty file (indexes deferred, a page sent twice and windows that
 * overlap, as split windows and the catch-up poll do), then syncs with a baseline (orders changed by the shop, new
 * title sets, buyer names and remarks edited on indexed rows, a stale copy, new orders on a file that holds some).
 * After each step both files hold the same rows in every table, the same documents in every full-text index, the
 * same change events, and every read the app makes answers alike.
 */

const NOW = Date.parse('2026-11-20T12:00:00Z');
const PAGE = 100;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'md-shortcuts-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The shop's orders as the fetching thread decodes a page of its answer. */
function decodedPage(store: OrderStore, pageIndex: number): Order[] {
  const page = store.query({ pageIndex, pageSize: PAGE });
  const body = successResponse('seller', NOW, { ...page, list: page.list.map((o) => wireOrder(o, false)) }).body;
  const decoded = decodeOrderListData((parseJsonKeepingIds(body) as { data: unknown }).data);
  if (!decoded.ok) throw new Error(JSON.stringify(decoded.issue));
  return decoded.value.list as Order[];
}

function allPages(store: OrderStore): Order[][] {
  const pages: Order[][] = [];
  for (let p = 1; ; p++) {
    const page = decodedPage(store, p);
    if (page.length === 0) return pages;
    pages.push(page);
  }
}

/** One file written with `shortcuts`, page by page as the writer thread receives them (with each order's text). */
class Target {
  readonly cache: OrderCache;
  readonly events: ChangeEvent[] = [];
  private writer: PageWriter | undefined;

  constructor(
    name: string,
    private readonly shortcuts: WriterShortcuts,
  ) {
    const opened = openOrderCache({ file: path.join(dir, `${name}.sqlite`) });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    this.cache = opened.value;
    // As the writer thread sets up its own connection.
    prepareWriterConnection(this.cache, shortcuts);
  }

  /** A sync begins: `first` is a first full sync into the empty file (its indexes deferred, no baseline yet). */
  begin(first: boolean): void {
    this.writer = new PageWriter(this.cache, !first, first, this.shortcuts);
  }

  write(orders: readonly Order[], at: AnswerTime): void {
    const texts = orders.map((o) => JSON.stringify(o));
    const written = this.writer!.write(
      texts.map((t) => JSON.parse(t) as Order),
      at,
      texts,
    );
    if (!written.ok) throw new Error(JSON.stringify(written.error));
    this.events.push(...written.value.events);
  }

  end(): void {
    const finished = this.writer!.finish();
    if (!finished.ok) throw new Error(JSON.stringify(finished.error));
  }
}

const FTS_SEGMENTS = /_(data|idx)$/;
/** Columns that hold the local clock's time of writing, not anything the pages carry. */
const CLOCK_COLUMNS: Record<string, string> = { order_dict: 'built_ms' };

/** Every row of every table (the full-text indexes' segment B-trees aside: their documents are compared below). */
function tableRows(db: Database.Database): Record<string, unknown[]> {
  const tables = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as Array<{
    name: string;
    sql: string;
  }>;
  const rows: Record<string, unknown[]> = {};
  for (const { name, sql } of tables) {
    if (FTS_SEGMENTS.test(name) || /^CREATE VIRTUAL/i.test(sql) || name.startsWith('sqlite_stat')) continue;
    const columns = (db.prepare(`SELECT * FROM "${name}" LIMIT 0`).columns() as Array<{ name: string }>)
      .map((c) => `"${c.name}"`)
      .filter((c) => c !== `"${CLOCK_COLUMNS[name]}"`);
    const order = columns.map((_, i) => i + 1).join(', ');
    rows[name] = db
      .prepare(`SELECT ${columns.join(', ')} FROM "${name}" ORDER BY ${order}`)
      .raw()
      .all();
  }
  return rows;
}

/** Each full-text index's documents: every term of every row and column (fts5vocab), after its own check. */
function ftsDocuments(db: Database.Database): Record<string, unknown[]> {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%fts5(%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  const documents: Record<string, unknown[]> = {};
  for (const table of tables) {
    db.prepare(`INSERT INTO "${table}" ("${table}", rank) VALUES ('integrity-check', 0)`).run();
    db.exec(`CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, '${table}', 'instance')`);
    try {
      documents[table] = db.prepare('SELECT * FROM temp.vocab ORDER BY 1, 2, 3, 4').raw().all();
    } finally {
      db.exec('DROP TABLE temp.vocab');
    }
  }
  return documents;
}

function expectSame(plain: Target, fast: Target, orders: readonly Order[]): void {
  expect(tableRows(fast.cache.db)).toEqual(tableRows(plain.cache.db));
  expect(ftsDocuments(fast.cache.db)).toEqual(ftsDocuments(plain.cache.db));
  expect(fast.events).toEqual(plain.events);
  // The file's name, size and free pages aside (the full-text segments are laid out differently): what each read
  // answers.
  const reads = (t: Target) =>
    appReads(t.cache, orders, NOW).map(([label, read]) => {
      const answer = read();
      if (label !== 'stats') return [label, answer];
      const {
        file: _file,
        bytes: _bytes,
        freeBytes: _free,
        ...stats
      } = (answer as { value: { file: string; bytes: number; freeBytes: number } }).value;
      return [label, stats];
    });
  expect(reads(fast)).toEqual(reads(plain));
}

describe('the page writer with and without its shortcuts', () => {
  it('stores the same rows, documents, search indexes, Insights facts and events', () => {
    let clock = NOW;
    const store = new OrderStore({ seed: 11, orders: 1_200, now: () => clock });
    const plain = new Target(
      'plain',
      Object.fromEntries(Object.keys(ALL_SHORTCUTS).map((k) => [k, false])) as unknown as WriterShortcuts,
    );
    const fast = new Target('fast', ALL_SHORTCUTS);
    const both = (fn: (t: Target) => void) => [plain, fast].forEach(fn);
    const at = (): AnswerTime => ({ seenAtMs: clock, answeredMs: clock });

    // A first full sync: each page once, one of them twice, and the next page's first orders sent with a page
    // (a window split at an instant re-reads the orders sharing it); one page names two of its orders twice, the
    // second time one as it was and one changed (the page's own inserts are looked up, not inserted again).
    const pages = allPages(store);
    expect(pages.length).toBe(12);
    both((t) => t.begin(true));
    pages.forEach((page, i) => {
      const overlap =
        i === 6
          ? [...page, ...pages[7]!.slice(0, 30)]
          : i === 2
            ? [...page, page[10]!, { ...page[40]!, remark: 'named twice in one page' }]
            : page;
      both((t) => t.write(overlap, at()));
      if (i === 3) both((t) => t.write(page, at()));
    });
    both((t) => t.end());
    const orders = pages.flat();
    expectSame(plain, fast, orders);

    // Syncs with a baseline: the shop changes orders; some are edited by hand to name new title sets and new
    // buyer names and remarks (rows already in the full-text index); one copy arrives late (stale).
    clock += 3_600_000;
    store.touchOrders(200);
    const edited = orders.filter((_, i) => i % 37 === 5).map((o) => o.id);
    clock += 60_000;
    const newer = at();
    both((t) => t.begin(false));
    const changed = allPages(store).map((page) =>
      page.map((o) =>
        edited.includes(o.id)
          ? {
              ...o,
              buyerName: `${o.buyerName ?? ''} Jürgen 王芳`,
              remark: 'bitte schnell',
              orderItems: (o.orderItems ?? []).map((item) => ({
                ...item,
                productSpuTitle: `${item.productSpuTitle ?? ''} (Edition ${o.id.slice(-3)})`,
              })),
            }
          : o,
      ),
    );
    for (const page of changed) both((t) => t.write(page, newer));
    // The first page again, answered earlier than the copies just stored, with a change: a late answer, skipped.
    const late = changed[0]!.map((o) => ({ ...o, remark: 'late copy' }));
    both((t) => t.write(late, { seenAtMs: newer.seenAtMs - 30_000, answeredMs: newer.seenAtMs - 30_000 }));
    both((t) => t.end());
    expectSame(plain, fast, changed.flat());

    // New orders on a file that holds orders (and one the file holds, sent again).
    clock += 3_600_000;
    store.insertOrders(150);
    both((t) => t.begin(false));
    const fresh = allPages(store).slice(0, 2);
    for (const page of fresh) both((t) => t.write([...page, changed[5]![0]!], at()));
    both((t) => t.end());
    expectSame(plain, fast, allPages(store).flat());
    expect(fast.events.length).toBeGreaterThan(150);
  }, 120_000);
});
