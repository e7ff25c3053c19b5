import { learnFixtureStatuses } from '../cache/testing/learnedFixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { fixedCredentials } from '../credentials/credentials';
import { openOrderCache } from '../cache/openCache';
import { platformConfigSchema } from '../config/platformConfig';
import { createAxiosTransport } from '../http/axiosTransport';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { attentionQueue } from './attention';
import { createSession, type Session } from './session';

const MIN = 60_000;
const NOW = Date.UTC(2026, 2, 10, 12, 0);
const dirs: string[] = [];
const sessions: Session[] = [];

afterEach(() => {
  for (const s of sessions.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const config = platformConfigSchema.parse({
  baseUrl: 'https://api.example.com',
  platformUrl: 'https://platform.example.com',
  merchantId: 'm-1',
});

/** A session whose cache holds `orders`, with a clock the test moves. */
function sessionWith(orders: Order[], clock: { now: number }): Session {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-attention-'));
  dirs.push(dataDir);
  const session = createSession({
    config,
    credentials: fixedCredentials({}),
    profileId: 'shop',
    dataDir,
    cacheOwner: { baseUrl: config.baseUrl, merchantId: config.merchantId },
    statusLabels: { order: {}, afterSales: { '1': 'Awaiting seller review' } },
    transport: () => createAxiosTransport(),
    now: () => clock.now,
  });
  sessions.push(session);
  const c = openOrderCache({ file: session.cacheFile, identity: { baseUrl: config.baseUrl, merchantId: 'm-1' } });
  if (!c.ok) throw new Error(c.error.kind);
  c.value.applyPage(orders, { seenAtMs: NOW, baseline: false });
  learnFixtureStatuses(c.value, orders, NOW); // as the filter would have taught it
  c.value.close();
  return session;
}

function paid(seq: number, paidAgoMin: number, minutes: number, fields: Partial<Order> = {}): Order {
  const paidMs = NOW - paidAgoMin * MIN;
  return fakeOrder(seq, paidMs - MIN, {
    payTime: new Date(paidMs).toISOString(),
    orderItems: [{ productSpuTitle: `Gift card ${seq}`, quantity: 1, deliveryTime: minutes, deliveryTimeUnit: 3 }],
    ...fields,
  });
}

const delivered = { deliveringNumber: 1, orderDeliveryStatus: 2 };

describe('the attention queue', () => {
  const orders = [
    paid(1, 30, 10), // overdue since 20 min
    paid(2, 9, 10), // due soon (1 min left of 10)
    paid(3, 5, 10), // due in 5 min: due soon from 2.5 min before
    paid(4, 60, 10, { ...delivered, orderAfterSalesStatus: 1, isExistAfterSales: true }), // refund awaiting
    paid(5, 60, 10, {
      ...delivered,
      deliveryType: 2,
      deliveryErrorInfo: { errorCode: 'STOCK_OUT', errorMessage: 'out of stock at supplier' },
    }),
    paid(6, 60, 10, { ...delivered, isExistDispute: true }),
    paid(7, 60, 10, { ...delivered, orderAfterSalesStatus: 3, isExistAfterSales: true }), // decided: not in queue
  ];

  it('lists each kind with why, counts them, and says when the next order changes state', () => {
    const clock = { now: NOW };
    const r = attentionQueue(sessionWith(orders, clock));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.counts).toEqual({ refunds: 1, overdue: 1, dueSoon: 1, exceptions: 1, disputes: 1, total: 5 });
    expect(r.value.rows.map((row) => [row.kind, row.orderNum])).toEqual([
      ['refund', 'SO00000004'],
      ['overdue', 'SO00000001'],
      ['due-soon', 'SO00000002'],
      ['exception', 'SO00000005'],
      ['dispute', 'SO00000006'],
    ]);
    expect(r.value.rows[0]).toMatchObject({
      reason: 'After-sales request awaiting your decision',
      detail: 'Gift card 4 — after-sales status Awaiting seller review',
      dueMs: null,
    });
    expect(r.value.rows[1]).toMatchObject({ dueMs: NOW - 20 * MIN, detail: 'Gift card 1 — delivery time 10 min' });
    expect(r.value.rows[3]!.detail).toBe('out of stock at supplier (STOCK_OUT)');
    // Order 2 becomes overdue at +1 min; order 3 due soon at +2.5 min.
    expect(r.value.nextChangeMs).toBe(NOW + MIN);
    expect(r.value.asOfMs).toBe(NOW);
  });

  it('counts distinct orders in its total: a refund that is also overdue counts once (in each of its kinds)', () => {
    const clock = { now: NOW };
    // Overdue (paid 30 min ago, 10 min to deliver) and a request awaiting review: two kinds, one order.
    const both = paid(8, 30, 10, { orderAfterSalesStatus: 1, isExistAfterSales: true });
    const r = attentionQueue(sessionWith([...orders, both], clock));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.counts).toEqual({ refunds: 2, overdue: 2, dueSoon: 1, exceptions: 1, disputes: 1, total: 6 });
  });

  it('an unsettled decision (sent, outcome unknown) leads the queue: "Outcome unknown — sent at HH:MM"', () => {
    const clock = { now: NOW };
    const session = sessionWith(orders, clock);
    const journal = session.decisionJournal();
    if (!journal.ok) throw new Error(journal.error.message);
    const sent = NOW - 5 * MIN;
    journal.value.begin({
      attemptId: 'a1',
      orderId: orders[3]!.id,
      approved: true,
      reason: null,
      imageUrls: [],
      sentAtMs: sent,
      actor: 'app (t)',
    });
    const r = attentionQueue(session);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.counts).toMatchObject({ refunds: 1, total: 5 }); // the same order: not counted twice
    const hhmm = new Date(sent).toTimeString().slice(0, 5);
    expect(r.value.rows[0]).toMatchObject({
      kind: 'refund',
      orderNum: 'SO00000004',
      reason: `Outcome unknown — approval sent at ${hhmm}; check it before deciding again`,
    });
    expect(r.value.rows.filter((row) => row.orderId === orders[3]!.id)).toHaveLength(1);
  });

  it('moves orders on with the clock alone: due soon → overdue, not due → due soon', () => {
    const clock = { now: NOW };
    const session = sessionWith(orders, clock);
    clock.now = NOW + MIN;
    const later = attentionQueue(session);
    if (!later.ok) throw new Error(later.error.message);
    expect(later.value.counts).toMatchObject({ overdue: 2, dueSoon: 0 });
    expect(later.value.nextChangeMs).toBe(NOW + 2.5 * MIN);
    clock.now = NOW + 2.5 * MIN;
    const r = attentionQueue(session);
    expect(r.ok && r.value.rows.filter((row) => row.kind === 'due-soon').map((row) => row.orderNum)).toEqual([
      'SO00000003',
    ]);
    clock.now = NOW + 5 * MIN;
    const end = attentionQueue(session);
    expect(end.ok && [end.value.counts.overdue, end.value.nextChangeMs]).toEqual([3, null]);
  });

  it('is bounded per kind, and refuses a bad bound', () => {
    const many = Array.from({ length: 12 }, (_, i) => paid(100 + i, 30 + i, 10));
    const session = sessionWith(many, { now: NOW });
    const r = attentionQueue(session, { limitPerKind: 5 });
    expect(r.ok && [r.value.counts.overdue, r.value.rows.length]).toEqual([12, 5]);
    // Most overdue first.
    expect(r.ok && r.value.rows[0]!.orderNum).toBe('SO00000111');
    expect(attentionQueue(session, { limitPerKind: 0 })).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('quick counts: exact up to the cap, else the cap named in countsAtLeast; an unsettled decision keeps them true', () => {
    const many = Array.from({ length: 12 }, (_, i) => paid(100 + i, 30 + i, 10));
    const base = sessionWith([...orders, ...many], { now: NOW });
    const session = createSession({ ...base.parts, countCap: 3 });
    const exact = attentionQueue(session);
    if (!exact.ok) throw new Error(exact.error.message);
    expect(exact.value.counts).toEqual({ refunds: 1, overdue: 13, dueSoon: 1, exceptions: 1, disputes: 1, total: 17 });
    expect(exact.value.countsAtLeast).toEqual([]);
    // A decision sent on order 7 (decided: not in the queue) whose outcome is unknown: one more refund row.
    const journal = session.decisionJournal();
    if (!journal.ok) throw new Error(journal.error.message);
    journal.value.begin({
      attemptId: 'a7',
      orderId: orders[6]!.id,
      approved: false,
      reason: null,
      imageUrls: [],
      sentAtMs: NOW - MIN,
      actor: 'app (t)',
    });
    const quick = attentionQueue(session, { quickCounts: true });
    if (!quick.ok) throw new Error(quick.error.message);
    // Overdue over the cap: "more than 3", and so the total; the others exact (refunds counts the unsettled one).
    expect(quick.value.counts).toEqual({ refunds: 2, overdue: 3, dueSoon: 1, exceptions: 1, disputes: 1, total: 3 });
    expect(quick.value.countsAtLeast).toEqual(['overdue', 'total']);
    const again = attentionQueue(session);
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.counts).toMatchObject({ refunds: 2, overdue: 13, total: 18 });
    // The same rows: only the counting is bounded.
    expect(quick.value.rows).toEqual(again.value.rows);
  });

  it('follows the profile’s due-soon window', () => {
    const clock = { now: NOW };
    const session = sessionWith([paid(1, 100, 120)], clock); // due in 20 min
    const narrow = createSession({
      ...session.parts,
      deliveryDeadlines: {
        rules: { clockStart: 'paid', partialDelivery: 'earliest-first', closedOrderStatuses: [5, 6] },
        dueSoon: { fraction: 0.25, capMinutes: 10 },
      },
    });
    sessions.push(narrow);
    expect(attentionQueue(session)).toMatchObject({ ok: true, value: { counts: { dueSoon: 1 } } });
    session.close();
    expect(attentionQueue(narrow)).toMatchObject({ ok: true, value: { counts: { dueSoon: 0 } } });
  });
});
