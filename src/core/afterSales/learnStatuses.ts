import type { SellerApi } from '../api/sellerApi';
import type { OrderCache } from '../cache/orderCache';
import type { LearnedChange, LearnPassState, ListedSet } from '../cache/afterSalesLearning';
import type { ApiError } from '../../shared/errors/apiError';
import type { CacheError } from '../../shared/errors/cacheErrors';
import type { AfterSalesStatusSettings } from '../../shared/domain/afterSalesReview';
import type { OrderListQueryInput } from '../../shared/domain/requests';
import { formatIsoInstant } from '../../shared/time/isoInstant';
import { err, ok, type Result } from '../result';

/**
 * The after-sales status of orders, learned through the list's `orderAfterSalesStatus` filter (the spec's only
 * source of it: its Order has no status field) after each poll, and recorded by the cache (afterSalesLearning.ts).
 *
 * A **full pass** pages through each configured state from the start — awaiting review (bounded at
 * AWAITING_MAX_PAGES: the set that matters), then the decided states, approved, rejected and closed, when their
 * values are set (bounded at DECIDED_MAX_PAGES: they only grow; the newest are what a merchant looks at). It runs
 * the first time, when the values change, after a partial awaiting set, and every FULL_PASS_EVERY_MS.
 *
 * Between full passes, a poll asks **one probe**: every configured state's values at once, updated since the last
 * pass (PROBE_AFTER_MS). A status change bumps the order's update time (that is how a sync sees a request
 * open at all), so a probe that lists nothing means nothing changed state — one request per poll, whatever the size
 * of the awaiting set. A probe that lists orders is followed by each state's own since-query, which says which state
 * each is in now. What a probe cannot see (a change to a value no setting names, a platform that does not bump the
 * update time) the next full pass corrects. The money-moving check never relies on any of this: before a decision
 * the platform is asked about that one order (reviewCheck.ts).
 */

/** The platform's maximum page size. */
export const LEARN_PAGE_SIZE = 100;
/** At most this many pages of the awaiting set (1,000 requests awaiting a decision); beyond, it is partial. */
export const AWAITING_MAX_PAGES = 10;
/** At most this many pages of each decided state in a full pass (its newest 200 orders). */
export const DECIDED_MAX_PAGES = 2;
/** A full pass at least this often (this machine's clock: the platform's is not known before asking). */
export const FULL_PASS_EVERY_MS = 30 * 60_000;
/**
 * The probe asks for updates strictly after the previous pass's first answer, with no overlap: an overlap would list
 * again, at every poll inside it, the orders that changed just before that pass — each time followed by four
 * since-queries (the probe cannot say which state an order is in). An update the platform shows only after that
 * answer (a lagging index) is picked up by the next full pass; a decision never relies on it (reviewCheck.ts).
 */
export const PROBE_AFTER_MS = 1;

type StateName = 'awaiting' | 'approved' | 'rejected' | 'closed';

export interface LearnedStatuses {
  /** Orders the filter lists as awaiting review (a full pass), or the awaiting orders it listed (a probe's). */
  awaiting: number;
  /** 'full': every state paged from the start; 'probe': only what changed since the last pass. */
  mode: 'full' | 'probe';
  /** A full pass read every page of the awaiting set (orders not listed are then known not to await review). */
  complete: boolean;
  /** Order-list requests made. */
  requests: number;
  /** Cached orders whose learned state changed (0 on the first pass, a baseline). */
  changed: number;
  /** The changes, as `after-sales-changed` events (none on the first pass: a baseline). */
  events: LearnedChange[];
  learnedAtMs: number;
}

export type LearnError = { kind: 'api'; error: ApiError } | { kind: 'cache'; error: CacheError };

interface StateQuery {
  name: StateName;
  values: readonly number[];
  maxPages: number;
}

/** The states whose values are set, awaiting first (a later set wins for an order listed twice). */
function stateQueries(s: AfterSalesStatusSettings): StateQuery[] {
  const all: StateQuery[] = [
    { name: 'awaiting', values: s.awaitingReview, maxPages: AWAITING_MAX_PAGES },
    { name: 'approved', values: s.approved, maxPages: DECIDED_MAX_PAGES },
    { name: 'rejected', values: s.rejected, maxPages: DECIDED_MAX_PAGES },
    { name: 'closed', values: s.closed, maxPages: DECIDED_MAX_PAGES },
  ];
  return all.filter((q) => q.values.length > 0);
}

const valuesKeyOf = (queries: readonly StateQuery[]): string =>
  JSON.stringify(queries.map((q) => [q.name, [...q.values]]));

/** Whether this poll's pass is a full one. */
export function needsFullPass(prev: LearnPassState | undefined, valuesKey: string, nowMs: number): boolean {
  return prev === undefined || prev.valuesKey !== valuesKey || nowMs - prev.fullAtMs >= FULL_PASS_EVERY_MS;
}

export async function learnAfterSalesStatuses(
  api: SellerApi,
  cache: OrderCache,
  settings: AfterSalesStatusSettings,
  nowMs: () => number,
): Promise<Result<LearnedStatuses, LearnError>> {
  const queries = stateQueries(settings);
  const valuesKey = valuesKeyOf(queries);
  const prevRead = cache.learnPass();
  if (!prevRead.ok) return err({ kind: 'cache', error: prevRead.error });
  const learnedAt = cache.afterSalesLearnedAt();
  if (!learnedAt.ok) return err({ kind: 'cache', error: learnedAt.error });
  // A pass that never completed the awaiting set (or a cache from before the passes) starts over in full.
  const prev = learnedAt.value === undefined ? undefined : prevRead.value;
  let requests = 0;
  let firstTimeMs: number | undefined;

  /** Pages through one query; `complete` when every page was read. */
  const list = async (
    filter: OrderListQueryInput,
    maxPages: number,
  ): Promise<Result<{ ids: string[]; complete: boolean }, LearnError>> => {
    const ids: string[] = [];
    for (let pageIndex = 1; pageIndex <= maxPages; pageIndex++) {
      const page = await api.listOrders({ ...filter, pageIndex, pageSize: LEARN_PAGE_SIZE });
      requests++;
      if (!page.ok) return err({ kind: 'api', error: page.error });
      // The platform's time of the pass's first answer: the states are as of then (a change after it shows next).
      firstTimeMs ??= (page.value.time && Date.parse(page.value.time)) || nowMs();
      const { list: orders, pageCount, totalCount } = page.value.data;
      for (const o of orders) ids.push(o.id);
      if (pageIndex >= (pageCount ?? 0) || orders.length < LEARN_PAGE_SIZE || ids.length >= (totalCount ?? Infinity))
        return ok({ ids, complete: true });
    }
    return ok({ ids, complete: false });
  };

  const startedMs = nowMs();
  const full = prev === undefined || needsFullPass(prev, valuesKey, startedMs);
  const sets: ListedSet[] = [];
  let awaitingComplete = false;
  if (full || prev === undefined) {
    for (const q of queries) {
      const r = await list({ orderAfterSalesStatus: [...q.values] }, q.maxPages);
      if (!r.ok) return r;
      sets.push({ values: q.values, value: q.values[0]!, ids: r.value.ids, complete: r.value.complete });
      if (q.name === 'awaiting') awaitingComplete = r.value.complete;
    }
  } else {
    const since = { updateBeginDate: formatIsoInstant(prev.throughMs + PROBE_AFTER_MS) };
    const probe = await list({ orderAfterSalesStatus: [...new Set(queries.flatMap((q) => q.values))], ...since }, 1);
    if (!probe.ok) return probe;
    // One state configured: the probe is that state's own since-query.
    if (queries.length === 1 && probe.value.complete)
      sets.push({ values: queries[0]!.values, value: queries[0]!.values[0]!, ids: probe.value.ids, complete: false });
    else if (probe.value.ids.length > 0)
      for (const q of queries) {
        const r = await list({ orderAfterSalesStatus: [...q.values], ...since }, q.maxPages);
        if (!r.ok) return r;
        sets.push({ values: q.values, value: q.values[0]!, ids: r.value.ids, complete: false });
      }
  }
  const throughMs = firstTimeMs ?? nowMs();
  const recorded = cache.recordLearnedStatuses(sets, {
    // A full pass that could not read the whole awaiting set is no full pass: the next poll tries again.
    fullAtMs: full ? (awaitingComplete ? startedMs : 0) : (prev?.fullAtMs ?? 0),
    throughMs,
    valuesKey,
    awaitingComplete,
  });
  if (!recorded.ok) return err({ kind: 'cache', error: recorded.error });
  return ok({
    awaiting: sets.find((s) => s.values === settings.awaitingReview)?.ids.length ?? 0,
    mode: full ? 'full' : 'probe',
    complete: full ? awaitingComplete : true,
    requests,
    changed: recorded.value.length,
    events: recorded.value,
    learnedAtMs: throughMs,
  });
}
