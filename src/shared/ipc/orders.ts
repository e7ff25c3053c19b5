import { z } from 'zod';
import type { IpcChannelSpec } from './channelSpec';
import { ipcCacheFilterSchema, ipcCacheQuerySchema, ipcExportQuerySchema, ipcOrderSchema } from './orderShapes';

const count = z.number().int().min(0);
const orderId = z.object({ id: z.string().min(1) }).strict();
const statusCounts = z.array(z.object({ status: z.number().int().nullable(), count }).strict());

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
        bytes: count,
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
} satisfies Record<`orders:${string}`, IpcChannelSpec>;
