import { z } from 'zod';
import type { IpcChannelSpec } from './channelSpec';

/**
 * Insights (`insights:get`): figures computed from the local cache only, per local day, ISO week or month of the
 * merchant's time zone. Money is decimal text per currency, never summed across currencies. Every figure carries
 * the Orders filter that selects the orders it counts (`filter`, plus `metricFilter` for a metric's bar), in the
 * Orders screen's own terms: created days in the same zone, flags, buyer, product title.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (what: string) => z.string().regex(DAY, `${what} must be a day written YYYY-MM-DD, e.g. 2026-01-31`);
const count = z.number().int().min(0);
const ms = z.number().int().min(0);
const money = z.string().regex(/^-?\d+(\.\d+)?$/);

export const INSIGHTS_MAX_DAYS = 3_700;
export const INSIGHTS_MAX_BUCKETS = 1_200;

export const insightsGranularities = ['day', 'week', 'month'] as const;

export const insightsRequestSchema = z
  .object({
    /** Local days, both inclusive. */
    range: z.object({ from: day('from'), to: day('to') }).strict(),
    granularity: z.enum(insightsGranularities).default('day'),
    /** Only this currency's revenue (upper-case code, e.g. EUR); absent: every currency, each on its own. */
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{1,10}$/, 'currency must be a currency code such as EUR')
      .optional(),
    /** IANA time zone of the day boundaries (the merchant's); the Orders screen reads days in the same zone. */
    timeZone: z.string().min(1).max(64).default('UTC'),
    /** Rows of each top list (default 10). */
    top: z.number().int().min(1).max(50).default(10),
    /** Fewest paid orders a product needs to rank by refund rate (default 3): one refund of one order is no rate. */
    minOrdersForRate: z.number().int().min(1).max(1000).default(3),
  })
  .strict();
export type InsightsRequest = z.input<typeof insightsRequestSchema>;
export type InsightsQuery = z.output<typeof insightsRequestSchema>;

/** An Orders-screen filter (its field names; days in the request's zone). */
export const ordersFilterSchema = z
  .object({
    createdFrom: day('createdFrom'),
    createdTo: day('createdTo'),
    afterSales: z.literal('yes').optional(),
    dispute: z.literal('yes').optional(),
    exception: z.literal('yes').optional(),
    buyerId: z.string().min(1).optional(),
    productTitle: z.string().min(1).optional(),
  })
  .strict();
export type OrdersFilter = z.infer<typeof ordersFilterSchema>;

/** The metrics of a bucket that have a filter of their own, and what each adds to the bucket's filter. */
export const insightsMetricFilter = {
  orders: {},
  exceptions: { exception: 'yes' },
  afterSales: { afterSales: 'yes' },
  disputes: { dispute: 'yes' },
} as const satisfies Record<string, Partial<OrdersFilter>>;
export type InsightsMetric = keyof typeof insightsMetricFilter;

/** The filter of one metric of a figure. */
export function filterOf(filter: OrdersFilter, metric: InsightsMetric): OrdersFilter {
  return { ...filter, ...insightsMetricFilter[metric] };
}

const revenueSchema = z.object({ currency: z.string(), amount: money, paidOrders: count }).strict();

export const insightsFigureSchema = z
  .object({
    firstDay: day('firstDay'),
    lastDay: day('lastDay'),
    /** Orders created in the bucket (any status): the count the Orders list shows for `filter`. */
    orders: count,
    /** Of them, paid (with a pay time). */
    paidOrders: count,
    /** Units of the paid orders. */
    units: count,
    /** Revenue of the paid orders per currency (the order's product price in the seller currency). */
    revenue: z.array(revenueSchema),
    /** Fully delivered orders whose delivery time is measured (paid, delivery records with times). */
    delivered: count,
    /** Paid-to-delivered time (nearest-rank percentiles) and the required delivery time's median; null: none. */
    leadMedianMs: ms.nullable(),
    leadP90Ms: ms.nullable(),
    requiredMedianMs: ms.nullable(),
    /** Delivered orders with a required time measured against it, and those an item of which came late. */
    measured: count,
    late: count,
    /** late ÷ measured, null when nothing was measured. */
    lateShare: z.number().min(0).max(1).nullable(),
    exceptions: count,
    afterSales: count,
    disputes: count,
    filter: ordersFilterSchema,
  })
  .strict();
export type InsightsFigure = z.infer<typeof insightsFigureSchema>;

const topRowSchema = z
  .object({
    productKey: z.string(),
    skuKey: z.string().nullable(),
    title: z.string(),
    skuLabel: z.string(),
    /** null in a refund-rate list (a rate is not money: currencies are counted together there). */
    currency: z.string().nullable(),
    revenue: money.nullable(),
    orders: count,
    units: count,
    afterSales: count,
    /** Paid orders with an after-sales (refund) request ÷ paid orders. */
    refundRate: z.number().min(0).max(1),
    filter: ordersFilterSchema,
  })
  .strict();
export type InsightsTopRow = z.infer<typeof topRowSchema>;

export const insightsDataSchema = z
  .object({
    range: z.object({ from: day('from'), to: day('to') }).strict(),
    granularity: z.enum(insightsGranularities),
    timeZone: z.string(),
    currency: z.string().nullable(),
    /** Currencies with orders in the range, most paid orders first. */
    currencies: z.array(z.string()),
    buckets: z.array(insightsFigureSchema),
    total: insightsFigureSchema,
    /** Paid-to-delivered time of the range's delivered orders. `toMs` null: open-ended. */
    deliveryHistogram: z.array(z.object({ fromMs: ms, toMs: ms.nullable(), orders: count, late: count }).strict()),
    topProductsByRevenue: z.array(topRowSchema),
    topProductsByRefundRate: z.array(topRowSchema),
    topSkusByRevenue: z.array(topRowSchema),
    topSkusByRefundRate: z.array(topRowSchema),
    repeatBuyers: z
      .object({
        /** Buyers with two or more orders created in the range, and those orders. */
        buyers: count,
        orders: count,
        top: z
          .array(
            z
              .object({ buyerId: z.string(), buyerName: z.string(), orders: count, filter: ordersFilterSchema })
              .strict(),
          )
          .max(50),
      })
      .strict(),
    /**
     * The spec's Order says only whether an after-sales request exists (`isExistAfterSales`), not its decision:
     * approvals, rejections and time to decide are not in the cache (false until a platform sends them).
     */
    decisionsKnown: z.boolean(),
  })
  .strict();
export type InsightsData = z.infer<typeof insightsDataSchema>;

export const insightsChannels = {
  'insights:get': { request: insightsRequestSchema, data: insightsDataSchema },
} satisfies Record<`insights:${string}`, IpcChannelSpec>;
