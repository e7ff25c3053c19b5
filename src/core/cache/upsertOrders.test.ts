import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeOrderChange, type ChangeEvent } from '../sync/changeEvents';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { OrderDocs } from './orderDocs';

let cache: OrderCache;
beforeEach(() => {
  const r = openOrderCache({ file: path.join(mkdtempSync(path.join(tmpdir(), 'md-upsert-')), 'c.sqlite') });
  if (!r.ok) throw new Error(r.error.kind);
  cache = r.value;
});
afterEach(() => cache.close());

const T0 = Date.UTC(2025, 5, 1);

describe('writing pages', () => {
  it('inserts, then counts identical orders as unchanged and changed ones as updated', () => {
    const a = fakeOrder(1, T0);
    const b = fakeOrder(2, T0 + 1000);
    expect(cache.applyPage([a, b], { seenAtMs: T0 + 5000, baseline: false })).toMatchObject({
      ok: true,
      value: { inserted: 2, updated: 0, unchanged: 0 },
    });
    expect(cache.applyPage([a, { ...b, orderStatus: 3 }], { seenAtMs: T0 + 9000, baseline: false })).toMatchObject({
      ok: true,
      value: { inserted: 0, updated: 1, unchanged: 1 },
    });
    expect(cache.getOrder(b.id)).toMatchObject({ ok: true, value: { id: b.id, orderStatus: 3 } });
  });

  it('stores the full JSON with 64-bit IDs exact, and unknown fields kept', () => {
    const o = { ...fakeOrder(7, T0), id: '9223372036854775807', extraField: { nested: [1, 2] } };
    cache.applyPage([o], { seenAtMs: T0, baseline: false });
    const back = cache.getOrder('9223372036854775807');
    expect(back).toEqual({ ok: true, value: o });
    expect(cache.getOrder('9223372036854775806')).toEqual({ ok: true, value: undefined });
  });

  it('records the known update time: newest carried instant for baseline rows, the seen time for observed changes', () => {
    const paidLater = fakeOrder(1, T0, { payTime: new Date(T0 + 3_600_000).toISOString() });
    cache.applyPage([paidLater], { seenAtMs: T0 + 99 * 86_400_000, baseline: false });
    const changedMs = () => cache.db.prepare('SELECT changed_ms FROM orders WHERE id = ?').pluck().get(paidLater.id);
    expect(changedMs()).toBe(T0 + 3_600_000);
    cache.applyPage([paidLater], { seenAtMs: T0 + 100 * 86_400_000, baseline: true });
    expect(changedMs()).toBe(T0 + 3_600_000); // unchanged: untouched
    cache.applyPage([{ ...paidLater, orderStatus: 4 }], { seenAtMs: T0 + 101 * 86_400_000, baseline: true });
    expect(changedMs()).toBe(T0 + 101 * 86_400_000);
    const fresh = fakeOrder(2, T0);
    cache.applyPage([fresh], { seenAtMs: T0 + 102 * 86_400_000, baseline: true });
    expect(cache.db.prepare('SELECT changed_ms FROM orders WHERE id = ?').pluck().get(fresh.id)).toBe(
      T0 + 102 * 86_400_000,
    );
  });

  it('writes change events in the page transaction only once a baseline exists', () => {
    const o = fakeOrder(1, T0);
    const none = cache.applyPage<ChangeEvent>([o], { seenAtMs: T0, baseline: false, describe: describeOrderChange });
    expect(none.ok && none.value.events).toEqual([]);
    const r = cache.applyPage<ChangeEvent>([{ ...o, isExistDispute: true }, fakeOrder(2, T0)], {
      seenAtMs: T0 + 1,
      baseline: true,
      describe: describeOrderChange,
    });
    expect(r.ok && r.value.events.map((e) => [e.type, e.seq])).toEqual([
      ['dispute-opened', 1],
      ['new-order', 2],
    ]);
    const stored = cache.eventsSince(0);
    expect(stored.ok && stored.value.map((e) => [e.seq, e.type, e.orderId])).toEqual([
      [1, 'dispute-opened', o.id],
      [2, 'new-order', fakeOrder(2, T0).id],
    ]);
    expect(stored.ok && JSON.parse(stored.value[0]!.payload)).toMatchObject({
      type: 'dispute-opened',
      orderId: o.id,
      atMs: T0 + 1,
    });
  });

  it('a late answer with an older copy does not overwrite the newer one (nor emit backward events)', () => {
    const o = fakeOrder(1, T0, { orderStatus: 2 });
    cache.applyPage([o], { seenAtMs: T0, baseline: true });
    cache.applyPage([{ ...o, orderStatus: 4 }], { seenAtMs: T0 + 5_000, baseline: true });
    const late = cache.applyPage<ChangeEvent>([{ ...o, orderStatus: 3 }], {
      seenAtMs: T0 + 2_000, // read before the copy stored above
      baseline: true,
      describe: describeOrderChange,
    });
    expect(late.ok && late.value).toMatchObject({ updated: 0, unchanged: 1, events: [] });
    expect(cache.getOrder(o.id)).toMatchObject({ ok: true, value: { orderStatus: 4 } });
    // Hours apart the other way is no late answer but a platform clock that jumped back: applied.
    const jumped = cache.applyPage([{ ...o, orderStatus: 5 }], { seenAtMs: T0 + 5_000 - 3_600_000, baseline: true });
    expect(jumped.ok && jumped.value).toMatchObject({ updated: 1 });
    expect(cache.getOrder(o.id)).toMatchObject({ ok: true, value: { orderStatus: 5 } });
  });

  it('a failed page leaves nothing half-written', () => {
    const good = fakeOrder(1, T0);
    const bad = fakeOrder(2, T0);
    let calls = 0;
    expect(() =>
      cache.applyPage([good, bad], {
        seenAtMs: T0,
        baseline: true,
        describe: () => {
          if (++calls === 2) throw new Error('boom');
          return [];
        },
      }),
    ).toThrow('boom');
    expect(cache.orderCount()).toEqual({ ok: true, value: 0 });
  });
});

describe('a page whose JSON texts the caller has already (the writer thread receives each order as its text)', () => {
  /** The stored document's text, decoded as every reader decodes it. */
  const storedJson = (id: string) => {
    const rid = cache.db.prepare('SELECT rid FROM orders WHERE id = ?').pluck().get(id) as number;
    return new OrderDocs(cache.db).json(rid);
  };

  it('stores each text as it came (not stringified again), its content hash from that text', () => {
    const orders = [fakeOrder(1, T0), { ...fakeOrder(2, T0), id: '18446744073709551615', remark: '备注 😀', x: [] }];
    // Texts a second JSON.stringify would never make: what is stored must be these.
    const texts = orders.map((o) => JSON.stringify({ ...o, marker: 'as received' }));
    expect(cache.applyPage(orders, { seenAtMs: T0, baseline: false, texts })).toMatchObject({
      ok: true,
      value: { inserted: 2 },
    });
    for (const [i, o] of orders.entries()) {
      expect(storedJson(o.id)).toBe(texts[i]);
      // The same text again is unchanged (same hash); the order's own text is a change.
      expect(cache.applyPage([o], { seenAtMs: T0 + 1, baseline: false, texts: [texts[i]!] })).toMatchObject({
        ok: true,
        value: { unchanged: 1 },
      });
      expect(cache.applyPage([o], { seenAtMs: T0 + 2, baseline: false })).toMatchObject({
        ok: true,
        value: { updated: 1 },
      });
      expect(cache.getOrder(o.id)).toEqual({ ok: true, value: o });
    }
  });
});
