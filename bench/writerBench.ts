/**
 * `bench.mjs writer N [--file=FILE]`: the sync's page writer alone (issue 26, docs/PERFORMANCE.md §8
 * "Fourth pass", "Fifth pass"). N sandbox orders (seed 3, as the scale bench) are built in this process and decoded
 * as the fetching thread does (the envelope's JSON text, parseJsonKeepingIds, decodeOrderListData), page by page,
 * handed over as the writer thread receives them (one JSON text an order, copied) and stored by the writer thread's
 * own code (WriterPump, PageWriter) into a fresh cache file as a first full sync stores them: secondary indexes
 * deferred, full-text batches every SEARCH_INDEX_BATCH_ROWS new rows, `finish` at the end. Building
 * and decoding the pages is timed apart and left out: what is reported is the writer's CPU per order (this thread
 * plays the writer thread) and every writer call (pages or end-of-load work) that held the write lock over
 * LONG_CALL_MS. Run under `--cpu-prof` for where the µs go (bench/writerProfileSplit.mjs).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { openOrderCache } from '../src/core/cache/openCache';
import type { CacheError } from '../src/shared/errors/cacheErrors';
import { parseJsonKeepingIds } from '../src/core/json/losslessJson';
import type { Result } from '../src/core/result';
import { PageWriter } from '../src/core/sync/pageStore';
import { prepareWriterConnection, WriterPump } from '../src/core/sync/writerPump';
import type { WriterCpu, WriterReply, WriterRequest } from '../src/core/sync/writerProtocol';
import { decodeOrderListData } from '../src/shared/domain/orderDecoding';
import type { Order } from '../src/shared/domain/order';
import { successResponse } from '../src/sandbox/envelope';
import { OrderStore } from '../src/sandbox/orderStore';
import { wireOrder } from '../src/sandbox/wireOrder';
import { option } from './benchRun';
import { shortcutsOf } from './writerVariants';

export const WRITER_BENCH = 'writer';

/** Pages waiting for the writer at most (the sync's WRITER_QUEUE_PAGES). */
const WAITING_PAGES = 24;
/** Writer calls longer than this are listed (ms): the write lock is held that long. */
const LONG_CALL_MS = 250;

const threadCpu = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

/** RssAnon of this process, MiB (Linux; 0 elsewhere). */
function rssAnonMib(): number {
  try {
    return Number(/^RssAnon:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The pages of the sandbox's list, decoded as the fetching thread decodes them, as structured-clone bytes. */
function* serializedPages(orders: number): Generator<Buffer> {
  const now = Date.parse('2026-11-20T12:00:00Z');
  const store = new OrderStore({ seed: 3, orders, now: () => now });
  const pages = Math.ceil(orders / 100);
  for (let p = 1; p <= pages; p++) {
    const page = store.query({ pageIndex: p, pageSize: 100 });
    const body = successResponse('seller', now, { ...page, list: page.list.map((o) => wireOrder(o, false)) }).body;
    const envelope = parseJsonKeepingIds(body) as { data: unknown };
    const decoded = decodeOrderListData(envelope.data);
    if (!decoded.ok) throw new Error(JSON.stringify(decoded.issue));
    yield v8.serialize((decoded.value.list as Order[]).map((o) => JSON.stringify(o)));
  }
}

/** PageWriter with each call timed (wall: how long it held the write lock). */
class TimedPageWriter extends PageWriter {
  readonly long: string[] = [];
  longest = 0;
  stored = 0;
  transactions = 0;

  private timed<T>(label: string, fn: () => Result<T, CacheError>): Result<T, CacheError> {
    const t = performance.now();
    const r = fn();
    const wall = performance.now() - t;
    this.longest = Math.max(this.longest, wall);
    if (wall > LONG_CALL_MS) this.long.push(`${label} ${wall.toFixed(0)} ms at ${this.stored.toLocaleString('en')}`);
    return r;
  }

  override write(...args: Parameters<PageWriter['write']>): ReturnType<PageWriter['write']> {
    const r = this.timed('page', () => super.write(...args));
    if (r.ok) this.stored += r.value.inserted;
    this.transactions++;
    return r;
  }

  override finish(): ReturnType<PageWriter['finish']> {
    return this.timed('end of load', () => super.finish());
  }
}

/** `--variants=V,V,…`: runs one after another in this process, each on a fresh file (bench/writerVariants.ts). */
export async function writerBench(orders: number, argv: readonly string[]): Promise<void> {
  const variants = (option(argv, 'variants') ?? 'all').split(',');
  if (variants.length > 1 && option(argv, 'file')) throw new Error('--file takes one variant');
  for (const variant of variants) {
    // What the previous variant left is collected first (its RssAnon still counts in the next one's start).
    (globalThis as { gc?: () => void }).gc?.();
    await writerRun(orders, variant, argv);
  }
}

async function writerRun(orders: number, variant: string, argv: readonly string[]): Promise<void> {
  const file = option(argv, 'file');
  const dir = file ? undefined : mkdtempSync(path.join(tmpdir(), 'md-writer-'));
  const target = file ?? path.join(dir!, 'writer.sqlite');
  const load0 = loadavg()[0]!;
  const opened = openOrderCache({ file: target });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  const shortcuts = shortcutsOf(variant);
  prepareWriterConnection(cache, shortcuts);
  const writer = new TimedPageWriter(cache, false, true, shortcuts);
  // Each index the end-of-load work builds (one transaction each, the last one with the repeat-buyer refresh).
  const exec = cache.db.exec.bind(cache.db);
  const builds: string[] = [];
  cache.db.exec = (sql: string) => {
    const t = performance.now();
    const r = exec(sql);
    const ms = performance.now() - t;
    const index = /^CREATE INDEX (?:IF NOT EXISTS )?"?(\w+)/i.exec(sql)?.[1];
    if (index) builds.push(`${index} ${ms.toFixed(0)}`);
    // The Insights sums a first sync adds up at its end (deferredSums.ts).
    const sums = /^DELETE FROM (\w+); INSERT INTO/.exec(sql)?.[1];
    if (sums) builds.push(`${sums} (sums) ${ms.toFixed(0)}`);
    return r;
  };
  let answered = 0;
  /** The pump's own account of its CPU (pages, end of load, close), as the writer thread reports it to the sync. */
  let split: WriterCpu | undefined;
  const anon0 = rssAnonMib();
  let peakAnon = anon0;
  let closed!: () => void;
  const done = new Promise<void>((resolve) => (closed = resolve));
  const at = { seenAtMs: Date.now(), answeredMs: Date.now() };
  let generationCpu = 0;
  const pages = serializedPages(orders);
  /** Up to WAITING_PAGES pages built (untimed) and waiting as in the writer thread's port. */
  const waiting: Buffer[] = [];
  const refill = () => {
    const g = threadCpu();
    while (waiting.length < WAITING_PAGES) {
      const next = pages.next();
      if (next.done) break;
      waiting.push(next.value);
    }
    generationCpu += threadCpu() - g;
  };
  // The writer thread's copy of the page (its deserialisation is the writer's work).
  const take = (): WriterRequest | undefined => {
    const bytes = waiting.shift();
    return bytes === undefined ? undefined : { kind: 'page', texts: v8.deserialize(bytes) as string[], at };
  };
  const pump = new WriterPump(
    cache,
    writer,
    (reply: WriterReply) => {
      if (reply.kind === 'closed') return void (split = reply.cpu);
      if (reply.kind !== 'ready' && reply.kind !== 'open-failed' && !reply.result.ok)
        throw new Error(JSON.stringify(reply.result.error));
      answered++;
      if (answered % 50 === 0) peakAnon = Math.max(peakAnon, rssAnonMib());
    },
    closed,
  );
  const cpu0 = threadCpu();
  const wall0 = performance.now();
  for (refill(); waiting.length > 0; refill())
    for (let page = take(); page !== undefined; page = take()) pump.push(page);
  pump.push({ kind: 'finish' });
  pump.push({ kind: 'close' });
  await done;
  const wall = performance.now() - wall0;
  const writerCpu = threadCpu() - cpu0 - generationCpu;
  if (dir) rmSync(dir, { recursive: true, force: true });
  const us = (ms: number) => ((ms * 1000) / orders).toFixed(0);
  process.stdout.write(
    `writer bench [${variant}]: ${writer.stored.toLocaleString('en')} orders in ${writer.transactions.toLocaleString('en')} page transactions; ` +
      `writer CPU ${us(writerCpu)} µs/order (pages ${us(split?.pagesMs ?? NaN)}, end of load ${us(split?.endOfLoadMs ?? NaN)}, close ${us(split?.closeMs ?? NaN)}; pages built and decoded: ${us(generationCpu)} µs/order, not counted); ` +
      `RssAnon ${anon0.toFixed(0)} → peak ${peakAnon.toFixed(0)} MiB; wall ${(wall / 1000).toFixed(1)} s; longest writer call ${writer.longest.toFixed(0)} ms; load ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}\n` +
      `calls over ${LONG_CALL_MS} ms: ${writer.long.length === 0 ? 'none' : writer.long.join(', ')}\n` +
      `indexes built at the end, ms each: ${builds.join(', ')}\n`,
  );
}
