import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from './server';
import { FakeClock, listOrders, readResponse, startTestSandbox } from '../../test/helpers/sandboxTestKit';

const clock = new FakeClock();
let h: SandboxHandle;
beforeAll(async () => {
  h = await startTestSandbox({ orders: 300, seed: 4, now: clock.now });
});
afterAll(() => h.stop());

const deliver = async (id: string, token = h.token) =>
  readResponse(
    await fetch(`${h.baseUrl}/_sandbox/order/${id}/deliver`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    }),
  );

describe('sandbox management: mark an order delivered', () => {
  it('delivers what is missing; the list serves it changed, with a new update time', async () => {
    const paid = h.store.query({ pageIndex: 1, pageSize: 100, sellerOrderStatus: [2] }).list[0]!;
    const before = h.requestCount();
    clock.advance(5_000);
    const r = await deliver(paid.id);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      code: '0000',
      data: { id: paid.id, orderStatus: 3, orderDeliveryStatus: 1, deliveringNumber: paid.orderDeliveryTotal },
    });
    // Not a platform endpoint: not counted.
    expect(h.requestCount()).toBe(before);
    const updated = await listOrders(h, { updateBeginDate: new Date(clock.ms).toISOString() });
    expect(updated.json.data.list.map((o: { id: string }) => o.id)).toEqual([paid.id]);
  });

  it('refuses a wrong token, an order delivered already, and an unknown one', async () => {
    const paid = h.store.query({ pageIndex: 1, pageSize: 100, sellerOrderStatus: [2] }).list[0]!;
    expect((await deliver(paid.id, 'nope')).status).toBe(401);
    expect(h.store.get(paid.id)!.order.deliveringNumber).toBe(0);
    expect((await deliver(paid.id)).status).toBe(200);
    expect(await deliver(paid.id)).toMatchObject({ status: 409, json: { code: '20003' } });
    expect(await deliver('1')).toMatchObject({ json: { code: '20001' } });
    expect(await deliver('x1')).toMatchObject({ status: 404, json: { code: '10001' } });
  });
});
