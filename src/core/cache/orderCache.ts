import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { Order } from '../../shared/domain/order';
import { err, ok, type Result } from '../result';
import { type CacheError, type CacheIdentity } from '../../shared/errors/cacheErrors';
import { checkIntegrity, classifyWithCheck } from './cacheIntegrity';
import { DamagedOrderError } from './orderDocs';
import { damagedOrderIds, forgetDamage, recordDamage, recordDamagedRow, scanDocs } from './damagedOrders';
import { convertLegacyDocs, legacyDocsLeft, type ConvertStep } from './migrationV7';
import { convertTextGroups, textGroupsLeft, type TextConvertStep } from './migrationV9';
import { finishTextConversionStep, type FinishStep } from './textConversionFinish';
import { TextGroups } from './textGroups';
import { schemaVersion } from './migrations';
import {
  countByStatus,
  countMatches,
  countUpTo,
  type CacheCounts,
  type CappedCount,
  type StatusCount,
} from './countMatches';
import { learnedReader, runPageQuery, runPageQueryJson, type CachePage } from './queryPage';
import {
  learnedAtMs,
  readLearnPass,
  recordLearnedStatuses,
  recordReview,
  type LearnPassState,
  type LearnedChange,
  type ListedSet,
} from './afterSalesLearning';
import { runCacheQuery, type CacheQueryResult } from './queryOrders';
import { cacheFilterSchema, cacheQuerySchema, issuesText, type CacheFilter, type DueClock } from './querySchema';
import { DEFAULT_DUE_SOON_RULE, type DeadlineRules } from '../due/deadlineRules';
import { attentionQueue, nextDueChange, type AttentionQueue } from './attentionQueries';
import { applyDeadlineRules } from './dueColumns';
import { useInsightsZone } from './insightFacts';
import { refreshInsightsInSteps, type WalkOptions } from './insightAggregates';
import { finishDeferredSums } from './deferredSums';
import { BUYER_WALK_KEY } from './insightBuyerWalk';
import { StatementCache } from './statementCache';
import {
  buyerName,
  leadDays,
  repeatBuyers,
  seriesRows,
  skuNames,
  topRows,
  type InsightRange,
  type LeadDay,
  type RepeatBuyers,
  type SeriesRow,
  type TopRow,
} from './insightQueries';
import { indexPendingRows, pendingRows } from './searchIndex';
import {
  DEFERRED_INDEXES_KEY,
  deferIndexes,
  endOfSyncLeft,
  finishEndOfSync,
  loadingWithoutIndexes,
  restoreIndexes,
  restoreIndexesUnlessLoading,
  type FinishOptions,
} from './deferredIndexes';
import { OrderWriter, type PageWriteOptions, type PageWriteResult, type StorableEvent } from './upsertOrders';

export interface CacheStats {
  file: string;
  /** Database file plus its write-ahead log. */
  bytes: number;
  /** Free pages inside the file (left by a conversion or deletions; later writes reuse them, `compact` frees them). */
  freeBytes: number;
  schemaVersion: number;
  identity: CacheIdentity | undefined;
  orders: number;
  byOrderStatus: StatusCount[];
  byAfterSalesStatus: StatusCount[];
  withAfterSales: number;
  withDispute: number;
  withDeliveryException: number;
  /** Orders whose delivery deadline has passed, and those due soon, at the cache's due clock. */
  overdue: number;
  dueSoon: number;
  oldestCreateMs: number | undefined;
  newestCreateMs: number | undefined;
  lastEventSeq: number;
}

export interface InsightRows {
  series: SeriesRow[];
  leads: LeadDay[];
  products: TopRow[];
  skus: TopRow[];
  repeatBuyers: RepeatBuyers;
  skuName(productKey: string, skuKey: string | null): { title: string; skuLabel: string };
  buyerName(buyerId: string): string;
}

export interface StoredEventRow {
  seq: number;
  type: string;
  orderId: string;
  atMs: number;
  payload: string;
}

/**
 * One merchant's order cache: a SQLite file (WAL) opened by openOrderCache. Every method returns a Result; a
 * damaged page found at any point becomes a `corrupt` error, never an exception.
 */
export class OrderCache {
  private readonly writer: OrderWriter;
  private readonly statements: StatementCache;
  private textGroups: TextGroups | undefined;
  private closed = false;
  private dueClock: () => DueClock = () => ({ nowMs: Date.now(), soon: DEFAULT_DUE_SOON_RULE });

  constructor(
    readonly db: Database.Database,
    readonly file: string,
  ) {
    this.writer = new OrderWriter(db);
    this.statements = new StatementCache(db);
  }

  private get insightMarks(): Database.Statement {
    return this.statements
      .get(
        // Buyers wait while a first full sync loads without orders_by_buyer or builds its indexes, and while the
        // walk over every buyer that follows runs on the sync's connection (insightRefreshStep leaves them).
        `SELECT EXISTS (SELECT 1 FROM insight_lead_dirty) OR (EXISTS (SELECT 1 FROM insight_buyer_dirty)
         AND EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = 'orders_by_buyer')
         AND NOT EXISTS (SELECT 1 FROM meta WHERE key IN ('${DEFERRED_INDEXES_KEY}', '${BUYER_WALK_KEY}')))`,
      )
      .pluck();
  }

  /**
   * Runs `fn`, turning SQLite and file-system failures into CacheErrors (after an SQLite failure the file is checked:
   * damage is reported as `corrupt`). Programming errors still throw.
   */
  guard<T>(fn: () => T): Result<T, CacheError> {
    try {
      return ok(fn());
    } catch (e) {
      if (e instanceof DamagedOrderError) return err(recordDamage(this.db, this.file, e));
      const error = classifyWithCheck(e, this.db, this.file);
      if (error) return err(error);
      throw e;
    }
  }

  /** The clock and due-soon rule the `due` filter, the due counts and the attention queue are evaluated with. */
  useDueClock(clock: () => DueClock): void {
    this.dueClock = clock;
  }

  /**
   * Makes the stored deadlines follow `rules` (recorded in the file, read by every writer): every order is
   * recomputed, in one transaction, only when they differ from the recorded ones. Returns the orders rewritten.
   */
  applyDeadlineRules(rules: DeadlineRules): Result<number, CacheError> {
    return this.guard(() => applyDeadlineRules(this.db, rules));
  }

  /**
   * The attention queue at the due clock: counts and the first `limit` orders of each kind; with `countCap`, each
   * count exact up to it, else "more than" it (`atLeast`).
   */
  attention(options: {
    awaitingReview: readonly number[];
    limit: number;
    countCap?: number | undefined;
  }): Result<AttentionQueue, CacheError> {
    return this.guard(() =>
      attentionQueue(this.statements, {
        ...this.dueClock(),
        statusLearned: learnedAtMs(this.statements) !== undefined,
        ...options,
      }),
    );
  }

  /**
   * The Insights aggregates over `range`'s buckets (insightQueries.ts), read in one transaction so every figure
   * sees the same cache. `names` looks up product/SKU and buyer names for the rows a list shows.
   */
  insightRows<T>(
    query: { timeZone: string; days: InsightRange; fromMs: number; toMs: number; top: number },
    use: (rows: InsightRows) => T,
  ): Result<T, CacheError> {
    return this.guard(() => {
      // A first sync still loading adds its sums up at its end (deferredSums.ts): a request meanwhile adds them up
      // now (a table a transaction), and the rest of that sync keeps them with the triggers.
      finishDeferredSums(this.db);
      // The day columns follow the asking zone (a one-time rewrite when it changes; see useInsightsZone).
      useInsightsZone(this.db, query.timeZone);
      // Aggregates marked since the last request (the buyers of synced orders; days of deleted orders) first.
      // In bounded steps, each its own transaction: every buyer after a sync that marked many is a walk of seconds
      // at a million orders, and other writers take their turn between the steps.
      if (this.insightMarks.get()) refreshInsightsInSteps(this.db, { continueWalk: false });
      const range = query.days;
      const { fromMs, toMs } = query;
      return this.db
        .transaction(() => {
          const top = topRows(this.statements, range);
          // A product or SKU is named in several lists (by revenue, by refund rate; per currency): looked up once.
          const names = new Map<string, { title: string; skuLabel: string }>();
          return use({
            series: seriesRows(this.statements, range),
            leads: leadDays(this.statements, range),
            products: top.products,
            skus: top.skus,
            repeatBuyers: repeatBuyers(this.statements, fromMs, toMs, query.top),
            skuName: (productKey, skuKey) => {
              const key = `${productKey}\n${skuKey ?? ''}\n${skuKey === null ? 'p' : 's'}`;
              let n = names.get(key);
              if (!n) names.set(key, (n = skuNames(this.statements, productKey, skuKey)));
              return n;
            },
            buyerName: (buyerId) => buyerName(this.statements, buyerId),
          });
        })
        .deferred();
    });
  }

  /** The earliest instant after the due clock's now at which a cached order becomes due soon or overdue. */
  nextDueChange(): Result<number | undefined, CacheError> {
    return this.guard(() => {
      const { nowMs, soon } = this.dueClock();
      return nextDueChange(this.statements, nowMs, soon);
    });
  }

  /** A validated query with the due clock's instant, when it filters by due time. */
  private withDue<Q extends CacheFilter>(q: Q): Q {
    return q.due === undefined ? q : { ...q, dueClock: this.dueClock() };
  }

  /** Upserts one fetched page in one transaction (see OrderWriter). */
  applyPage<E extends StorableEvent>(
    orders: readonly Order[],
    opts: PageWriteOptions<E>,
  ): Result<PageWriteResult<E>, CacheError> {
    return this.guard(() => this.writer.apply(orders, opts));
  }

  /** Rows written but not yet in the full-text index (they are searched with LIKE meanwhile). */
  pendingSearchRows(): Result<number, CacheError> {
    return this.guard(() => pendingRows(this.db));
  }

  /** Adds waiting rows to the full-text index in batches of `batchRows` (one transaction each). */
  indexPendingSearchRows(batchRows = 20_000): Result<number, CacheError> {
    return this.guard(() => {
      let total = 0;
      for (let n = indexPendingRows(this.db, batchRows); n > 0; n = indexPendingRows(this.db, batchRows)) total += n;
      return total;
    });
  }

  /**
   * Drops the secondary indexes of `orders` until restoreIndexes (a first full sync into an empty cache: see
   * deferredIndexes.ts), and the Insights sums' triggers with `sums` (default DEFER_SUMS_BY_DEFAULT: deferredSums.ts).
   * Returns how many indexes were dropped.
   */
  deferIndexes(options: { sums?: boolean } = {}): Result<number, CacheError> {
    return this.guard(() => deferIndexes(this.db, options));
  }

  /** A first full sync deferred the indexes and is still loading (its run there to resume): see deferredIndexes.ts. */
  loadingWithoutIndexes(): Result<boolean, CacheError> {
    return this.guard(() => loadingWithoutIndexes(this.db));
  }

  /**
   * Creates the indexes deferIndexes dropped, if any, and walks every buyer for the repeat-buyer rows after them
   * (also done when the file is opened). `walk`: the walk's rows per step, a call after each step (tests).
   */
  restoreIndexes(walk?: WalkOptions): Result<number, CacheError> {
    return this.guard(() => restoreIndexes(this.db, walk));
  }

  /** restoreIndexes, unless the first sync that deferred them is still loading (it stopped before its end). */
  restoreIndexesUnlessLoading(): Result<number, CacheError> {
    return this.guard(() => restoreIndexesUnlessLoading(this.db));
  }

  /** Whether a first full sync's end (deferred indexes, repacks, the repeat-buyer walk) is left to finish. */
  endOfSyncLeft(): Result<boolean, CacheError> {
    return this.guard(() => endOfSyncLeft(this.db));
  }

  /**
   * Set while a thread of its own finishes the end of a first full sync on this file (endOfSyncOnThread.ts): this
   * connection's finishEndOfSync then leaves the work to that thread rather than wait for its steps' lock and take
   * steps on this thread.
   */
  endOfSyncOnThread = false;

  /**
   * What a first full sync's end left (a kill or a failure after its load): finished in steps with the event loop
   * free between them (the core host's upkeep after opening when no thread of its own is at hand; a sync on this
   * thread), nothing while that sync is still loading, nor while the end-of-sync thread is at it. Returns the steps
   * taken.
   */
  async finishEndOfSync(options: FinishOptions = {}): Promise<Result<number, CacheError>> {
    if (this.endOfSyncOnThread) return ok(0);
    try {
      return ok(await finishEndOfSync(this.db, options));
    } catch (e) {
      return this.guard(() => {
        throw e;
      });
    }
  }

  /** A page of the cached orders and, unless `withTotal` is false, the exact count; see cacheQuerySchema. */
  query(input: unknown): Result<CacheQueryResult, CacheError> {
    const parsed = cacheQuerySchema.safeParse(input ?? {});
    if (!parsed.success) return err({ kind: 'invalid-query', message: issuesText(parsed.error.issues) });
    return this.guardQuery(() => runCacheQuery(this.statements, this.withDue(parsed.data)));
  }

  /** One page without counting every match (`withTotal` is ignored): what a screen shows first. */
  queryPage(input: unknown): Result<CachePage, CacheError> {
    const parsed = cacheQuerySchema.safeParse(input ?? {});
    if (!parsed.success) return err({ kind: 'invalid-query', message: issuesText(parsed.error.issues) });
    return this.guardQuery(() => runPageQuery(this.statements, this.withDue(parsed.data)));
  }

  /** Like queryPage, each order as its stored JSON text (exactly what `JSON.stringify` of the order gives). */
  queryPageJson(input: unknown): Result<{ list: string[]; nextCursor: string | null }, CacheError> {
    const parsed = cacheQuerySchema.safeParse(input ?? {});
    if (!parsed.success) return err({ kind: 'invalid-query', message: issuesText(parsed.error.issues) });
    return this.guardQuery(() => runPageQueryJson(this.statements, this.withDue(parsed.data)));
  }

  /** The exact number of orders matching the filters (cacheFilterSchema: no sort, limit or cursor). */
  countMatches(input: unknown): Result<number, CacheError> {
    const parsed = cacheFilterSchema.safeParse(input ?? {});
    if (!parsed.success) return err({ kind: 'invalid-query', message: issuesText(parsed.error.issues) });
    return this.guard(() => countMatches(this.statements, this.withDue(parsed.data)));
  }

  /** The number of matches up to `cap` (countMatches.ts COUNT_CAP): past it `{ count: cap, atLeast: true }`. */
  countUpTo(input: unknown, cap?: number): Result<CappedCount, CacheError> {
    const parsed = cacheFilterSchema.safeParse(input ?? {});
    if (!parsed.success) return err({ kind: 'invalid-query', message: issuesText(parsed.error.issues) });
    return this.guard(() => countUpTo(this.statements, this.withDue(parsed.data), cap));
  }

  /** Counts per order status and per after-sales status of the orders matching the filters. */
  counts(input: unknown): Result<CacheCounts, CacheError> {
    const parsed = cacheFilterSchema.safeParse(input ?? {});
    if (!parsed.success) return err({ kind: 'invalid-query', message: issuesText(parsed.error.issues) });
    return this.guard(() => countByStatus(this.statements, this.withDue(parsed.data)));
  }

  private guardQuery<T>(fn: () => Result<T, { message: string }>): Result<T, CacheError> {
    const r = this.guard(fn);
    if (!r.ok) return r;
    return r.value.ok ? r.value : err({ kind: 'invalid-query', message: r.value.error.message });
  }

  /** The cached order (with what the filter taught of its after-sales status, `afterSalesLearned`). */
  getOrder(id: string): Result<Order | undefined, CacheError> {
    return this.guard(() => {
      const rid = this.statements.get('SELECT rid FROM orders WHERE id = ?').pluck().get(id) as number | undefined;
      if (rid === undefined) return undefined;
      const json = this.statements.docs.json(rid);
      if (json === undefined) throw new DamagedOrderError(rid, 'no stored JSON');
      return learnedReader(this.statements)(JSON.parse(json) as Order, rid);
    });
  }

  /**
   * Records what a learning pass listed through the after-sales filter (afterSalesLearning.ts); returns the
   * changes as events (kept in the outbox).
   */
  recordLearnedStatuses(
    sets: readonly ListedSet[],
    pass: LearnPassState & { awaitingComplete: boolean },
  ): Result<LearnedChange[], CacheError> {
    return this.guard(() => recordLearnedStatuses(this.db, sets, pass));
  }

  /** When the learning pass last ran, in full and at all (undefined: never). */
  learnPass(): Result<LearnPassState | undefined, CacheError> {
    return this.guard(() => readLearnPass(this.statements));
  }

  /**
   * What one filter check said of one order (awaiting, or not: decided here or elsewhere), at `atMs`: the change as
   * an `after-sales-changed` event when the learned state moved, else null.
   */
  recordReview(
    id: string,
    awaitingNow: boolean,
    awaiting: readonly number[],
    atMs: number,
  ): Result<Omit<LearnedChange, 'seq'> | null, CacheError> {
    return this.guard(() => recordReview(this.db, id, awaitingNow, awaiting, atMs));
  }

  /** When the awaiting set was last learned in full through the filter (undefined: never). */
  afterSalesLearnedAt(): Result<number | undefined, CacheError> {
    return this.guard(() => learnedAtMs(this.statements));
  }

  /** Drops the decoded JSON this connection keeps (decodedDocCache.ts): for measuring reads that inflate every order. */
  forgetDecodedJson(): void {
    this.statements.docs.decoded.clear();
  }

  /** Streams every cached order ID (for checks); never builds an array of the whole data set. */
  *iterateIds(): Generator<string> {
    for (const id of this.db.prepare('SELECT id FROM orders').pluck().iterate()) yield id as string;
  }

  /**
   * Whether any cached order carries an after-sales status. The spec's Order has no such field (only a list
   * filter); a platform that does not send it leaves the cache unable to filter or count by it.
   */
  knowsAfterSalesStatus(): Result<boolean, CacheError> {
    return this.guard(
      () =>
        learnedAtMs(this.statements) !== undefined ||
        this.statements
          .get(
            "SELECT EXISTS (SELECT 1 FROM order_counts WHERE dim = 'after_sales_status' AND value <> '' AND count > 0)",
          )
          .pluck()
          .get() === 1,
    );
  }

  orderCount(): Result<number, CacheError> {
    return this.guard(() => this.statements.get('SELECT count(*) FROM orders').pluck().get() as number);
  }

  getMeta(key: string): Result<string | undefined, CacheError> {
    return this.guard(
      () => this.statements.get('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined,
    );
  }

  setMeta(key: string, value: string): Result<void, CacheError> {
    return this.guard(() => {
      this.statements
        .get('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
        .run(key, value);
    });
  }

  identity(): Result<CacheIdentity | undefined, CacheError> {
    const raw = this.getMeta('identity');
    if (!raw.ok) return raw;
    return ok(raw.value === undefined ? undefined : (JSON.parse(raw.value) as CacheIdentity));
  }

  /** Change events with a sequence number above `afterSeq`, oldest first. */
  eventsSince(afterSeq: number, limit = 1000): Result<StoredEventRow[], CacheError> {
    return this.guard(
      () =>
        this.statements
          .get(
            'SELECT seq, type, order_id AS orderId, at_ms AS atMs, payload FROM change_event WHERE seq > ? ORDER BY seq LIMIT ?',
          )
          .all(afterSeq, limit) as StoredEventRow[],
    );
  }

  stats(): Result<CacheStats, CacheError> {
    return this.guard(() => {
      const get = (sql: string) => this.statements.get(sql).pluck().get() as number | null;
      const counts = countByStatus(this.statements, {});
      const clock = this.dueClock();
      const identity = this.identity();
      return {
        file: this.file,
        bytes: cacheFileBytes(this.file),
        freeBytes: freeBytesOf(this.db),
        schemaVersion: schemaVersion(this.db),
        identity: identity.ok ? identity.value : undefined,
        orders: counts.total,
        byOrderStatus: counts.byOrderStatus,
        byAfterSalesStatus: counts.byAfterSalesStatus,
        withAfterSales: get('SELECT count(*) FROM orders WHERE has_after_sales = 1') ?? 0,
        withDispute: get('SELECT count(*) FROM orders WHERE has_dispute = 1') ?? 0,
        withDeliveryException: get('SELECT count(*) FROM orders WHERE delivery_exception = 1') ?? 0,
        overdue: countMatches(this.statements, { due: 'overdue', dueClock: clock }),
        dueSoon: countMatches(this.statements, { due: 'soon', dueClock: clock }),
        oldestCreateMs: get('SELECT min(create_ms) FROM orders') ?? undefined,
        newestCreateMs: get('SELECT max(create_ms) FROM orders') ?? undefined,
        lastEventSeq: get('SELECT coalesce(max(seq), 0) FROM change_event') ?? 0,
      };
    });
  }

  /** The file's structure checked (PRAGMA quick_check, reads the whole file): damage is a `corrupt` error. */
  checkIntegrity(): Result<void, CacheError> {
    return checkIntegrity(this.db, this.file);
  }

  /** PRAGMA quick_check: 'ok', or the first problems found. Reads the whole file. */
  verify(): Result<string[], CacheError> {
    return this.guard(() =>
      (this.db.pragma('quick_check(5)') as Array<{ quick_check: string }>).map((r) => r.quick_check),
    );
  }

  /** IDs of orders whose stored JSON was found damaged, to be fetched again (damagedOrders.ts). */
  damagedOrders(): Result<string[], CacheError> {
    return this.guard(() => damagedOrderIds(this.db));
  }

  /** Records a row the upkeep's checking thread could not decode; the order's ID (undefined: no longer stored). */
  recordDamagedRow(rid: number, detail: string): Result<string | undefined, CacheError> {
    return this.guard(() => recordDamagedRow(this.db, rid, detail));
  }

  /** Forgets damaged orders once stored again (or gone from the platform). */
  forgetDamaged(ids: readonly string[]): Result<void, CacheError> {
    return this.guard(() => forgetDamage(this.db, ids));
  }

  /** Orders of an older file still stored as plain JSON (counts the old table: for progress, once). */
  legacyDocsLeft(): Result<number, CacheError> {
    return this.guard(() => legacyDocsLeft(this.db));
  }

  /** Converts one batch of plain-JSON rows to compressed ones (one transaction; migrationV7.ts). */
  convertLegacyDocs(batch?: number): Result<ConvertStep, CacheError> {
    return this.guard(() => convertLegacyDocs(this.db, this.statements.docs, batch));
  }

  /** Orders of an older file whose titles are not in a title set yet (schema 9; for progress, once). */
  textGroupsLeft(): Result<number, CacheError> {
    return this.guard(() => textGroupsLeft(this.db));
  }

  /** Converts one batch of orders of the older form to the title-set index (one transaction; migrationV9.ts). */
  convertTextGroups(batch?: number): Result<TextConvertStep, CacheError> {
    return this.guard(() => convertTextGroups(this.db, (this.textGroups ??= new TextGroups(this.db)), batch));
  }

  /**
   * One bounded step of the conversion's end once every order is converted: the older documents retired, then
   * deleted a chunk at a time, the new indexes merged a few pages at a time (textConversionFinish.ts). Undefined when
   * nothing is left to do.
   */
  finishTextConversion(budgetMs?: number): Result<FinishStep | undefined, CacheError> {
    return this.guard(() => finishTextConversionStep(this.db, budgetMs));
  }

  /** One step of the background check of the stored JSON: decodes `limit` rows after `afterRid`. */
  scanDocs(afterRid: number, limit: number): Result<{ lastRid: number | undefined; damaged: string[] }, CacheError> {
    return this.guard(() => scanDocs(this.db, this.statements.docs, afterRid, limit));
  }

  /** Runs `fn` in one immediate transaction. */
  transaction<T>(fn: () => T): Result<T, CacheError> {
    return this.guard(() => this.db.transaction(fn).immediate());
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.db.close();
    } catch {
      // Closing a damaged file may fail; there is nothing left to do with it.
    }
  }
}

/** A cache file's size on disk, its write-ahead log included. */
/** Free pages inside the cache file, in bytes (what a compaction gives back to the disk). */
export function freeBytesOf(db: Database.Database): number {
  return (
    (db.pragma('freelist_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number)
  );
}

export function cacheFileBytes(file: string): number {
  return fileBytes(file) + fileBytes(`${file}-wal`);
}

function fileBytes(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
