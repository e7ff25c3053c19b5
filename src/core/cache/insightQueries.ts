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
  amountMicro: Micro;
  exceptions: number;
  afterSales: number;
  disputes: number;
  late: number;
  measured: number;
}

/** An amount in millionths: a number while it is a safe integer (most are: a BigInt each cost more), else a bigint. */
export type Micro = number | bigint;

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
 * orders counted once per product, `product_*`), summed over a range from the month sums and the day sums
 * (topPlan says which), the parts added or subtracted in JS.
 *
 * Month sums: read in SKU order on their covering index, grouped as read (no sort) — EXPLAIN QUERY PLAN shows a
 * SCAN of the whole index whatever the months, which stays the cheaper plan down to about a fifth of the stored
 * months (100,000 orders, 25 months, no statistics as the app runs: 3 months 3.2 ms scanned vs 3.7 ms found by
 * the primary key and sorted, 12 months 4.5 vs 12.1 ms); below that (a long history, a short range) the months
 * are found by the primary key (month first) and only their rows sorted.
 */
const SKU_SUMS = `product_key, sku_key, currency, sum(orders), sum(product_orders), sum(units), sum(amount_micro),
  sum(after_sales), sum(product_after)`;
export const TOP_MONTHS_SQL = `SELECT ${SKU_SUMS} FROM insight_month_sku INDEXED BY insight_month_sku_by_sku
  WHERE month BETWEEN ? AND ? AND orders > 0 GROUP BY product_key, sku_key, currency`;
export const TOP_FEW_MONTHS_SQL = `SELECT ${SKU_SUMS} FROM insight_month_sku
  WHERE month BETWEEN ? AND ? AND orders > 0 GROUP BY product_key, sku_key, currency`;
export const TOP_DAYS_SQL = `SELECT ${SKU_SUMS} FROM insight_day_sku
  WHERE day BETWEEN ? AND ? AND orders > 0 GROUP BY product_key, sku_key, currency`;
/**
 * The first and last month / day stored, one primary-key probe each: `SELECT min(x), max(x)` in one query is a SCAN
 * of the whole table (SQLite's min/max shortcut takes a single aggregate; 7 ms at 100,000 orders, per request).
 */
export const MONTH_SPAN_SQL =
  'SELECT (SELECT min(month) FROM insight_month_sku), (SELECT max(month) FROM insight_month_sku)';
export const DAY_SPAN_SQL = 'SELECT (SELECT min(day) FROM insight_day_sku), (SELECT max(day) FROM insight_day_sku)';

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

/** One read of a top list's plan: month sums or day sums over [lo, hi], added (+1) or subtracted (−1). */
export interface TopTerm {
  sums: 'months' | 'days';
  lo: number;
  hi: number;
  sign: 1 | -1;
}

/**
 * How to sum a range's SKU rows with the fewest day rows: whole months from the month sums; a partial month either
 * from its days in the range, or as the whole month minus its days outside the range — whichever reads fewer days
 * that hold data (`stored`: the first and last day with any). Every preset ends today, so its last month is the
 * month's sums minus days still to come: no day rows at all, where the densest days of a shop (the latest) were
 * read one by one before.
 */
export function topPlan(range: InsightRange, stored: { firstDay: number; lastDay: number } | undefined): TopTerm[] {
  const [from, to] = span(range);
  if (from > to || stored === undefined) return [];
  const daysWithData = (lo: number, hi: number) =>
    Math.max(0, Math.min(hi, stored.lastDay) - Math.max(lo, stored.firstDay) + 1);
  const terms: TopTerm[] = [];
  let m0: number | undefined;
  let m1 = 0;
  for (let m = monthOfDay(from); m <= monthOfDay(to); m++) {
    const first = firstDayOfMonth(m);
    const last = firstDayOfMonth(m + 1) - 1;
    const lo = Math.max(from, first);
    const hi = Math.min(to, last);
    const outside: Array<[number, number]> = [
      [first, lo - 1],
      [hi + 1, last],
    ];
    const outsideDays = outside.reduce((n, [a, b]) => n + daysWithData(a, b), 0);
    if (outsideDays <= daysWithData(lo, hi)) {
      // The whole month (its days outside the range subtracted, if any hold data).
      m0 ??= m;
      m1 = m;
      for (const [a, b] of outside) if (daysWithData(a, b) > 0) terms.push({ sums: 'days', lo: a, hi: b, sign: -1 });
    } else terms.push({ sums: 'days', lo, hi, sign: 1 });
  }
  if (m0 !== undefined) terms.unshift({ sums: 'months', lo: m0, hi: m1, sign: 1 });
  return terms;
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
  type Row = [number, string, number, number, number, number, number, number, number, number, number];
  // As numbers (a BigInt per value cost more than the query): exact while every value is a safe integer, which a
  // value past 2^53 read as a double never is; then the rows are read again as BigInt (amounts only stay BigInt).
  let rows = statements
    .get(SERIES_SQL)
    .raw(true)
    .safeIntegers(false)
    .all(...span(range)) as Array<Row | Array<number | bigint | string>>;
  if (!rows.every((r) => Number.isSafeInteger(r[5])))
    rows = statements
      .get(SERIES_SQL)
      .raw(true)
      .safeIntegers(true)
      .all(...span(range)) as Array<Array<number | bigint | string>>;
  return rows.map((r) => ({
    bucket: bucket(Number(r[0])),
    currency: r[1] as string,
    orders: Number(r[2]),
    paid: Number(r[3]),
    units: Number(r[4]),
    amountMicro: typeof r[5] === 'number' ? r[5] : BigInt(r[5]!),
    exceptions: Number(r[6]),
    afterSales: Number(r[7]),
    disputes: Number(r[8]),
    late: Number(r[9]),
    measured: Number(r[10]),
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
  type Sums = [string, string, string, bigint, bigint, bigint, bigint, bigint, bigint];
  const spanOf = (sql: string) =>
    statements.get(sql).raw(true).safeIntegers(false).get() as [number | null, number | null];
  const [firstDay, lastDay] = spanOf(DAY_SPAN_SQL);
  const plan = topPlan(range, firstDay === null || lastDay === null ? undefined : { firstDay, lastDay });
  const read = (t: TopTerm): Sums[] => {
    let sql = TOP_DAYS_SQL;
    if (t.sums === 'months') {
      const [firstMonth, lastMonth] = spanOf(MONTH_SPAN_SQL);
      const stored = (lastMonth ?? 0) - (firstMonth ?? 0) + 1;
      const wanted = Math.min(t.hi, lastMonth ?? t.hi) - Math.max(t.lo, firstMonth ?? t.lo) + 1;
      sql = wanted * 5 > stored ? TOP_MONTHS_SQL : TOP_FEW_MONTHS_SQL;
    }
    return statements.get(sql).raw(true).safeIntegers(true).all(t.lo, t.hi) as Sums[];
  };
  const sums = new Map<string, Sums>();
  for (const term of plan)
    for (const r of read(term)) {
      const key = `${r[0]}\n${r[1]}\n${r[2]}`;
      const s = sums.get(key);
      if (!s) {
        if (term.sign === -1) for (let i = 3; i < 9; i++) r[i] = -(r[i] as bigint);
        sums.set(key, r);
      } else if (term.sign === 1) for (let i = 3; i < 9; i++) s[i] = (s[i] as bigint) + (r[i] as bigint);
      else for (let i = 3; i < 9; i++) s[i] = (s[i] as bigint) - (r[i] as bigint);
    }
  // A SKU whose orders in the month were all outside the range sums to nothing.
  for (const [key, s] of sums) if (s[3] === 0n) sums.delete(key);
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
