import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from './server';
import { FakeClock, listOrders, startTestSandbox } from '../../test/helpers/sandboxTestKit';

const clock = new FakeClock();
let h: SandboxHandle;
beforeAll(async () => {
  h = await startTestSandbox({
    orders: 200,
    seed: 31,
    now: clock.now,
    churn: { everyNthOrderRequest: 3, insert: 4, update: 6 },
  });
});
afterAll(() => h.stop());

describe('churn', () => {
  it('after every 3rd successful list request: 4 new orders (newest = now) and 6 updated ones', async () => {
    const firstIds = h.store.ids();
    clock.advance(60_000);
    const totals: number[] = [];
    for (let i = 0; i < 3; i++) totals.push((await listOrders(h, { pageSize: 5 })).json.data.totalCount);
    expect(totals).toEqual([200, 200, 200]); // applied after the 3rd answer
    expect(h.churnRounds()).toBe(1);

    const r = await listOrders(h, { pageSize: 5 });
    expect(r.json.data.totalCount).toBe(204);
    const newest = r.json.data.list.slice(0, 4);
    expect(newest.map((o: { createTime: string }) => o.createTime)).toEqual(
      [0, 1, 2, 3].map((k) => new Date(clock.ms - k * 1000).toISOString()),
    );
    for (const o of newest) expect(firstIds).not.toContain(o.id);

    // the 6 touched orders carry the churn time as hidden updateTime (inserted ones were created up to 3 s before)
    const touched = await listOrders(h, { updateBeginDate: new Date(clock.ms).toISOString(), pageSize: 100 });
    const touchedIds: string[] = touched.json.data.list.map((o: { id: string }) => o.id);
    expect(touchedIds.length).toBeGreaterThanOrEqual(6);
    expect(touchedIds.filter((id) => firstIds.includes(id)).length).toBeGreaterThanOrEqual(touchedIds.length - 4);
  });

  it('failed or faulted list requests do not count', async () => {
    const s = await startTestSandbox({
      orders: 50,
      now: clock.now,
      churn: { everyNthOrderRequest: 2, insert: 1, update: 1 },
    });
    try {
      await listOrders(s, { pageSize: 5 }); // 1st success
      await listOrders(s, { pageIndex: 0 }); // 10002
      s.failNext('orders', 'platform-10004', 'drop-before-processing');
      await listOrders(s, {});
      await listOrders(s, {}).catch(() => undefined);
      await listOrders(s, {}, { authorization: 'Bearer nope' }); // 401
      expect(s.churnRounds()).toBe(0);
      expect(s.store.size).toBe(50);
      await listOrders(s, {}); // 2nd success
      expect(s.churnRounds()).toBe(1);
      expect(s.store.size).toBe(51);
    } finally {
      await s.stop();
    }
  });

  it('is deterministic: the same seed, clock and requests give the same data', async () => {
    const twinClock = new FakeClock();
    const run = async () => {
      twinClock.ms = Date.UTC(2026, 2, 15, 12, 0, 0);
      const s = await startTestSandbox({
        orders: 200,
        seed: 31,
        now: twinClock.now,
        churn: { everyNthOrderRequest: 2, insert: 3, update: 10 },
      });
      try {
        for (let i = 0; i < 6; i++) {
          twinClock.advance(1000);
          await listOrders(s, {});
        }
        return (await listOrders(s, { pageSize: 100, updateBeginDate: '2026-03-15T12:00:00Z' })).text;
      } finally {
        await s.stop();
      }
    };
    const a = await run();
    expect(await run()).toBe(a);
    expect(JSON.parse(a).data.totalCount).toBeGreaterThan(9);
  });
});
