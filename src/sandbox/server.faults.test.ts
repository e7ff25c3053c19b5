import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from './server';
import {
  audit,
  FakeClock,
  landing,
  listOrders,
  readResponse,
  signedBuyerSync,
  startTestSandbox,
} from '../../test/helpers/sandboxTestKit';

const clock = new FakeClock();
let h: SandboxHandle;
beforeEach(async () => {
  h = await startTestSandbox({ orders: 300, seed: 13, now: clock.now });
});
afterEach(() => h.stop());

const awaitingId = () => h.store.query({ pageIndex: 1, pageSize: 1, orderAfterSalesStatus: [1] }).list[0]!.id;
const afterSalesOf = (id: string) => h.store.get(id)!.order.orderAfterSalesStatus;

/** fetch rejects when the socket is destroyed without an answer. */
async function expectNoAnswer(p: Promise<unknown>): Promise<void> {
  await expect(p).rejects.toThrow();
}

describe('scripted faults', () => {
  it('platform-10004: HTTP 200, envelope 10004, data null; the request is not applied', async () => {
    const id = awaitingId();
    h.failNext('audit', 'platform-10004');
    const r = await audit(h, id, { isApproved: true });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ code: '10004', msg: 'Server error', time: new Date(clock.ms).toISOString(), data: null });
    expect(afterSalesOf(id)).toBe(1);
    expect((await audit(h, id, { isApproved: true })).json.code).toBe('0000'); // one-shot
  });

  it('platform-10004 on buyer sync uses the buyer-sync time format', async () => {
    h.failNext('buyer-sync', 'platform-10004');
    const r = await signedBuyerSync(h, { merchantUserNo: 'u', email: 'u@example.com' }, { nowMs: clock.ms });
    expect(r.json).toMatchObject({
      code: '10004',
      data: null,
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(h.buyers.size).toBe(0);
  });

  it('http-500, http-503 and http-429 (Retry-After: 1) are not applied', async () => {
    const id = awaitingId();
    h.failNext('audit', 'http-500', 'http-503', 'http-429');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await audit(h, id, { isApproved: true });
      statuses.push(r.status);
      if (r.status === 429) expect(r.headers.get('retry-after')).toBe('1');
      else expect(r.headers.get('retry-after')).toBeNull();
    }
    expect(statuses).toEqual([500, 503, 429]);
    expect(afterSalesOf(id)).toBe(1);
  });

  it('drop-before-processing: no answer and the decision is not applied', async () => {
    const id = awaitingId();
    h.failNext('audit', 'drop-before-processing');
    await expectNoAnswer(audit(h, id, { isApproved: true }));
    expect(afterSalesOf(id)).toBe(1);
  });

  it('drop-after-processing: no answer, but the decision was applied', async () => {
    const id = awaitingId();
    h.failNext('audit', 'drop-after-processing');
    await expectNoAnswer(audit(h, id, { isApproved: true }));
    expect(afterSalesOf(id)).toBe(2);
    expect((await audit(h, id, { isApproved: true })).json.code).toBe('20002');
  });

  it('hang-after-processing: applied, never answered (the client times out)', async () => {
    const id = awaitingId();
    h.failNext('audit', 'hang-after-processing');
    const started = Date.now();
    await expect(
      fetch(`${h.baseUrl}${h.apiPrefix}/seller/order/${id}/after-sales/seller-audit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
        body: '{"isApproved":false,"rejectDescription":"late"}',
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(h.store.get(id)).toMatchObject({ rejectDescription: 'late', order: { orderAfterSalesStatus: 3 } });
  });

  it('stop() ends hanging requests instead of waiting for them', async () => {
    h.failNext('orders', 'hang-after-processing');
    const pending = listOrders(h, {});
    pending.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    const t = Date.now();
    await h.stop();
    expect(Date.now() - t).toBeLessThan(1000);
    await expectNoAnswer(pending);
  });

  it('malformed-body: HTTP 200 with a non-JSON body', async () => {
    h.failNext('orders', 'malformed-body');
    const r = await listOrders(h, {});
    expect(r.status).toBe(200);
    expect(r.text).toBe('not json <html>');
    expect(r.json).toBeUndefined();
  });

  it('not-envelope: HTTP 200 with JSON that is not the envelope', async () => {
    h.failNext('orders', 'not-envelope');
    const r = await listOrders(h, {});
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ hello: 1 });
  });

  it('drop-after-processing on buyer sync: the user was created and a code issued', async () => {
    h.failNext('buyer-sync', 'drop-after-processing');
    await expectNoAnswer(signedBuyerSync(h, { merchantUserNo: 'u-9', email: 'u@example.com' }, { nowMs: clock.ms }));
    expect(h.buyers.get('u-9')).toBeDefined();
    expect(h.authCodes.issued()).toHaveLength(1);
  });

  it('queued faults are consumed in order, per endpoint, then requests succeed', async () => {
    h.failNext('orders', 'http-503', 'platform-10004');
    h.failNext('audit', 'http-500');
    const codes: (string | number)[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await listOrders(h, {});
      codes.push(r.status === 200 ? r.json.code : r.status);
    }
    expect(codes).toEqual([503, '10004', '0000']);
    expect((await audit(h, awaitingId(), { isApproved: true })).status).toBe(500);
  });

  it('unknown faults or endpoints are refused', () => {
    expect(() => h.failNext('orders', 'explode' as never)).toThrow(/unknown fault/);
    expect(() => h.failNext('landing' as never, 'http-500')).toThrow(/unknown endpoint/);
  });
});

describe('request counts', () => {
  it('count every request per endpoint, faulted ones included; resetCounts() zeroes them', async () => {
    h.failNext('orders', 'drop-before-processing', 'http-503');
    await expectNoAnswer(listOrders(h, {}));
    await listOrders(h, {});
    await listOrders(h, {});
    await listOrders(h, {}, { authorization: 'Bearer wrong' });
    await audit(h, '1', { isApproved: true });
    await signedBuyerSync(h, { merchantUserNo: 'u', email: 'u@example.com' }, { nowMs: clock.ms });
    await landing(h, 'x', 'no-such-code'); // not an API endpoint
    await fetch(`${h.origin}/nowhere`);
    expect(h.requestCount('orders')).toBe(4);
    expect(h.requestCount('audit')).toBe(1);
    expect(h.requestCount('buyer-sync')).toBe(1);
    expect(h.requestCount()).toBe(6);
    h.resetCounts();
    expect(h.requestCount()).toBe(0);
  });
});

describe('random faults', () => {
  it('rate5xx 1: every API request is a 503; the landing page is not affected', async () => {
    h.setFaults({ rate5xx: 1 });
    for (let i = 0; i < 3; i++) expect((await listOrders(h, {})).status).toBe(503);
    expect((await landing(h, 'x', 'nope')).status).toBe(401);
    h.setFaults({});
    expect((await listOrders(h, {})).status).toBe(200);
  });

  it('rateDrop 1 drops, rate10004 1 answers 10004, rateMalformed 1 answers non-JSON — none applied', async () => {
    const id = awaitingId();
    h.setFaults({ rateDrop: 1 });
    await expectNoAnswer(audit(h, id, { isApproved: true }));
    h.setFaults({ rate10004: 1 });
    expect((await audit(h, id, { isApproved: true })).json.code).toBe('10004');
    h.setFaults({ rateMalformed: 1 });
    expect((await audit(h, id, { isApproved: true })).text).toBe('not json <html>');
    expect(afterSalesOf(id)).toBe(1);
  });

  it('scripted faults come before random ones', async () => {
    h.setFaults({ rate5xx: 1 });
    h.failNext('orders', 'not-envelope');
    expect((await listOrders(h, {})).json).toEqual({ hello: 1 });
    expect((await listOrders(h, {})).status).toBe(503);
  });

  it('the rates use the given random source, slice by slice', async () => {
    const draws = [0.05, 0.15, 0.25, 0.35, 0.95];
    h.setFaults({ rateDrop: 0.1, rate5xx: 0.1, rate10004: 0.1, rateMalformed: 0.1, random: () => draws.shift()! });
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      try {
        const r = await listOrders(h, {});
        outcomes.push(r.status !== 200 ? String(r.status) : r.json ? r.json.code : 'malformed');
      } catch {
        outcomes.push('dropped');
      }
    }
    expect(outcomes).toEqual(['dropped', '503', '10004', 'malformed', '0000']);
  });

  it('by default the draws come from a PRNG seeded by the sandbox seed: same seed, same fault pattern', async () => {
    const pattern = async (s: SandboxHandle) => {
      s.setFaults({ rate10004: 0.5 });
      const codes: string[] = [];
      for (let i = 0; i < 16; i++) codes.push((await listOrders(s, {})).json.code);
      return codes.join(',');
    };
    const twin = await startTestSandbox({ orders: 300, seed: 13, now: clock.now });
    try {
      const a = await pattern(h);
      expect(await pattern(twin)).toBe(a);
      expect(a).toContain('10004');
      expect(a).toContain('0000');
    } finally {
      await twin.stop();
    }
  });

  it('latencyMs delays every answer', async () => {
    h.setFaults({ latencyMs: 150 });
    const t = Date.now();
    expect((await listOrders(h, {})).status).toBe(200);
    expect((await landing(h, 'x', 'nope')).status).toBe(401);
    expect(Date.now() - t).toBeGreaterThanOrEqual(290);
  });

  it('refuses rates outside 0..1', () => {
    expect(() => h.setFaults({ rate5xx: 1.5 })).toThrow(RangeError);
    expect(() => h.setFaults({ latencyMs: -1 })).toThrow(RangeError);
  });
});

describe('answers after stop', () => {
  it('a stopped sandbox refuses connections', async () => {
    const s = await startTestSandbox({ orders: 1 });
    const url = `${s.baseUrl}${s.apiPrefix}/seller/order`;
    await s.stop();
    await s.stop(); // idempotent
    await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
    const r = await readResponse(await fetch(`${h.baseUrl}/nowhere`));
    expect(r.status).toBe(404);
  });
});
