import { firstDayOfMonth, monthOfDay } from '../insights/localDays';
import { decodeTimes } from './insightAggregates';
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

/** One local day's delivery times (insight_day_lead): both arrays sorted ascending. */
export interface LeadDay {
  bucket: number;
  /** Paid-to-delivered times of the day's measured orders. */
  leads: Float64Array;
  /** Required delivery times of those of them that have one. */
  required: Float64Array;
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
  orders: number;
}

/** Buyers with more than one order created in a range: how many, their orders, the first `top` of them. */
export interface RepeatBuyers {
  buyers: number;
  orders: number;
  /** Most orders first, then by buyer ID. */
  top: RepeatBuyerRow[];
}

export const SERIES_SQL = `
SELECT day, currency, orders, paid, units, amount_micro AS amountMicro, exceptions, after_sales AS afterSales,
  disputes, late, measured
FROM insight_day WHERE day BETWEEN ? AND ? AND orders > 0`;

export const LEAD_SQL = 'SELECT day, leads, required FROM insight_day_lead WHERE day BETWEEN ? AND ?';

/**
 * Per SKU and currency: revenue and units of paid orders, orders and after-sales requests (and per product: the
 * orders counted once per product, `product_*`). Whole months of the range come from the month sums, read in SKU
 * order on their covering index (no sort), its partial months (at most two stretches of days) from the day sums;
 * the three groupings are added up in JS (monthSplit gives the month range and the two day ranges).
 */
const SKU_SUMS = `product_key, sku_key, currency, sum(orders), sum(product_orders), sum(units), sum(amount_micro),
  sum(after_sales), sum(product_after)`;
export const TOP_MONTHS_SQL = `SELECT ${SKU_SUMS} FROM insight_month_sku INDEXED BY insight_month_sku_by_sku
  WHERE month BETWEEN ? AND ? AND orders > 0 GROUP BY product_key, sku_key, currency`;
export const TOP_DAYS_SQL = `SELECT ${SKU_SUMS} FROM insight_day_sku
  WHERE day BETWEEN ? AND ? AND orders > 0 GROUP BY product_key, sku_key, currency`;

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
 * Repeat buyers from `insight_buyer_seq` (see insightAggregates.ts): orders created before `to` whose previous
 * (second previous) order of the same buyer was created at or after `from`, counted on the covering indexes.
 */
export const REPEAT_COUNT_SQL = `SELECT count(*) FROM insight_buyer_seq INDEXED BY insight_buyer_prev
  WHERE prev_ms >= ? AND create_ms < ?`;
export const REPEAT_SECOND_COUNT_SQL = `SELECT count(*) FROM insight_buyer_seq INDEXED BY insight_buyer_prev2
  WHERE prev2_ms >= ? AND prev2_ms IS NOT NULL AND create_ms < ?`;
/** Each repeat buyer of the range with its orders there (a later order per row, plus the first). */
export const REPEAT_BUYERS_SQL = `SELECT buyer_id, count(*) + 1 FROM insight_buyer_seq INDEXED BY insight_buyer_prev
  WHERE prev_ms >= ? AND create_ms < ? GROUP BY buyer_id`;
/** Buyers by their orders over all time, most first: an upper bound of their orders in any range. */
export const BUYERS_BY_TOTAL_SQL = `SELECT buyer_id, orders FROM insight_buyer_total INDEXED BY insight_buyer_by_orders
  WHERE orders > 1 ORDER BY orders DESC, buyer_id LIMIT ? OFFSET ?`;
export const BUYER_ORDERS_IN_RANGE_SQL = `SELECT count(*) FROM orders INDEXED BY orders_by_buyer
  WHERE buyer_id = ? AND create_ms >= ? AND create_ms < ?`;

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

export function leadDays(statements: StatementCache, range: InsightRange): LeadDay[] {
  const bucket = bucketOfDay(range);
  const rows = statements
    .get(LEAD_SQL)
    .safeIntegers(false)
    .raw(true)
    .all(...span(range)) as Array<[number, Uint8Array, Uint8Array]>;
  return rows.map(([day, leads, required]) => ({
    bucket: bucket(day),
    leads: decodeTimes(leads),
    required: decodeTimes(required),
  }));
}

/**
 * Per SKU and per product, per currency, in one read: a product's row sums its SKUs' (its orders and refunds count
 * each order once: `first_of_product`).
 */
export function topRows(statements: StatementCache, range: InsightRange): { products: TopRow[]; skus: TopRow[] } {
  const [m0, m1, d0, d1, d2, d3] = monthSplit(range);
  type Sums = [string, string, string, bigint, bigint, bigint, bigint, bigint, bigint];
  const read = (sql: string, lo: number, hi: number): Sums[] =>
    lo > hi ? [] : (statements.get(sql).raw(true).safeIntegers(true).all(lo, hi) as Sums[]);
  const sums = new Map<string, Sums>();
  for (const part of [read(TOP_MONTHS_SQL, m0, m1), read(TOP_DAYS_SQL, d0, d1), read(TOP_DAYS_SQL, d2, d3)])
    for (const r of part) {
      const key = `${r[0]}\n${r[1]}\n${r[2]}`;
      const s = sums.get(key);
      if (!s) sums.set(key, r);
      else for (let i = 3; i < 9; i++) s[i] = (s[i] as bigint) + (r[i] as bigint);
    }
  const skus: TopRow[] = [];
  const products = new Map<string, TopRow>();
  for (const [
    productKey,
    skuKey,
    currency,
    orders,
    productOrders,
    units,
    amountMicro,
    afterSales,
    productAfter,
  ] of sums.values()) {
    const sku: TopRow = {
      productKey,
      skuKey,
      currency,
      orders: Number(orders),
      units: Number(units),
      amountMicro,
      afterSales: Number(afterSales),
    };
    skus.push(sku);
    const key = `${productKey}\n${currency}`;
    const p = products.get(key);
    if (p) {
      p.orders += Number(productOrders);
      p.units += sku.units;
      p.amountMicro += amountMicro;
      p.afterSales += Number(productAfter);
    } else products.set(key, { ...sku, skuKey: null, orders: Number(productOrders), afterSales: Number(productAfter) });
  }
  return { products: [...products.values()], skus };
}

/** Above this many repeat orders in a range, the top list is read buyer by buyer from the totals instead. */
const GROUPED_REPEAT_ORDERS = 15_000;

const byOrdersThenId = (a: RepeatBuyerRow, b: RepeatBuyerRow) =>
  b.orders - a.orders || a.buyerId.localeCompare(b.buyerId);

/**
 * Buyers with more than one order created in [fromMs, toMs): the counts from two index counts, the first `top`
 * buyers grouped from the range's repeat orders when they are few, else by walking the buyers in descending order
 * of all-time orders (an upper bound of their orders in the range) and counting each one's orders in the range,
 * stopping once the next bound is below the list's last entry — exact either way.
 */
export function repeatBuyers(
  statements: StatementCache,
  fromMs: number,
  toMs: number,
  top: number,
  /** Tests lower it to take the walk on a small cache. */
  groupedUpTo = GROUPED_REPEAT_ORDERS,
): RepeatBuyers {
  const count = (sql: string) => statements.get(sql).pluck().safeIntegers(false).get(fromMs, toMs) as number;
  const laterOrders = count(REPEAT_COUNT_SQL);
  const buyers = laterOrders - count(REPEAT_SECOND_COUNT_SQL);
  const orders = laterOrders + buyers;
  if (buyers === 0 || top <= 0) return { buyers, orders, top: [] };
  if (laterOrders <= groupedUpTo || buyers <= top) return { buyers, orders, top: groupedTop() };
  return { buyers, orders, top: walkedTop() ?? groupedTop() };

  function groupedTop(): RepeatBuyerRow[] {
    const rows = statements.get(REPEAT_BUYERS_SQL).raw(true).safeIntegers(false).all(fromMs, toMs) as Array<
      [string, number]
    >;
    return rows
      .map(([buyerId, n]) => ({ buyerId, orders: n }))
      .sort(byOrdersThenId)
      .slice(0, top);
  }

  /** undefined when the walk would read more buyers than grouping reads rows. */
  function walkedTop(): RepeatBuyerRow[] | undefined {
    const inRange = statements.get(BUYER_ORDERS_IN_RANGE_SQL).pluck().safeIntegers(false);
    const byTotal = statements.get(BUYERS_BY_TOTAL_SQL).raw(true).safeIntegers(false);
    const list: RepeatBuyerRow[] = [];
    const budget = laterOrders / 4;
    const page = 256;
    for (let offset = 0; offset < budget; offset += page) {
      const rows = byTotal.all(page, offset) as Array<[string, number]>;
      for (const [buyerId, total] of rows) {
        // Ties are broken by ID, so a bound equal to the last entry's count may still enter the list.
        if (list.length === top && total < list[top - 1]!.orders) return list;
        const n = inRange.get(buyerId, fromMs, toMs) as number;
        if (n < 2) continue;
        list.push({ buyerId, orders: n });
        list.sort(byOrdersThenId);
        if (list.length > top) list.pop();
      }
      if (rows.length < page) return list;
    }
    return undefined;
  }
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
