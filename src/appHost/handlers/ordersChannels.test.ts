import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIpcUseCaseKit, type IpcUseCaseKit } from '../../../test/helpers/ipcUseCases';

let t: IpcUseCaseKit;
const changed: Array<{ profileId: string; events: unknown[] }> = [];
beforeAll(async () => {
  t = await startIpcUseCaseKit({ orders: 90, seed: 5 });
  t.app.onChanges = (profileId, events) => void changed.push({ profileId, events });
  expect(await t.invoke('orders:queryPage', {})).toMatchObject({ ok: false, error: { kind: 'cache' } });
  expect((await t.invoke('sync:now', {})).ok).toBe(true);
});
afterAll(() => t.stop());

describe('orders handlers over the use-case layer', () => {
  it('orders:queryPage gives the first page and orders:count the count, separately', async () => {
    const page = await t.invoke('orders:queryPage', { limit: 10, sellerOrderStatus: [4] });
    if (!page.ok) throw new Error(page.error.message);
    expect(page.data.list.length).toBeLessThanOrEqual(10);
    expect(page.data.afterSalesStatusUnknown).toBe(false);
    const count = await t.invoke('orders:count', { sellerOrderStatus: [4] });
    const expected = t.kit.platform.sandbox.store.query({
      pageIndex: 1,
      pageSize: 1,
      sellerOrderStatus: [4],
    }).totalCount;
    expect(count).toEqual({ ok: true, data: { count: expected } });
  });

  it('a query the core refuses is invalid-input (33 search words), not a crash', async () => {
    const r = await t.invoke('orders:queryPage', { search: Array(33).fill('w').join(' ') });
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('orders:get reads the cache; an unknown ID is not-found', async () => {
    const [first] = t.kit.platform.sandbox.store.query({ pageIndex: 1, pageSize: 1 }).list;
    expect(await t.invoke('orders:get', { id: first!.id })).toMatchObject({
      ok: true,
      data: { order: { id: first!.id } },
    });
    expect(await t.invoke('orders:get', { id: '1' })).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });

  it('orders:refresh fetches from the platform, updates the cache and publishes the change', async () => {
    const id = t.kit.platform.sandbox.store.query({ pageIndex: 1, pageSize: 1, orderAfterSalesStatus: [1] }).list[0]!
      .id;
    // Decided on the platform's side: the cache does not know yet.
    expect((await t.kit.platform.seller().auditAfterSales({ orderId: id, isApproved: true })).ok).toBe(true);
    // The spec's Order has no status field: what the after-sales filter taught the cache (afterSalesLearned).
    expect(await t.invoke('orders:get', { id })).toMatchObject({
      data: { order: { afterSalesLearned: { status: 1 } } },
    });
    const r = await t.invoke('orders:refresh', { id });
    expect(r).toMatchObject({ ok: true, data: { cached: true, order: { id, afterSalesLearned: { status: null } } } });
    expect(await t.invoke('orders:get', { id })).toMatchObject({
      data: { order: { afterSalesLearned: { status: null } } },
    });
    expect(changed.at(-1)).toMatchObject({
      profileId: 'test',
      events: expect.arrayContaining([expect.objectContaining({ orderId: id })]),
    });
  });

  it('orders:refresh of an order the platform does not have: not-found', async () => {
    expect(await t.invoke('orders:refresh', { id: '1' })).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });

  it('orders:attention answers counts, bounded rows and the next change, as ISO times', async () => {
    const r = await t.invoke('orders:attention', { limitPerKind: 3 });
    if (!r.ok) throw new Error(r.error.message);
    const { counts, rows } = r.data;
    expect(counts.total).toBe(counts.refunds + counts.overdue + counts.dueSoon + counts.exceptions + counts.disputes);
    const awaiting = t.kit.platform.sandbox.store.query({ pageIndex: 1, pageSize: 1, orderAfterSalesStatus: [1] });
    expect(counts.refunds).toBe(awaiting.totalCount);
    for (const kind of ['refund', 'overdue', 'due-soon', 'exception', 'dispute'])
      expect(rows.filter((row) => row.kind === kind).length).toBeLessThanOrEqual(3);
    expect(r.data.countsAtLeast).toBeUndefined();
    // The quick counts: within the cap (10,000) they are these exact ones, none named "more than".
    const quick = await t.invoke('orders:attention', { limitPerKind: 3, quickCounts: true });
    if (!quick.ok) throw new Error(quick.error.message);
    expect(quick.data.counts).toEqual(counts);
    expect(quick.data.countsAtLeast).toBeUndefined();
    expect(await t.invoke('orders:attention', { limitPerKind: 0 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-request' },
    });
  });

  it('orders:cacheStats', async () => {
    expect(await t.invoke('orders:cacheStats')).toMatchObject({ ok: true, data: { profileId: 'test', orders: 90 } });
    expect(t.problems).toEqual([]);
  });
});
