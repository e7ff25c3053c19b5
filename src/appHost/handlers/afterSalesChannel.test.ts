import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIpcUseCaseKit, type IpcUseCaseKit } from '../../../test/helpers/ipcUseCases';

let t: IpcUseCaseKit;
const changed: Array<{ profileId: string; events: Array<{ orderId?: string }> }> = [];
beforeAll(async () => {
  t = await startIpcUseCaseKit({ orders: 90, seed: 6 });
  t.app.onChanges = (profileId, events) => void changed.push({ profileId, events });
  expect((await t.invoke('sync:now', {})).ok).toBe(true);
});
afterAll(() => t.stop());

const awaiting = () =>
  t.kit.platform.sandbox.store.query({ pageIndex: 1, pageSize: 1, orderAfterSalesStatus: [1] }).list[0]!.id;

describe('afterSales:decide over the use-case layer', () => {
  it('decides, re-fetches and caches; the same decision again is refused locally, nothing sent', async () => {
    const id = awaiting();
    const r = await t.invoke('afterSales:decide', { orderId: id, isApproved: true });
    expect(r).toMatchObject({ ok: true, data: { orderId: id, approved: true, cached: true, refetchError: null } });
    // The re-fetched order changed in the cache: published as orders:changed, as a sync's changes are.
    expect(changed.flatMap((c) => c.events.map((e) => e.orderId))).toContain(id);
    t.kit.platform.sandbox.resetCounts();
    const again = await t.invoke('afterSales:decide', { orderId: id, isApproved: true });
    expect(again).toMatchObject({ ok: false, error: { kind: 'platform', code: 'not-awaiting-review' } });
    expect(t.kit.platform.sandbox.requestCount('audit')).toBe(0);
  });

  it('an unknown outcome crosses the bridge as outcome-unknown with what the platform showed', async () => {
    const id = awaiting();
    t.kit.platform.sandbox.failNext('audit', 'drop-after-processing');
    t.kit.platform.sandbox.resetCounts();
    const r = await t.invoke('afterSales:decide', { orderId: id, isApproved: false, rejectDescription: 'Redeemed' });
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'outcome-unknown', found: { kind: 'found', order: { id, orderAfterSalesStatus: 3 } } },
    });
    expect(t.kit.platform.sandbox.requestCount('audit')).toBe(1);
    expect(t.problems).toEqual([]);
  });

  it('a blank reason is refused by the contract: nothing sent', async () => {
    t.kit.platform.sandbox.resetCounts();
    const r = await t.invoke('afterSales:decide', { orderId: awaiting(), isApproved: false, rejectDescription: ' ' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(t.kit.platform.sandbox.requestCount()).toBe(0);
  });
});
