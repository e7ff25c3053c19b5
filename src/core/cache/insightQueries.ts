import { firstDayOfMonth, monthOfDay } from '../insights/localDays';
import type { StatementCache } from './statementCache';

/**
 * The Insights aggregates, SQL over the fact tables (insightFacts.ts), by local day number (the `day` columns, in
 * the zone the cache records: the caller moves it to the request's zone first). Buckets are ranges of days; the
 * time series reads the day sums (one row per day and currency), the rest read the facts of the range's days.
 * Sums of money stay per currency and come back as 64-bit integers (bigint), never summed across currencies.
 */

export interface InsightRange {
  /** Inclusive day-number ranges, in order, contiguous. */
  buckets: ReadonlyArray<{ firstDay: number; lastDay: number }>;
}

/** One bucket × currency row of the time series. */
export interface SeriesRow {
  bucket: number;
  currency: string;
  orders: number;
  paid: number;
  units: number;
  amountMicro: bigint;
  exceptions: number;
  afterSales: number;
  disputes: number;
  late: number;
  measured: number;
}

export interface LeadRow {
  bucket: number;
  leadMs: number;
  requiredMs: number | null;
}

export interface TopRow {
  productKey: string;
  skuKey: string | null;
  currency: string;
  orders: number;
  units: number;
  amountMicro: bigint;
  afterSales: number;
}

export interface RepeatBuyerRow {
  buyerId: string;
  buyerName: string;
  orders: number;
}

export const SERIES_SQL = `
SELECT day, currency, orders, paid, units, amount_micro AS amountMicro, exceptions, after_sales AS afterSales,
  disputes, late, measured
FROM insight_day WHERE day BETWEEN ? AND ? AND orders > 0`;

export const LEAD_SQL = `
SELECT day, lead_ms AS leadMs, required_ms AS requiredMs
FROM insight_order INDEXED BY insight_order_lead
WHERE day BETWEEN ? AND ? AND lead_ms IS NOT NULL`;

/**
 * Per product (sku_key NULL) or per SKU, per currency; revenue and units of paid orders, rates over paid orders.
 * Whole months of the range come from the month sums, its partial months (at most two stretches of days) from the
 * SKU rows: parameters are the month range, then the two day ranges.
 */
const edgeDays = `
  SELECT product_key, sku_key, currency, 1, first_of_product, units, amount_micro, after_sales,
    after_sales * first_of_product
  FROM insight_item INDEXED BY insight_item_by_day WHERE day BETWEEN ? AND ? AND paid = 1`;
export const TOP_SKUS_SQL = `
SELECT product_key AS productKey, sku_key AS skuKey, currency, sum(orders) AS orders,
  sum(product_orders) AS productOrders, sum(units) AS units, sum(amount_micro) AS amountMicro,
  sum(after_sales) AS afterSales, sum(product_after) AS productAfter
FROM (
  SELECT product_key, sku_key, currency, orders, product_orders, units, amount_micro, after_sales, product_after
  FROM insight_month_sku WHERE month BETWEEN ? AND ?
  UNION ALL ${edgeDays}
  UNION ALL ${edgeDays}
)
GROUP BY product_key, sku_key, currency`;

/** The range as whole months plus the days before and after them: [m0, m1, d0, d1, d2, d3] (empty: lo > hi). */
export function monthSplit(range: InsightRange): [number, number, number, number, number, number] {
  const [from, to] = span(range);
  let m0 = monthOfDay(from);
  if (firstDayOfMonth(m0) < from) m0++;
  let m1 = monthOfDay(to);
  if (firstDayOfMonth(m1 + 1) - 1 > to) m1--;
  if (m0 > m1) return [1, 0, from, to, 1, 0];
  return [m0, m1, from, firstDayOfMonth(m0) - 1, firstDayOfMonth(m1 + 1), to];
}

/**
 * Buyers with more than one order created in the range, most orders first. orders_by_buyer (buyer_id, create_ms)
 * is read in buyer order, so the grouping needs no sort; the range is checked in the index.
 */
export const REPEAT_BUYERS_SQL = `
SELECT buyer_id AS buyerId, count(*) AS orders
FROM orders INDEXED BY orders_by_buyer
WHERE buyer_id IS NOT NULL AND create_ms >= ? AND create_ms < ?
GROUP BY buyer_id HAVING count(*) > 1`;

/** Which bucket each day of the range falls in (buckets are contiguous day ranges). */
function bucketOfDay(range: InsightRange): (day: number) => number {
  const first = range.buckets[0]?.firstDay ?? 0;
  const index = new Int32Array(
    range.buckets.length === 0 ? 0 : range.buckets[range.buckets.length - 1]!.lastDay - first + 1,
  );
  range.buckets.forEach((b, i) => index.fill(i, b.firstDay - first, b.lastDay - first + 1));
  return (day) => index[day - first]!;
}

const span = (range: InsightRange): [number, number] => [
  range.buckets[0]?.firstDay ?? 0,
  range.buckets[range.buckets.length - 1]?.lastDay ?? -1,
];

export function seriesRows(statements: StatementCache, range: InsightRange): SeriesRow[] {
  const bucket = bucketOfDay(range);
  const rows = statements
    .get(SERIES_SQL)
    .safeIntegers(true)
    .all(...span(range)) as Array<Record<keyof SeriesRow | 'day', bigint | string>>;
  return rows.map((r) => ({
    bucket: bucket(Number(r.day)),
    currency: r.currency as string,
    orders: Number(r.orders),
    paid: Number(r.paid),
    units: Number(r.units),
    amountMicro: r.amountMicro as bigint,
    exceptions: Number(r.exceptions),
    afterSales: Number(r.afterSales),
    disputes: Number(r.disputes),
    late: Number(r.late),
    measured: Number(r.measured),
  }));
}

export function leadRows(statements: StatementCache, range: InsightRange): LeadRow[] {
  const bucket = bucketOfDay(range);
  const rows = statements
    .get(LEAD_SQL)
    .safeIntegers(false)
    .raw(true)
    .all(...span(range)) as Array<[number, number, number | null]>;
  return rows.map(([day, leadMs, requiredMs]) => ({ bucket: bucket(day), leadMs, requiredMs }));
}

/**
 * Per SKU and per product, per currency, in one read: a product's row sums its SKUs' (its orders and refunds count
 * each order once: `first_of_product`).
 */
export function topRows(statements: StatementCache, range: InsightRange): { products: TopRow[]; skus: TopRow[] } {
  const rows = statements
    .get(TOP_SKUS_SQL)
    .safeIntegers(true)
    .all(...monthSplit(range)) as Array<Record<string, bigint | string>>;
  const skus: TopRow[] = [];
  const products = new Map<string, TopRow>();
  for (const r of rows) {
    const sku: TopRow = {
      productKey: r.productKey as string,
      skuKey: r.skuKey as string,
      currency: r.currency as string,
      orders: Number(r.orders),
      units: Number(r.units),
      amountMicro: r.amountMicro as bigint,
      afterSales: Number(r.afterSales),
    };
    skus.push(sku);
    const key = `${sku.productKey}\n${sku.currency}`;
    const p = products.get(key);
    if (p) {
      p.orders += Number(r.productOrders);
      p.units += sku.units;
      p.amountMicro += sku.amountMicro;
      p.afterSales += Number(r.productAfter);
    } else
      products.set(key, {
        ...sku,
        skuKey: null,
        orders: Number(r.productOrders),
        afterSales: Number(r.productAfter),
      });
  }
  return { products: [...products.values()], skus };
}

export function repeatBuyerRows(statements: StatementCache, fromMs: number, toMs: number): RepeatBuyerRow[] {
  const rows = statements.get(REPEAT_BUYERS_SQL).safeIntegers(false).all(fromMs, toMs) as Array<{
    buyerId: string;
    orders: number;
  }>;
  return rows.map((r) => ({ ...r, buyerName: '' }));
}

/** The names of products/SKUs (for the rows a list shows). */
export function skuNames(
  statements: StatementCache,
  productKey: string,
  skuKey: string | null,
): { title: string; skuLabel: string } {
  const row = (
    skuKey === null
      ? statements
          .get('SELECT title, sku_label AS skuLabel FROM insight_sku WHERE product_key = ? LIMIT 1')
          .get(productKey)
      : statements
          .get('SELECT title, sku_label AS skuLabel FROM insight_sku WHERE product_key = ? AND sku_key = ?')
          .get(productKey, skuKey)
  ) as { title: string; skuLabel: string } | undefined;
  return row ?? { title: '', skuLabel: '' };
}

export function buyerName(statements: StatementCache, buyerId: string): string {
  const name = statements
    .get('SELECT buyer_name FROM orders INDEXED BY orders_by_buyer WHERE buyer_id = ? ORDER BY create_ms DESC LIMIT 1')
    .pluck()
    .get(buyerId) as string | undefined;
  return name ?? '';
}
