import { wireOrder } from '../../src/sandbox/wireOrder';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openOrderCache } from '../../src/core/cache/openCache';
import type { OrderCache } from '../../src/core/cache/orderCache';
import { SyncEngine } from '../../src/core/sync/syncEngine';
import { FakePlatform } from '../../src/core/sync/testing/fakePlatform';
import { decodeOrder } from '../../src/shared/domain/orderDecoding';
import type { Order } from '../../src/shared/domain/order';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

/**
 * Issue 8 §1: 25,000 orders while the shop changes on every request (one new order and one updated order per
 * request). The full sync must succeed in ≤ 1.15 × ceil(N/100) requests, the catch-up included, and leave the cache
 * equal to the platform.
 */
const N = 25_000;
const REQUEST_BUDGET = 1.15 * Math.ceil(N / 100);
/** Issue 21 §3: ≤ 1.10 × the minimum on every shape of the in-memory platform (the split page fetched last). */
const TIGHT_BUDGET = 1.1 * Math.ceil(N / 100);
const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);

function openCache(): OrderCache {
  const opened = openOrderCache({ file: path.join(mkdtempSync(path.join(tmpdir(), 'md-sync-churn-')), 'c.sqlite') });
  if (!opened.ok) throw new Error(opened.error.kind);
  return opened.value;
}

/** Creation times spread over two years (deterministic). */
function history(n: number): number[] {
  let x = 1;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, () => NOW - 1000 - Math.floor(rnd() * 730 * 86_400_000));
}

describe('a full sync while the shop changes on every request (in-memory platform)', () => {
  let cache: OrderCache;
  beforeEach(() => {
    cache = openCache();
  });
  afterEach(() => cache.close());

  it('converges: the moving catch-up list is split into one-page parts', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(N));
    platform.churn = { insert: 1, update: 1, stepMs: 20 };
    const traced: string[] = [];
    const engine = () =>
      new SyncEngine({ cache, source: platform, now: () => platform.clock, trace: (e) => traced.push(e.kind) });
    const r = await engine().sync();
    expect(r, JSON.stringify(r).slice(0, 300)).toMatchObject({ ok: true, value: { mode: 'full' } });
    if (!r.ok) return;
    expect(r.value.requests).toBeLessThanOrEqual(TIGHT_BUDGET);
    expect(traced).toContain('partition');
    // What is missing was created after the catch-up's first answer (its creation bound): the next poll's work.
    const cached = new Set(cache.iterateIds());
    const catchUp = platform.requests.filter((q) => q.updateBeginDate !== undefined);
    const catchUpBound = Date.parse(catchUp.find((q) => q.createEndDate !== undefined)!.createEndDate!);
    const missing = platform.orders().filter((o) => !cached.has(o.id));
    expect(missing.length).toBeLessThanOrEqual(catchUp.length);
    for (const o of missing) expect(Date.parse(o.createTime!)).toBeGreaterThan(catchUpBound);
    // With the shop quiet again, one poll makes the cache equal to the platform, every order as the platform has it.
    platform.churn = undefined;
    platform.clock += 60_000;
    expect(await engine().sync()).toMatchObject({ ok: true, value: { mode: 'incremental' } });
    expect([...cache.iterateIds()].sort()).toEqual(platform.ids().sort());
    for (const o of platform.orders()) expect(cache.getOrder(o.id)).toEqual({ ok: true, value: o });
  }, 120_000);
});

describe('a platform that lists new orders late (their update time back-dated to a creation time minutes ago)', () => {
  const LATE_MS = 10 * 60_000;
  const n = 3_000;
  /** A full sync under churn, then one poll with the shop quiet: the orders the cache still lacks. */
  async function missingAfterOnePoll(overlapMs: number | undefined): Promise<number> {
    const cache = openCache();
    try {
      const platform = new FakePlatform(NOW);
      platform.add(history(n));
      platform.churn = { insert: 1, update: 1, stepMs: 20, createdAgoMs: LATE_MS };
      const engine = () =>
        new SyncEngine({
          cache,
          source: platform,
          now: () => platform.clock,
          ...(overlapMs !== undefined ? { settings: { overlapMs } } : {}),
        });
      expect(await engine().sync()).toMatchObject({ ok: true, value: { mode: 'full' } });
      platform.churn = undefined;
      platform.clock += 60_000;
      expect(await engine().sync()).toMatchObject({ ok: true, value: { mode: 'incremental' } });
      const cached = new Set(cache.iterateIds());
      return platform.ids().filter((id) => !cached.has(id)).length;
    } finally {
      cache.close();
    }
  }

  it('the labelled 2-minute poll overlap misses some (what the setting is for)', async () => {
    expect(await missingAfterOnePoll(undefined)).toBeGreaterThan(0);
  }, 60_000);

  it('a poll overlap as long as the lag (the profile setting) loses none', async () => {
    expect(await missingAfterOnePoll(LATE_MS)).toBe(0);
  }, 60_000);
});

describe('the request budget of issue 21 §3 (in-memory platform, 25,000 orders, churn on every request)', () => {
  // New orders created "now": the first test of this file holds that shape to the same budget.
  it.each([['new orders dated up to 10 minutes back (listed late)', 10 * 60_000]])(
    '%s: at most 1.10 × the minimum',
    async (_, createdAgoMs) => {
      const cache = openCache();
      try {
        const platform = new FakePlatform(NOW);
        platform.add(history(N));
        platform.churn = { insert: 1, update: 1, stepMs: 20, createdAgoMs };
        const r = await new SyncEngine({ cache, source: platform, now: () => platform.clock }).sync();
        expect(r, JSON.stringify(r).slice(0, 300)).toMatchObject({ ok: true, value: { mode: 'full' } });
        if (r.ok) expect(r.value.requests).toBeLessThanOrEqual(TIGHT_BUDGET);
      } finally {
        cache.close();
      }
    },
    120_000,
  );
});

/** Re-parse through JSON so both sides compare as plain data (the sandbox's objects are live). */
/** The platform's stored order as the client reads it off the wire (ID-like integers kept as text). */
const plain = (o: unknown): Order => {
  const decoded = decodeOrder(JSON.parse(JSON.stringify(o)));
  if (!decoded.ok) throw new Error(`the platform's own order does not decode: ${decoded.issue.message}`);
  return decoded.value;
};

describe('the same over loopback against the sandbox (its churn option, real clock, 20 ms latency)', () => {
  let p: TestPlatform;
  let cache: OrderCache;
  beforeAll(async () => {
    p = await startTestPlatform({
      orders: N,
      seed: 1,
      churn: { everyNthOrderRequest: 1, insert: 1, update: 1 },
      faults: { latencyMs: 20 },
    });
    cache = openCache();
  }, 60_000);
  afterAll(async () => {
    cache?.close();
    await p?.stop();
  });

  it('succeeds within the budget, the cache equal to the platform as of the catch-up', async () => {
    const seller = p.seller({ sleeper: { sleep: async () => {} } });
    const engine = new SyncEngine({ cache, source: seller, requestCount: () => p.sandbox.requestCount('orders') });
    const r = await engine.sync();
    expect(r.ok, JSON.stringify(r).slice(0, 400)).toBe(true);
    if (!r.ok) return;
    expect(p.sandbox.churnRounds()).toBe(r.value.requests);
    expect(r.value.requests).toBeLessThanOrEqual(REQUEST_BUDGET);

    // The watermark is the platform time the catch-up began. Every order last changed before it is cached exactly
    // as the platform has it; every order created before it is cached; what came later is the next poll's.
    const catchUpMs = Date.parse(r.value.watermark);
    let exact = 0;
    for (const id of p.sandbox.store.ids()) {
      const stored = p.sandbox.store.get(id)!;
      if (stored.createTimeMs > catchUpMs) continue;
      const cached = cache.getOrder(id);
      expect(cached.ok && cached.value !== undefined, id).toBe(true);
      if (stored.updateTimeMs < catchUpMs) {
        // As the list sends it: the spec's Order (the sandbox keeps its own status field to itself).
        expect(cached).toEqual({ ok: true, value: plain(wireOrder(stored.order, false)) });
        exact++;
      }
    }
    expect(exact).toBeGreaterThan(N - 500);
  }, 180_000);
});
