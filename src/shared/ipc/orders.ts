import { z } from 'zod';
import type { IpcChannelSpec } from './channelSpec';
import { ipcCacheFilterSchema, ipcCacheQuerySchema, ipcExportQuerySchema, ipcOrderSchema } from './orderShapes';
import { upkeepReportSchema } from './upkeep';

const count = z.number().int().min(0);
const orderId = z.object({ id: z.string().min(1) }).strict();
const statusCounts = z.array(z.object({ status: z.number().int().nullable(), count }).strict());
const isoInstant = z.iso.datetime();

/** One row of the attention queue: which order, why, since when or due when, and what to look at. */
export const attentionRowSchema = z
  .object({
    kind: z.enum(['refund', 'overdue', 'due-soon', 'exception', 'dispute']),
    orderId: z.string().min(1),
    orderNum: z.string().nullable(),
    reason: z.string().min(1),
    /** Refunds, exceptions, disputes: the cache's known update time of the order. Null for deadlines. */
    since: isoInstant.nullable(),
    /** Overdue and due soon: the delivery deadline. Null for the other kinds. */
    dueAt: isoInstant.nullable(),
    /** Products and delivery time; the error text of an exception; the after-sales status of a refund. */
    detail: z.string(),
    /** A decision on the order was sent and its outcome is unknown (the decision journal): "Check again". */
    unsettled: z.literal(true).optional(),
  })
  .strict();

export const attentionCountsSchema = z
  .object({ refunds: count, overdue: count, dueSoon: count, exceptions: count, disputes: count, total: count })
  .strict();

/**
 * The attention queue's counts per kind, and `total`: the distinct orders needing attention (an order that is both
 * a refund and overdue counts once in the total, in each of its kinds).
 */
export type AttentionCounts = z.infer<typeof attentionCountsSchema>;

/** The names of the attention counts (`countsAtLeast` lists the ones that are "more than" figures). */
export const attentionCountNameSchema = z.enum(['refunds', 'overdue', 'dueSoon', 'exceptions', 'disputes', 'total']);

/**
 * Channels of the `orders` domain: the offline cache (a first page and the count as separate calls, so rows show
 * before the count is known), one cached order, refreshing one order from the platform, the cache's statistics.
 */
export const ordersChannels = {
  'orders:queryPage': {
    request: ipcCacheQuerySchema,
    data: z
      .object({
        list: z.array(ipcOrderSchema),
        nextCursor: z.string().min(1).nullable(),
        /** The query filters by after-sales status but no cached order carries one (the platform sends none). */
        afterSalesStatusUnknown: z.boolean(),
      })
      .strict(),
  },
  'orders:count': {
    request: ipcCacheFilterSchema,
    data: z.object({ count }).strict(),
  },
  /**
   * The count first shown at a million orders: exact up to the core's cap (10,000), else `atLeast: true` with
   * `count` the cap ("10,000+"): more match, and `orders:count` gives the exact number (slower: it counts them all).
   */
  'orders:countQuick': {
    request: ipcCacheFilterSchema,
    data: z.object({ count, atLeast: z.boolean() }).strict(),
  },
  'orders:get': {
    request: orderId,
    data: z.object({ order: ipcOrderSchema }).strict(),
  },
  /** Fetches the order from the platform and writes it into the cache (its change events are published). */
  'orders:refresh': {
    request: orderId,
    data: z.object({ order: ipcOrderSchema, cached: z.boolean(), changes: count }).strict(),
  },
  /**
   * "Export view": every cached order matching the filters, as CSV or JSON Lines. In the desktop app main asks where
   * to save (the system's save dialog; the renderer never names a path) and answers what was written, or that the
   * merchant cancelled the dialog. The browser host cannot show a dialog: it answers a one-time download address
   * on itself instead (valid once, for a short time).
   */
  'orders:export': {
    request: ipcExportQuerySchema,
    data: z.union([
      z.object({ orders: count, rows: count, file: z.string().min(1) }).strict(),
      z.object({ cancelled: z.literal(true) }).strict(),
      z.object({ download: z.string().regex(/^\/_md\/export\/[A-Za-z0-9_-]+$/) }).strict(),
    ]),
  },
  'orders:cacheStats': {
    request: z.undefined(),
    data: z
      .object({
        profileId: z.string().min(1),
        file: z.string().min(1),
        /** The file with its write-ahead log. */
        bytes: count,
        /** Free pages inside it (a converted file's old text index, say): what `orders:compact` gives back. */
        freeBytes: count,
        orders: count,
        withAfterSales: count,
        withDispute: count,
        withDeliveryException: count,
        oldestCreateAt: z.string().nullable(),
        newestCreateAt: z.string().nullable(),
        byOrderStatus: statusCounts,
        byAfterSalesStatus: statusCounts,
      })
      .strict(),
  },
  /**
   * Stops the cache's background upkeep after its current step (the `cache:upkeep` events end with `cancelled`): it
   * reads every order back and checks the file, minutes at a million orders. `cancelled`: one was running. The
   * cache stays open; the next opening starts the upkeep again.
   */
  'orders:cancelUpkeep': {
    request: z.undefined(),
    data: z.object({ cancelled: z.boolean() }).strict(),
  },
  /**
   * Gives the cache file's free pages back to the disk (a VACUUM on a thread of its own: 10–15 s at a million
   * orders, reads answered meanwhile, syncs held until it ends). Refused (`sync`/`busy`) while a sync runs.
   */
  'orders:compact': {
    request: z.undefined(),
    data: z.object({ bytesBefore: count, bytesAfter: count, freeBytesBefore: count }).strict(),
  },
  /**
   * How the cache's background upkeep stands now, for a page opened after its events went by (a reload, a second
   * browser tab): the latest report, or null when none was started yet (the cache not opened) — the `cache:upkeep`
   * events carry everything after. Never opens the cache.
   */
  'orders:upkeepState': {
    request: z.undefined(),
    data: z.object({ report: upkeepReportSchema.nullable() }).strict(),
  },
  /**
   * What needs the merchant now: counts per kind and the queue's rows (refunds awaiting a decision oldest first,
   * overdue most overdue first, due soon soonest first, delivery exceptions, disputes), at most `limitPerKind` rows
   * of each kind (default 50, at most 500). `nextChangeAt`: the earliest instant a cached order becomes due soon or
   * overdue with no platform change — set a timer for it and ask again (null: none pending).
   *
   * `quickCounts`: the answer first shown at a million orders — each count exact up to the core's cap (10,000), else
   * the cap with its name in `countsAtLeast` ("10,000+": more need attention; the total too then). Ask again
   * without it for the exact counts (slower: they count every order needing attention). `countsAtLeast` absent:
   * every count is exact (always so without `quickCounts`).
   */
  'orders:attention': {
    request: z
      .object({
        limitPerKind: z.number().int().min(1).max(500).optional(),
        quickCounts: z.boolean().optional(),
      })
      .strict()
      .optional(),
    data: z
      .object({
        asOf: isoInstant,
        counts: attentionCountsSchema,
        countsAtLeast: z.array(attentionCountNameSchema).optional(),
        rows: z.array(attentionRowSchema),
        nextChangeAt: isoInstant.nullable(),
      })
      .strict(),
  },
} satisfies Record<`orders:${string}`, IpcChannelSpec>;
