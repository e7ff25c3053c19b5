import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIpcUseCaseKit, type IpcUseCaseKit } from '../../../test/helpers/ipcUseCases';
import { journalFilePath, openDecisionJournal } from '../../core/afterSales/decisionJournal';

let t: IpcUseCaseKit;
const changed: Array<{ profileId: string; events: Array<{ orderId?: string; type?: string }>; byMerchant: boolean }> =
  [];
beforeAll(async () => {
  t = await startIpcUseCaseKit({ orders: 90, seed: 6 });
  t.app.onChanges = (profileId, events, byMerchant) => void changed.push({ profileId, events, byMerchant });
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
    // The decision changed the cache (the learned state, the re-fetched order): published as orders:changed, as a
    // sync's changes are, marked as the merchant's own (counts follow; no notification repeats it).
    const mine = changed.filter((c) => c.events.some((e) => e.orderId === id));
    expect(mine.map((c) => c.byMerchant)).toEqual([true]);
    expect(mine[0]!.events).toContainEqual(expect.objectContaining({ type: 'after-sales-changed', orderId: id }));
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
      error: { kind: 'outcome-unknown', found: { kind: 'found', order: { id } } },
    });
    expect(t.kit.platform.sandbox.requestCount('audit')).toBe(1);
    // The after-sales filter proved it applied: the journal says so, who decided and when.
    const status = await t.invoke('afterSales:status', { orderId: id });
    expect(status).toMatchObject({
      ok: true,
      data: { unsettled: null, entries: [{ approved: false, reason: 'Redeemed', state: 'applied' }] },
    });
    expect(t.problems).toEqual([]);
  });

  it('a decision a crash left unsettled: shown, a new one refused unsent, "Check again" settles it', async () => {
    const id = awaiting();
    const sandbox = t.kit.platform.sandbox;
    // What a process killed between the journal write and the answer leaves behind (the request never arrived).
    const left = openDecisionJournal(journalFilePath(t.kit.dataDir, 'test'));
    left.begin({
      attemptId: 'crashed',
      orderId: id,
      approved: true,
      reason: null,
      imageUrls: [],
      sentAtMs: Date.now(),
      actor: 'app (test)',
    });
    left.close();

    const status = await t.invoke('afterSales:status', { orderId: id });
    expect(status).toMatchObject({ ok: true, data: { unsettled: { attemptId: 'crashed', state: 'pending' } } });
    const journal = await t.invoke('afterSales:journal', {});
    expect(journal).toMatchObject({ ok: true, data: { unsettled: [{ orderId: id }] } });
    sandbox.resetCounts();
    const refused = await t.invoke('afterSales:decide', { orderId: id, isApproved: false, rejectDescription: 'No' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'outcome-unknown', code: 'decision-unsettled' } });
    expect(sandbox.requestCount()).toBe(0);

    const checked = await t.invoke('afterSales:check', { orderId: id });
    expect(checked).toMatchObject({ ok: true, data: { review: 'awaiting', settled: { state: 'not-sent' } } });
    const decided = await t.invoke('afterSales:decide', { orderId: id, isApproved: false, rejectDescription: 'No' });
    expect(decided.ok).toBe(true);
    expect(sandbox.store.get(id)!.decisions.map((d) => d.isApproved)).toEqual([false]);
  });

  it('"Check again" on an order decided elsewhere tells every count, as the merchant\'s own action', async () => {
    const id = awaiting();
    expect(t.kit.platform.sandbox.store.audit(id, { orderId: id, isApproved: true } as never)).toBe('ok');
    changed.length = 0;
    const checked = await t.invoke('afterSales:check', { orderId: id });
    expect(checked).toMatchObject({ ok: true, data: { review: 'not-awaiting', settled: null } });
    expect(changed).toEqual([
      {
        profileId: expect.any(String),
        events: [expect.objectContaining({ type: 'after-sales-changed', orderId: id })],
        byMerchant: true,
      },
    ]);
  });

  it('a blank reason is refused by the contract: nothing sent', async () => {
    t.kit.platform.sandbox.resetCounts();
    const r = await t.invoke('afterSales:decide', { orderId: awaiting(), isApproved: false, rejectDescription: ' ' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(t.kit.platform.sandbox.requestCount()).toBe(0);
  });
});
