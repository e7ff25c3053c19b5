import type { Attention } from '../../app/attention';
import type { CheckOutcome, DecisionOutcome, DecisionStatus } from '../../app/afterSales';
import type { JournalEntry } from '../../afterSales/decisionJournal';
import type { SavedBuyer, SyncedBuyer } from '../../app/buyers';
import type { CacheSummary, QueryNotes, RefreshedOrder } from '../../app/orders';
import type { SyncNowResult, SyncState } from '../../app/sync';
import type { CappedCount } from '../../cache/countMatches';
import type { CachePage } from '../../cache/queryPage';
import type { SyncStatus } from '../../sync/checkpoint';
import type { Order } from '../../../shared/domain/order';
import { ipcErrorOf } from '../../../shared/ipc/appErrorResult';
import { formatIsoInstant } from '../../../shared/time/isoInstant';

/**
 * The use cases' values as their channels' data: what a session's host answers for each channel. Times cross as
 * ISO instants, "not known" as null; nothing the contract does not carry (the buyer's authorization code) leaves.
 */

const isoOrNull = (ms: number | undefined) => (ms === undefined ? null : formatIsoInstant(ms));

export const ordersData = {
  page: ({ list, nextCursor, afterSalesStatusUnknown }: CachePage & QueryNotes) => ({
    list,
    nextCursor,
    afterSalesStatusUnknown,
  }),
  count: (count: number) => ({ count }),
  countQuick: ({ count, atLeast }: CappedCount) => ({ count, atLeast }),
  order: (order: Order) => ({ order }),
  refreshed: ({ order, cached, events }: RefreshedOrder) => ({ order, cached, changes: events.length }),
  cacheStats: ({ profileId, stats }: CacheSummary) => ({
    profileId,
    file: stats.file,
    bytes: stats.bytes,
    freeBytes: stats.freeBytes,
    orders: stats.orders,
    withAfterSales: stats.withAfterSales,
    withDispute: stats.withDispute,
    withDeliveryException: stats.withDeliveryException,
    oldestCreateAt: isoOrNull(stats.oldestCreateMs),
    newestCreateAt: isoOrNull(stats.newestCreateMs),
    byOrderStatus: stats.byOrderStatus,
    byAfterSalesStatus: stats.byAfterSalesStatus,
  }),
  attention: ({ asOfMs, counts, countsAtLeast, rows, nextChangeMs }: Attention) => ({
    asOf: formatIsoInstant(asOfMs),
    counts,
    ...(countsAtLeast.length > 0 ? { countsAtLeast } : {}),
    rows: rows.map(({ sinceMs, dueMs, ...row }) => ({
      ...row,
      since: sinceMs === null ? null : formatIsoInstant(sinceMs),
      dueAt: dueMs === null ? null : formatIsoInstant(dueMs),
    })),
    nextChangeAt: nextChangeMs === null ? null : formatIsoInstant(nextChangeMs),
  }),
};

export const decisionData = (o: DecisionOutcome) => ({
  orderId: o.orderId,
  approved: o.approved,
  order: o.order,
  refetchError: o.refetchError ? ipcErrorOf(o.refetchError) : null,
  cached: o.cached,
});

const journalEntryData = ({ sentAtMs, settledAtMs, ...rest }: JournalEntry) => ({
  ...rest,
  sentAt: formatIsoInstant(sentAtMs),
  settledAt: settledAtMs === null ? null : formatIsoInstant(settledAtMs),
});

/** The decision journal's rows: who decided what, when, and how it ended. */
export const journalData = {
  status: (s: DecisionStatus) => ({
    orderId: s.orderId,
    unsettled: s.unsettled ? journalEntryData(s.unsettled) : null,
    entries: s.entries.map(journalEntryData),
  }),
  journal: (j: { recent: JournalEntry[]; unsettled: JournalEntry[] }) => ({
    recent: j.recent.map(journalEntryData),
    unsettled: j.unsettled.map(journalEntryData),
  }),
  check: (c: CheckOutcome) => ({
    orderId: c.orderId,
    review: c.review,
    settled: c.settled ? journalEntryData(c.settled) : null,
  }),
};

export const buyersData = {
  /** The user ID only: the authorization code stays in the host. */
  synced: ({ userId }: SyncedBuyer) => ({ userId }),
  saved: (buyers: SavedBuyer[]) => ({ buyers }),
};

export const syncData = {
  run: (s: SyncNowResult) => ({
    mode: s.mode,
    resumed: s.resumed,
    requests: s.requests,
    fetched: s.fetched,
    inserted: s.inserted,
    updated: s.updated,
    unchanged: s.unchanged,
    cached: s.cached,
    skipped: s.skipped,
    changes: s.events,
    keptAs: s.keptAs,
  }),
  status: (s: SyncStatus & { state: SyncState }) => ({
    state: s.state,
    complete: s.baseline,
    lastSyncedAt: isoOrNull(s.lastSuccessLocalMs),
    lastFullSyncAt: isoOrNull(s.lastFullLocalMs),
    unfinished: s.running ? { mode: s.running.mode, windowsDone: s.running.windowsDone } : null,
  }),
};
