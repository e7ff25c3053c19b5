import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { restoreIndexes } from './deferredIndexes';
import { busySleepAfter, LockTurns, TURN_AFTER_MS } from './lockTurns';
import { tempCaches } from './testing/tempCaches';

/**
 * The end of a first full sync takes its steps back to back on one connection (deferredIndexes.ts). Another
 * connection's writer (the core host, the upkeep, a CLI command) sleeps between its tries for the lock, so without
 * turns it almost never found the lock free between two steps: at a million orders a one-row write waited up to
 * 4.8 s of its 5 s busy timeout. Here every step is made to hold the lock ≥ 25 ms (a TEMP trigger on the stepping
 * connection), and a writer on another thread, busy timeout 1.5 s, writes a row every 30 ms meanwhile: each write
 * gets in within about a turn, none fails.
 */

const NOW = Date.UTC(2026, 5, 1);
const DAY = 86_400_000;
const { newFile, openFile: open } = tempCaches('md-lock-turns-');

const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file, { timeout: 1500 });
const put = db.prepare("INSERT INTO meta (key, value) VALUES ('test.writer', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
const stop = new Int32Array(workerData.stop);
const waits = [];
parentPort.postMessage('ready');
while (Atomics.load(stop, 0) === 0) {
  Atomics.wait(stop, 0, 0, 30);
  const started = performance.now();
  try {
    db.transaction(() => put.run(String(started))).immediate();
    waits.push(performance.now() - started);
  } catch (e) {
    waits.push(-1);
  }
}
db.close();
parentPort.postMessage(waits);
`;

function orders(count: number): Order[] {
  return Array.from({ length: count }, (_, i) =>
    fakeOrder(i, NOW - 200 * DAY + i * 3_600_000, {
      buyerId: `11000000000${i % 37}`,
      buyerName: `b${i % 37}`,
    } as Partial<Order>),
  );
}

describe('turns at the write lock for the end of a first full sync', () => {
  it('lets another connection write within about a turn while the steps run back to back', async () => {
    const file = newFile();
    const cache = open(file);
    expect(cache.deferIndexes().ok).toBe(true);
    const list = orders(600);
    for (let i = 0; i < list.length; i += 40)
      cache.applyPage(list.slice(i, i + 40), { seenAtMs: NOW, baseline: false });
    // Every step writes its progress to `meta`: each is made to hold the lock 25 ms longer.
    const hold = new Int32Array(new SharedArrayBuffer(4));
    cache.db.function('test_hold', (ms: unknown) => {
      Atomics.wait(hold, 0, 0, Number(ms));
      return 0;
    });
    cache.db.exec(`CREATE TEMP TRIGGER hold_insert AFTER INSERT ON main.meta BEGIN SELECT test_hold(25); END;
      CREATE TEMP TRIGGER hold_update AFTER UPDATE ON main.meta BEGIN SELECT test_hold(25); END;`);

    const stop = new SharedArrayBuffer(4);
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    const writer = new Worker(WRITER, { eval: true, workerData: { file, stop, sqlite } });
    const waits = new Promise<number[]>((resolve, reject) => {
      writer.on('message', (m: unknown) => {
        if (Array.isArray(m)) resolve(m as number[]);
      });
      writer.on('error', reject);
    });
    await new Promise<void>((resolve) => writer.once('message', () => resolve()));
    const started = performance.now();
    restoreIndexes(cache.db, { walkRows: 20 });
    const tookMs = performance.now() - started;
    Atomics.store(new Int32Array(stop), 0, 1);
    Atomics.notify(new Int32Array(stop), 0);
    const seen = await waits;
    await writer.terminate();

    // The end took long enough for the writer to try many times, and every try got in, within about a turn.
    expect(tookMs).toBeGreaterThan(1_500);
    expect(seen.filter((w) => w < 0)).toEqual([]);
    expect(Math.max(...seen)).toBeLessThan(600);
    // A try every 30 ms, each in within a turn (~0.1 s of steps and the pause after them).
    expect(seen.length).toBeGreaterThan(tookMs / 200);
    expect(cache.endOfSyncLeft()).toEqual({ ok: true, value: false });
  });

  it("pauses after a turn's worth of holding, for one sleep of a writer that waited that long, plus a millisecond", () => {
    expect([0, 1, 2, 3, 7, 8, 17, 18, 52, 53, 127, 128, 227, 228, 5_000].map(busySleepAfter)).toEqual([
      1, 2, 2, 5, 5, 10, 10, 15, 20, 25, 25, 50, 50, 100, 100,
    ]);
    const turns = new LockTurns();
    expect(turns.after(40)).toBe(0);
    expect(turns.after(40)).toBe(0);
    // 120 ms held: a writer waiting since the first step sleeps 25 ms a try by now.
    expect(turns.after(40)).toBe(26);
    expect(turns.after(TURN_AFTER_MS - 1)).toBe(0);
    expect(turns.after(1_200)).toBe(101);
  });
});
