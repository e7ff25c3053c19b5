import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAppSessionKit, type AppSessionKit } from '../../../test/helpers/appSession';
import { openDecisionJournal, type DecisionJournal } from '../afterSales/decisionJournal';
import { createAxiosTransport } from '../http/axiosTransport';
import { DEFAULT_AWAITING_REVIEW, learnedAfterSalesStatus } from '../../shared/domain/afterSalesReview';
import { checkDecision, decideAfterSales, decisionStatus, DEFAULT_AFTER_SALES_POLICY } from './afterSales';
import type { Session, SessionParts } from './session';
import { syncNow } from './sync';

/** Against the sandbox in its default, spec-shaped mode: orders carry no after-sales status field. */
let kit: AppSessionKit;
let session: Session;
beforeAll(async () => {
  kit = await startAppSessionKit({ orders: 120, seed: 4 }, 800);
  session = kit.session();
  const synced = await syncNow(session);
  expect(synced.ok).toBe(true);
});
afterAll(() => kit.stop());
beforeEach(() => kit.platform.sandbox.resetCounts());

const store = () => kit.platform.sandbox.store;
/** Orders whose request awaits review on the platform (status 1), one fresh one per call. */
const used = new Set<string>();
function awaiting(): string {
  const id = store()
    .query({ pageIndex: 1, pageSize: 100, orderAfterSalesStatus: [1] })
    .list.map((o) => o.id)
    .find((i) => !used.has(i));
  if (!id) throw new Error('the sandbox has no order awaiting review left');
  used.add(id);
  return id;
}
const audits = () => kit.platform.sandbox.requestCount('audit');
const listRequests = () => kit.platform.sandbox.requestCount('orders');
/** What reached the platform's audit endpoint for the order. */
const decisionsOf = (id: string) =>
  store()
    .get(id)!
    .decisions.map((d) => d.isApproved);

/** A journal whose disk fails at a chosen step: its SQLite connection is closed there, so writes throw for real. */
function failingJournal(when: 'before-write' | 'after-write', handle: { journal?: DecisionJournal }) {
  return (file: string): DecisionJournal => {
    const real = openDecisionJournal(file);
    handle.journal = real;
    return {
      ...real,
      begin: (entry) => {
        if (when === 'before-write') real.close();
        const r = real.begin(entry);
        if (when === 'after-write') real.close();
        return r;
      },
    };
  };
}

describe('the decision policy', () => {
  it('awaits the labelled default of src/shared (the renderer reads the same one)', () => {
    expect(DEFAULT_AFTER_SALES_POLICY.awaitingReview).toBe(DEFAULT_AWAITING_REVIEW);
  });
});

describe('deciding an after-sales request (spec-shaped platform)', () => {
  it('the filter lists it as awaiting: journaled, sent once, settled by the answer', async () => {
    const id = awaiting();
    const r = await decideAfterSales(session, { orderId: id, isApproved: true });
    expect(r).toMatchObject({
      ok: true,
      value: { orderId: id, approved: true, refetchError: null, journal: { state: 'applied', orderId: id } },
    });
    expect(audits()).toBe(1);
    expect(listRequests()).toBe(2); // the check { id, orderAfterSalesStatus: [1] } and the re-fetch
    expect(decisionsOf(id)).toEqual([true]);
    const status = decisionStatus(session, id);
    expect(status).toMatchObject({ ok: true, value: { unsettled: null, entries: [{ approved: true }] } });
  });

  it('the filter does not list it (decided already): refused locally, nothing sent', async () => {
    const id = awaiting();
    expect((await decideAfterSales(session, { orderId: id, isApproved: true })).ok).toBe(true);
    kit.platform.sandbox.resetCounts();
    const again = await decideAfterSales(session, { orderId: id, isApproved: false, rejectDescription: 'no' });
    expect(again).toMatchObject({ ok: false, error: { kind: 'platform', code: 'not-awaiting-review' } });
    if (!again.ok) expect(again.error.message).toMatch(/does not list order \d+ as awaiting review.*Nothing was sent/);
    expect(audits()).toBe(0);
    expect(listRequests()).toBe(1); // the check
    expect(decisionsOf(id)).toEqual([true]);
  });

  it('the check fails: nothing sent, "Check again"', async () => {
    const id = awaiting();
    kit.platform.sandbox.failNext('orders', 'malformed-body');
    const r = await decideAfterSales(session, { orderId: id, isApproved: true });
    expect(r).toMatchObject({ ok: false, error: { code: 'review-unknown', action: 'Check again.' } });
    expect(audits()).toBe(0);
    expect(decisionsOf(id)).toEqual([]);
  });

  it('an unknown outcome (the answer never comes): never resent; the filter proves it applied', async () => {
    const id = awaiting();
    kit.platform.sandbox.failNext('audit', 'hang-after-processing');
    const r = await decideAfterSales(session, { orderId: id, isApproved: true });
    expect(r).toMatchObject({ ok: false, error: { kind: 'outcome-unknown' } });
    if (!r.ok) expect(r.error.message).toMatch(/NOT resent/);
    expect(audits()).toBe(1);
    expect(decisionStatus(session, id)).toMatchObject({
      ok: true,
      value: { unsettled: null, entries: [{ state: 'applied', settledBy: expect.stringMatching(/filter/) }] },
    });
    const again = await decideAfterSales(session, { orderId: id, isApproved: false, rejectDescription: 'x' });
    expect(again).toMatchObject({ ok: false, error: { code: 'not-awaiting-review' } });
    expect(decisionsOf(id)).toEqual([true]);
  });

  it('"Check again" while this session is still sending the decision: not read as "not applied", nothing settled', async () => {
    const id = awaiting();
    // The decision's own check before sending never gets its answer: the call is still on its way here.
    kit.platform.sandbox.failNext('orders', 'hang-after-processing');
    const deciding = decideAfterSales(session, { orderId: id, isApproved: true });
    await vi.waitFor(() => expect(listRequests()).toBe(1));
    const checked = await checkDecision(session, id);
    expect(checked).toMatchObject({
      ok: false,
      error: { kind: 'outcome-unknown', code: 'decision-in-flight', action: expect.stringMatching(/Check again/) },
    });
    // The call goes on (its check asked again after the timeout) and is applied: "awaiting" would have been wrong.
    expect(await deciding).toMatchObject({ ok: true, value: { journal: { state: 'applied' } } });
    expect(audits()).toBe(1);
    expect(await checkDecision(session, id)).toMatchObject({ ok: true, value: { review: 'not-awaiting' } });
  });

  it('no cache at all: checked and sent', async () => {
    const fresh = kit.session({ profileId: 'no-cache' });
    const id = awaiting();
    const r = await decideAfterSales(fresh, { orderId: id, isApproved: true });
    expect(r).toMatchObject({ ok: true, value: { cached: false } });
    expect(audits()).toBe(1);
  });

  it('bad input: nothing sent, not even the check', async () => {
    const r = await decideAfterSales(session, { orderId: awaiting(), isApproved: false, rejectDescription: ' ' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(kit.platform.sandbox.requestCount()).toBe(0);
  });
});

describe('the decision journal is written before the request (the disk fails)', () => {
  let n = 0;
  /** A separate profile per case, so its journal starts empty. */
  const profile = () => `disk-${++n}`;

  it('the disk fails at the journal write: nothing is sent', async () => {
    const id = awaiting();
    const handle: { journal?: DecisionJournal } = {};
    const s = kit.session({ profileId: profile(), openJournal: failingJournal('before-write', handle) });
    const r = await decideAfterSales(s, { orderId: id, isApproved: true });
    expect(r).toMatchObject({ ok: false, error: { kind: 'io', code: 'journal' } });
    if (!r.ok) expect(r.error.message).toMatch(/Nothing was sent/);
    expect(audits()).toBe(0);
    expect(decisionsOf(id)).toEqual([]);
  });

  /** After the failure: a restart finds the row unsettled, refuses a new decision, and a check settles it. */
  async function restartFindsItUnsettled(profileId: string, id: string) {
    const restarted = kit.session({ profileId });
    expect(decisionStatus(restarted, id)).toMatchObject({
      ok: true,
      value: { unsettled: { orderId: id, approved: true, state: 'pending' } },
    });
    kit.platform.sandbox.resetCounts();
    const other = await decideAfterSales(restarted, { orderId: id, isApproved: false, rejectDescription: 'x' });
    expect(other).toMatchObject({ ok: false, error: { kind: 'outcome-unknown', code: 'decision-unsettled' } });
    if (!other.ok)
      expect(other.error.message).toMatch(/^Outcome unknown — the approval of order \d+ was sent at \d\d:\d\d/);
    expect(kit.platform.sandbox.requestCount()).toBe(0);
    const checked = await checkDecision(restarted, id);
    expect(checked).toMatchObject({ ok: true, value: { review: 'not-awaiting', settled: { state: 'applied' } } });
    expect(decisionStatus(restarted, id)).toMatchObject({ ok: true, value: { unsettled: null } });
    expect(decisionsOf(id)).toEqual([true]); // nothing lost, nothing doubled
  }

  it('the disk fails right after the journal write: sent once; the row survives, unsettled, until checked', async () => {
    const id = awaiting();
    const profileId = profile();
    const handle: { journal?: DecisionJournal } = {};
    const s = kit.session({ profileId, openJournal: failingJournal('after-write', handle) });
    const r = await decideAfterSales(s, { orderId: id, isApproved: true });
    expect(r).toMatchObject({ ok: true, value: { journal: null } }); // applied, but the journal could not say so
    expect(audits()).toBe(1);
    await restartFindsItUnsettled(profileId, id);
  });

  it('the disk fails after the request (its answer arrives to a dead journal): same, nothing lost or doubled', async () => {
    const id = awaiting();
    const profileId = profile();
    const handle: { journal?: DecisionJournal } = {};
    const axios = createAxiosTransport();
    const transport: SessionParts['transport'] = () => ({
      async send(request) {
        const answer = await axios.send(request);
        if (request.url.includes('/after-sales/')) handle.journal?.close();
        return answer;
      },
    });
    const s = kit.session({
      profileId,
      transport,
      openJournal: (file) => (handle.journal = openDecisionJournal(file)),
    });
    const r = await decideAfterSales(s, { orderId: id, isApproved: true });
    expect(r).toMatchObject({ ok: true, value: { journal: null } });
    expect(audits()).toBe(1);
    await restartFindsItUnsettled(profileId, id);
  });
});

describe('counts follow what a decision or a check taught (the learned state changes as an event)', () => {
  const learnedStatus = (id: string) => {
    const read = session.cacheIfUsable()!.getOrder(id);
    return read.ok && read.value ? learnedAfterSalesStatus(read.value) : 'unreadable';
  };

  it('a decision answers the learned state leaving "awaiting", beside the re-fetched order', async () => {
    const id = awaiting();
    expect(learnedStatus(id)).toBe(1); // the sync's learning pass listed it as awaiting
    const r = await decideAfterSales(session, { orderId: id, isApproved: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.events).toContainEqual(
      expect.objectContaining({
        type: 'after-sales-changed',
        orderId: id,
        from: { exists: true, status: 1 },
        to: { exists: true, status: null },
      }),
    );
    expect(learnedStatus(id)).toBe(null);
  });

  it('"Check again" after a decision made elsewhere answers the change once; a second check answers none', async () => {
    const id = awaiting();
    expect(learnedStatus(id)).toBe(1);
    expect(store().audit(id, { orderId: id, isApproved: false, rejectDescription: 'Used' } as never)).toBe('ok');
    const first = await checkDecision(session, id);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.review).toBe('not-awaiting');
    expect(first.value.events).toEqual([
      expect.objectContaining({
        type: 'after-sales-changed',
        orderId: id,
        from: expect.objectContaining({ status: 1 }),
      }),
    ]);
    const second = await checkDecision(session, id);
    expect(second).toMatchObject({ ok: true, value: { review: 'not-awaiting', events: [] } });
    expect(audits()).toBe(0); // a check never sends a decision
  });
});
