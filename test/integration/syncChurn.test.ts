import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrderCache } from '../../src/core/cache/openCache';
import type { OrderCache } from '../../src/core/cache/orderCache';
import { SyncEngine } from '../../src/core/sync/syncEngine';
import type { Order } from '../../src/shared/domain/order';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

/** Re-parse through JSON so both sides compare as plain data (the sandbox's objects are live). */
const plain = (o: unknown) => JSON.parse(JSON.stringify(o)) as Order;

describe('full sync of 25,000 orders over loopback while the shop changes on every request', () => {
  let p: TestPlatform;
  let cache: OrderCache;
  beforeAll(async () => {
    // After every order-list answer the sandbox creates one order and moves another one along (real clock).
    p = await startTestPlatform({ orders: 25_000, seed: 21, churn: { everyNthOrderRequest: 1, insert: 1, update: 1 } });
    const opened = openOrderCache({
      file: path.join(mkdtempSync(path.join(tmpdir(), 'md-sync-churn-')), 'cache.sqlite'),
      identity: { baseUrl: p.sandbox.baseUrl, merchantId: p.sandbox.merchantId },
    });
    if (!opened.ok) throw new Error(opened.error.kind);
    cache = opened.value;
  }, 60_000);
  afterAll(async () => {
    cache?.close();
    await p?.stop();
  });

  it('succeeds in ≤ 1.15 × ceil(N/100) requests, the cache equal to the platform as of the catch-up', async () => {
    const seller = p.seller({ sleeper: { sleep: async () => {} } });
    const engine = new SyncEngine({ cache, source: seller, requestCount: () => p.sandbox.requestCount('orders') });
    const r = await engine.sync();
    expect(r.ok, JSON.stringify(r).slice(0, 400)).toBe(true);
    if (!r.ok) return;
    expect(p.sandbox.churnRounds()).toBe(r.value.requests);
    expect(r.value.requests).toBeLessThanOrEqual(1.15 * 250);

    // The watermark is the platform time the catch-up began. Every order last changed before it is cached exactly
    // as the platform has it; every order created before it is cached; what came later is the next poll's.
    const catchUpMs = Date.parse(r.value.watermark);
    let checked = 0;
    for (const id of p.sandbox.store.ids()) {
      const stored = p.sandbox.store.get(id)!;
      if (stored.createTimeMs > catchUpMs) continue;
      const cached = cache.getOrder(id);
      expect(cached.ok && cached.value !== undefined, id).toBe(true);
      if (stored.updateTimeMs < catchUpMs) {
        expect(cached).toEqual({ ok: true, value: plain(stored.order) });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(24_500);
  }, 180_000);
});
