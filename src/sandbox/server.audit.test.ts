import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from './server';
import { audit, FakeClock, listOrders, startTestSandbox } from '../../test/helpers/sandboxTestKit';

const clock = new FakeClock();
let h: SandboxHandle;
beforeAll(async () => {
  h = await startTestSandbox({ orders: 600, seed: 9, now: clock.now });
});
afterAll(() => h.stop());

/** IDs of orders whose after-sales request awaits review, newest first. */
const awaiting = () => h.store.query({ pageIndex: 1, pageSize: 100, orderAfterSalesStatus: [1] }).list.map((o) => o.id);

describe('after-sales audit', () => {
  it('approve: data true; after-sales 2, order refunded, updateTime bumped, visible in the list', async () => {
    const id = awaiting()[0]!;
    clock.advance(1000);
    const r = await audit(h, id, { isApproved: true });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ code: '0000', msg: 'Success', time: new Date(clock.ms).toISOString(), data: true });
    expect(h.store.get(id)).toMatchObject({
      updateTimeMs: clock.ms,
      order: { orderAfterSalesStatus: 2, orderStatus: 6, isExistAfterSales: true },
    });
    const listed = await listOrders(h, `{"id":${id}}`);
    expect(listed.json.data.list[0]).toMatchObject({ orderStatus: 6 });
    // The spec's Order has no after-sales status: it is learned through the list's filter.
    expect(listed.json.data.list[0]).not.toHaveProperty('orderAfterSalesStatus');
    const byFilter = (status: number) => listOrders(h, `{"id":${id},"orderAfterSalesStatus":[${status}]}`);
    expect((await byFilter(1)).json.data.totalCount).toBe(0);
    expect((await byFilter(2)).json.data.totalCount).toBe(1);
    expect(h.store.get(id)!.decisions).toEqual([{ isApproved: true, atMs: clock.ms }]);
    const updated = await listOrders(h, { updateBeginDate: new Date(clock.ms).toISOString() });
    expect(updated.json.data.list.map((o: { id: string }) => o.id)).toEqual([id]);
  });

  it('approve may carry a reason; it is not required', async () => {
    const id = awaiting()[0]!;
    expect((await audit(h, id, { isApproved: true, rejectDescription: '' })).json.code).toBe('0000');
  });

  it('reject: after-sales 3, order status unchanged, reason and evidence kept', async () => {
    const id = awaiting()[0]!;
    const statusBefore = h.store.get(id)!.order.orderStatus;
    const r = await audit(h, id, {
      isApproved: false,
      rejectDescription: 'Code was redeemed — siehe Protokoll 🧾',
      rejectImageUrls: ['https://cdn.example.com/proof.png'],
    });
    expect(r.json).toMatchObject({ code: '0000', data: true });
    expect(h.store.get(id)).toMatchObject({
      rejectDescription: 'Code was redeemed — siehe Protokoll 🧾',
      rejectImageUrls: ['https://cdn.example.com/proof.png'],
      order: { orderAfterSalesStatus: 3, orderStatus: statusBefore },
    });
  });

  it('a second decision on the same order is 20002', async () => {
    const id = awaiting()[0]!;
    expect((await audit(h, id, { isApproved: true })).json.code).toBe('0000');
    const again = await audit(h, id, { isApproved: false, rejectDescription: 'no' });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ code: '20002', msg: 'no after-sales request awaiting review', data: null });
    expect(h.store.get(id)!.order.orderAfterSalesStatus).toBe(2);
  });

  it('an order without a pending request is 20002', async () => {
    const id = h.store.query({ pageIndex: 1, pageSize: 1, orderAfterSalesStatus: [0] }).list[0]!.id;
    expect((await audit(h, id, { isApproved: true })).json.code).toBe('20002');
    expect(h.store.get(id)!.order.orderAfterSalesStatus).toBe(0);
  });

  it('an unknown order is 20001 — also the 64-bit neighbour of a real ID', async () => {
    const id = awaiting()[0]!;
    const neighbour = (BigInt(id) + 1n).toString();
    expect((await audit(h, neighbour, { isApproved: true })).json).toMatchObject({
      code: '20001',
      msg: 'order not found',
      data: null,
    });
    expect((await audit(h, '1', { isApproved: true })).json.code).toBe('20001');
    expect(h.store.get(id)!.order.orderAfterSalesStatus).toBe(1);
  });

  it('a non-numeric orderId in the path is HTTP 404, code 10001', async () => {
    for (const bad of ['abc', '12ab', '-5', '0', '1.5']) {
      const r = await audit(h, bad, { isApproved: true });
      expect(r.status, bad).toBe(404);
      expect(r.json.code).toBe('10001');
    }
  });

  it.each([
    [{}, 'isApproved'],
    [{ isApproved: 'false' }, 'isApproved'],
    [{ isApproved: false }, 'rejectDescription'],
    [{ isApproved: false, rejectDescription: '   ' }, 'rejectDescription'],
    [{ isApproved: false, rejectDescription: 'x', rejectImageUrls: 'https://a' }, 'rejectImageUrls'],
    [{ isApproved: false, rejectDescription: 'x', rejectImageUrls: [42] }, 'rejectImageUrls[0]'],
    ['{"isApproved":tru', 'not valid JSON'],
  ])('body %j is 10002 naming %s, and changes nothing', async (body, field) => {
    const id = awaiting()[0]!;
    const r = await audit(h, id, body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: '10002', data: null, msg: expect.stringContaining(field) });
    expect(h.store.get(id)!.order.orderAfterSalesStatus).toBe(1);
  });

  it('needs the bearer token (401 before anything else)', async () => {
    const id = awaiting()[0]!;
    const r = await audit(h, id, { isApproved: true }, { authorization: 'Bearer nope' });
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('40101');
    expect(h.store.get(id)!.order.orderAfterSalesStatus).toBe(1);
  });
});
