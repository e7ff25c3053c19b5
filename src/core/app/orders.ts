import type { CappedCount } from '../cache/countMatches';
import type { CacheStats } from '../cache/orderCache';
import { compactCache, compactCacheOnThread, findCompactThreadEntry, type CompactReport } from '../cache/compactCache';
import { cacheFilterSchema, cacheQuerySchema, issuesText } from '../cache/querySchema';
import type { CachePage } from '../cache/queryPage';
import type { CacheQueryResult } from '../cache/queryOrders';
import type { Order, SkippedOrder } from '../../shared/domain/order';
import type { OrderListData } from '../../shared/domain/order';
import { err, ok, type Result } from '../result';
import { Checkpoint, type SyncStatus } from '../sync/checkpoint';
import { describeOrderChange, type ChangeEvent } from '../sync/changeEvents';
import { PlatformClock, type AnswerTime } from '../sync/platformClock';
import type { AppError } from '../../shared/errors/appError';
import type { Session } from './session';
import { checkAwaitingReview } from '../afterSales/reviewCheck';
import { appErrorFromApi, appErrorFromCache } from './sessionErrors';

/**
 * Order use cases: the offline cache (a first page and the count as separate calls, so a screen shows rows before
 * the count is known), one order's detail, refreshing one order from the platform, cache statistics.
 */

/** Notes a query result carries for the person reading it. */
export interface QueryNotes {
  /** The query filters by after-sales status, but no cached order carries one (the platform does not send it). */
  afterSalesStatusUnknown: boolean;
}

function notesFor(session: Session, input: unknown): QueryNotes {
  const filtered = (input as { orderAfterSalesStatus?: unknown } | null | undefined)?.orderAfterSalesStatus;
  if (!filtered) return { afterSalesStatusUnknown: false };
  const c = session.cacheIfUsable();
  if (!c) return { afterSalesStatusUnknown: false };
  const known = c.knowsAfterSalesStatus();
  const count = c.orderCount();
  return { afterSalesStatusUnknown: known.ok && !known.value && count.ok && count.value > 0 };
}

/** Bad input is said before anything else (even before a missing cache): nothing ran. */
function checkInput(schema: typeof cacheQuerySchema | typeof cacheFilterSchema, input: unknown): AppError | undefined {
  const parsed = schema.safeParse(input ?? {});
  return parsed.success
    ? undefined
    : appErrorFromCache({ kind: 'invalid-query', message: issuesText(parsed.error.issues) });
}

/** A page of cached orders with the exact count (what `cache query` prints). */
export function queryCachedOrders(session: Session, input: unknown): Result<CacheQueryResult & QueryNotes, AppError> {
  const bad = checkInput(cacheQuerySchema, input);
  if (bad) return err(bad);
  const c = session.existingCache();
  if (!c.ok) return c;
  const r = c.value.query(input);
  if (!r.ok) return err(appErrorFromCache(r.error, session.wording.rebuildHint));
  return ok({ ...r.value, ...notesFor(session, input) });
}

/**
 * `awaitingReview: true` (the contract's) as the cache's filter: the after-sales status values the profile says mean
 * "awaiting the seller's review".
 */
function withReviewValues(session: Session, input: unknown): unknown {
  if (typeof input !== 'object' || input === null || !('awaitingReview' in input)) return input;
  const { awaitingReview, ...rest } = input as Record<string, unknown>;
  return awaitingReview === true
    ? { ...rest, orderAfterSalesStatus: [...session.afterSalesSettings.awaitingReview] }
    : input; // anything else is refused by the schema below, as it was sent
}

/** The first (or next) page only, without counting every match. */
export function queryCachedPage(session: Session, request: unknown): Result<CachePage & QueryNotes, AppError> {
  const input = withReviewValues(session, request);
  const bad = checkInput(cacheQuerySchema, input);
  if (bad) return err(bad);
  const c = session.existingCache();
  if (!c.ok) return c;
  const r = c.value.queryPage(input);
  if (!r.ok) return err(appErrorFromCache(r.error, session.wording.rebuildHint));
  return ok({ ...r.value, ...notesFor(session, input) });
}

/** The exact number of cached orders matching the filters (no sort, limit or cursor). */
export function countCachedOrders(session: Session, request: unknown): Result<number, AppError> {
  const filter = withReviewValues(session, request);
  const bad = checkInput(cacheFilterSchema, filter);
  if (bad) return err(bad);
  const c = session.existingCache();
  if (!c.ok) return c;
  const r = c.value.countMatches(filter);
  return r.ok ? r : err(appErrorFromCache(r.error, session.wording.rebuildHint));
}

/**
 * The number of cached orders matching the filters, counted up to the session's cap: past it the answer says "at
 * least" (`atLeast`: more than `count` match) and the caller asks `countCachedOrders` for the exact number. What a
 * screen shows first at a million orders (an exact count there takes 35–100 ms; this one a few ms).
 */
export function countCachedOrdersUpTo(session: Session, request: unknown): Result<CappedCount, AppError> {
  const filter = withReviewValues(session, request);
  const bad = checkInput(cacheFilterSchema, filter);
  if (bad) return err(bad);
  const c = session.existingCache();
  if (!c.ok) return c;
  const r = c.value.countUpTo(filter, session.countCap);
  return r.ok ? r : err(appErrorFromCache(r.error, session.wording.rebuildHint));
}

/** One cached order; `not-found` when the cache does not hold it. */
export function cachedOrderDetail(session: Session, id: string): Result<Order, AppError> {
  const c = session.existingCache();
  if (!c.ok) return c;
  const r = c.value.getOrder(id);
  if (!r.ok) return err(appErrorFromCache(r.error, session.wording.rebuildHint));
  if (r.value === undefined) return err(noSuchOrder(id, 'the order cache'));
  return ok(r.value);
}

export function noSuchOrder(id: string, where = 'the platform’s order list'): AppError {
  return { kind: 'not-found', message: `No order with ID ${id}.`, action: `Check the ID: take one from ${where}.` };
}

/** One page of the platform's order list (online), with the orders it could not read. */
export async function listPlatformOrders(session: Session, input: unknown): Promise<Result<OrderListData, AppError>> {
  const page = await session.sellerApi().listOrders(input);
  return page.ok ? ok(page.value.data) : err(appErrorFromApi(page.error));
}

/** One order from the platform (the spec's fetch-by-id: the list filtered by id); `null` when there is none. */
export async function fetchPlatformOrder(session: Session, id: string): Promise<Result<Order | null, AppError>> {
  const found = await session.sellerApi().getOrder(id);
  return found.ok ? found : err(appErrorFromApi(found.error));
}

export interface RefreshedOrder {
  order: Order;
  /** Whether the cache was updated (false when there is no usable cache, or writing failed: `cacheProblem`). */
  cached: boolean;
  cacheProblem?: string;
  /** The change events the refresh revealed (the order's written to the cache's outbox; the learned state's not). */
  events: ChangeEvent[];
  skipped: SkippedOrder[];
}

/**
 * Fetches one order from the platform and writes it into the cache (when there is one), as a sync would: the
 * change events it reveals are recorded. The platform's answer is the result even if the cache cannot be written.
 */
export async function refreshOrder(session: Session, id: string): Promise<Result<RefreshedOrder, AppError>> {
  const page = await session.sellerApi().listOrders({ id, pageIndex: 1, pageSize: 1 });
  if (!page.ok) return err(appErrorFromApi(page.error));
  const { list, skipped } = page.value.data;
  const order = list.find((o) => o.id === id) ?? list[0];
  if (order === undefined) {
    if (skipped.length > 0)
      return err({ kind: 'protocol', message: `Order ${id} cannot be read: ${skipped[0]!.reason}.` });
    return err(noSuchOrder(id));
  }
  const at = new PlatformClock(session.now).answer(page.value.time);
  const stored = storeOrder(session, order, at);
  // The spec's Order has no after-sales status: an order with a request is asked about through the filter too.
  const learned = order.isExistAfterSales === true ? await relearnReview(session, id) : undefined;
  return ok({
    order: learned?.order ?? order,
    skipped,
    ...stored,
    events: [...stored.events, ...(learned?.events ?? [])],
  });
}

/**
 * Asks the after-sales filter whether the order awaits review, records it in the cache and answers the cached
 * order (with what was learned) and the learned state's change, if it moved; undefined when the check or the cache
 * failed (the order as fetched stands).
 */
async function relearnReview(
  session: Session,
  id: string,
): Promise<{ order: Order | undefined; events: ChangeEvent[] } | undefined> {
  const { awaitingReview } = session.afterSalesSettings;
  const check = await checkAwaitingReview(session.sellerApi(), id, awaitingReview, session.now);
  const cache = session.cacheIfUsable();
  if (check.review === 'unknown' || !cache) return undefined;
  const changed = cache.recordReview(id, check.review === 'awaiting', awaitingReview, session.now());
  const read = cache.getOrder(id);
  return { order: read.ok ? read.value : undefined, events: changed.ok && changed.value ? [changed.value] : [] };
}

/** Writes one freshly fetched order into the session's cache, if it has a usable one. */
export function storeOrder(
  session: Session,
  order: Order,
  at: AnswerTime,
): { cached: boolean; cacheProblem?: string; events: ChangeEvent[] } {
  const c = session.cacheIfUsable();
  if (!c) return { cached: false, events: [] };
  const baseline = new Checkpoint(c).status();
  const written = c.applyPage<ChangeEvent>([order], {
    seenAtMs: at.seenAtMs,
    answeredMs: at.answeredMs,
    baseline: baseline.ok && baseline.value.baseline,
    describe: describeOrderChange,
  });
  if (!written.ok) return { cached: false, cacheProblem: appErrorFromCache(written.error).message, events: [] };
  return { cached: true, events: written.value.events };
}

export interface CacheSummary {
  profileId: string;
  stats: CacheStats;
  sync: SyncStatus;
}

/** What the cache holds and when it was last synced. */
export function cacheSummary(session: Session): Result<CacheSummary, AppError> {
  const c = session.existingCache();
  if (!c.ok) return c;
  const stats = c.value.stats();
  if (!stats.ok) return err(appErrorFromCache(stats.error, session.wording.rebuildHint));
  const sync = new Checkpoint(c.value).status();
  if (!sync.ok) return err(appErrorFromCache(sync.error, session.wording.rebuildHint));
  return ok({ profileId: session.profileId, stats: stats.value, sync: sync.value });
}

/** Gives the cache file's free pages back to the disk (`cache compact`); see compactCache.ts for when it waits. */
export function compactCachedOrders(session: Session): Result<CompactReport, AppError> {
  const c = session.existingCache();
  if (!c.ok) return c;
  const r = compactCache(c.value);
  return r.ok ? r : err(appErrorFromCache(r.error, session.wording.rebuildHint));
}

/**
 * The same for the app (Settings → Cache): on a thread of its own (the session's `compactThread`, by default the
 * one beside the bundle), so the host answers reads meanwhile; the caller holds its syncs (SyncController.holdingSyncs).
 */
export async function compactCachedOrdersInBackground(session: Session): Promise<Result<CompactReport, AppError>> {
  const c = session.existingCache();
  if (!c.ok) return c;
  const thread = session.parts.compactThread;
  const r = await compactCacheOnThread(c.value, thread === undefined ? findCompactThreadEntry() : thread || undefined);
  return r.ok ? r : err(appErrorFromCache(r.error, session.wording.rebuildHint));
}
