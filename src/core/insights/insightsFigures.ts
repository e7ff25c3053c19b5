import type { InsightRows } from '../cache/orderCache';
import type { LeadDay, Micro, SeriesRow, TopRow } from '../cache/insightQueries';
import type {
  InsightsData,
  InsightsFigure,
  InsightsQuery,
  InsightsTopRow,
  OrdersFilter,
} from '../../shared/ipc/insights';
import { microText } from './orderFacts';
import type { Bucket } from './zonedBuckets';
import { countBelow, nearestRankOfRuns } from './sortedRuns';

/**
 * The figures of `insights:get` from the cache's aggregate rows (pure): buckets with their filters, percentiles,
 * the histogram, top lists and repeat buyers. Percentiles are nearest-rank: the smallest value with at least p of
 * the values at or below it (the median of 1, 2, 3, 4 is 2), so every figure is a delivery time that happened.
 */

export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

const HOUR = 3_600_000;
/** Histogram bins of paid-to-delivered time: minutes to weeks, on the scale delivery times are given in. */
export const HISTOGRAM_EDGES_MS = [0, HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR, 48 * HOUR, 72 * HOUR, 168 * HOUR];

interface Accumulator {
  orders: number;
  paid: number;
  units: number;
  exceptions: number;
  afterSales: number;
  disputes: number;
  late: number;
  measured: number;
  revenue: Map<string, { amount: Micro; paid: number }>;
  /** The bucket's days' sorted delivery times (and required times): percentiles without merging them. */
  leads: Float64Array[];
  required: Float64Array[];
}

const empty = (): Accumulator => ({
  orders: 0,
  paid: 0,
  units: 0,
  exceptions: 0,
  afterSales: 0,
  disputes: 0,
  late: 0,
  measured: 0,
  revenue: new Map(),
  leads: [],
  required: [],
});

function add(acc: Accumulator, r: SeriesRow): void {
  acc.orders += r.orders;
  acc.paid += r.paid;
  acc.units += r.units;
  acc.exceptions += r.exceptions;
  acc.afterSales += r.afterSales;
  acc.disputes += r.disputes;
  acc.late += r.late;
  acc.measured += r.measured;
  if (r.paid > 0) {
    const m = acc.revenue.get(r.currency) ?? { amount: 0, paid: 0 };
    m.amount = addMicro(m.amount, r.amountMicro);
    m.paid += r.paid;
    acc.revenue.set(r.currency, m);
  }
}

/** a + b, exact: as numbers while the sum is a safe integer, else as BigInt (from the exact operands). */
function addMicro(a: Micro, b: Micro): Micro {
  if (typeof a === 'number' && typeof b === 'number') {
    const sum = a + b;
    if (Number.isSafeInteger(sum)) return sum;
  }
  return BigInt(a) + BigInt(b);
}

function figure(
  acc: Accumulator,
  firstDay: string,
  lastDay: string,
  currencies: readonly string[],
  decimals: ReadonlyMap<string, number>,
): InsightsFigure {
  return {
    firstDay,
    lastDay,
    orders: acc.orders,
    paidOrders: acc.paid,
    units: acc.units,
    revenue: currencies.flatMap((currency) => {
      const m = acc.revenue.get(currency);
      return m ? [{ currency, amount: microText(m.amount, decimals.get(currency) ?? 0), paidOrders: m.paid }] : [];
    }),
    delivered: acc.leads.reduce((n, l) => n + l.length, 0),
    leadMedianMs: nearestRankOfRuns(acc.leads, 0.5),
    leadP90Ms: nearestRankOfRuns(acc.leads, 0.9),
    requiredMedianMs: nearestRankOfRuns(acc.required, 0.5),
    measured: acc.measured,
    late: acc.late,
    lateShare: acc.measured === 0 ? null : acc.late / acc.measured,
    exceptions: acc.exceptions,
    afterSales: acc.afterSales,
    disputes: acc.disputes,
    filter: { createdFrom: firstDay, createdTo: lastDay },
  };
}

/** The currency's minor-unit digits (ISO 4217, from Intl: JPY 0, EUR 2); 2 for a code Intl does not know. */
export function currencyMinorDigits(currency: string): number {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    minorDigits.set(currency, digits);
  }
  return digits;
}
/** Built once per code: an Intl.NumberFormat costs about a millisecond to make. */
const minorDigits = new Map<string, number>();

/** The decimals an amount in millionths needs (what microText writes after the point): 0–6. */
function fractionDigits(micro: Micro): number {
  let rem =
    typeof micro === 'number' && Number.isSafeInteger(micro)
      ? Math.abs(micro) % 1_000_000
      : Number((micro < 0n ? -BigInt(micro) : BigInt(micro)) % 1_000_000n);
  if (rem === 0) return 0;
  let digits = 6;
  while (rem % 10 === 0) {
    rem /= 10;
    digits--;
  }
  return digits;
}

/** Decimals to show per currency: its minor units, more only when an amount has more. */
function currencyDecimals(series: readonly SeriesRow[]): Map<string, number> {
  const d = new Map<string, number>();
  for (const r of series) {
    d.set(r.currency, Math.max(d.get(r.currency) ?? currencyMinorDigits(r.currency), fractionDigits(r.amountMicro)));
  }
  return d;
}

export function insightsFigures(query: InsightsQuery, buckets: readonly Bucket[], rows: InsightRows): InsightsData {
  const accs = buckets.map(empty);
  const total = empty();
  for (const r of rows.series) {
    add(accs[r.bucket]!, r);
    add(total, r);
  }
  const histogram = HISTOGRAM_EDGES_MS.map((fromMs, i) => ({
    fromMs,
    toMs: HISTOGRAM_EDGES_MS[i + 1] ?? null,
    orders: 0,
    late: 0,
  }));
  for (const l of rows.leads) addLead(accs[l.bucket]!, total, histogram, l);
  // Revenue's late-per-bin is not known per row; the histogram counts orders only (late stays 0 there).
  const paidBy = new Map<string, number>();
  for (const [c, m] of total.revenue) paidBy.set(c, m.paid);
  const currencies = [...paidBy.keys()].sort((a, b) => paidBy.get(b)! - paidBy.get(a)! || a.localeCompare(b));
  const shown = query.currency === undefined ? currencies : currencies.filter((c) => c === query.currency);
  const decimals = currencyDecimals(rows.series);
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  const range = { createdFrom: first?.firstDay ?? query.range.from, createdTo: last?.lastDay ?? query.range.to };
  const top = topLists(query, rows, range, decimals);
  const repeat = rows.repeatBuyers;
  return {
    range: query.range,
    granularity: query.granularity,
    timeZone: query.timeZone,
    currency: query.currency ?? null,
    currencies,
    buckets: buckets.map((b, i) => figure(accs[i]!, b.firstDay, b.lastDay, shown, decimals)),
    total: figure(total, range.createdFrom, range.createdTo, shown, decimals),
    deliveryHistogram: histogram,
    ...top,
    repeatBuyers: {
      buyers: repeat.buyers,
      orders: repeat.orders,
      top: repeat.top.slice(0, query.top).map((r) => ({
        buyerId: r.buyerId,
        buyerName: rows.buyerName(r.buyerId),
        orders: r.orders,
        filter: { ...range, buyerId: r.buyerId },
      })),
    },
    decisionsKnown: false,
  };
}

function addLead(
  acc: Accumulator,
  total: Accumulator,
  histogram: Array<{ fromMs: number; toMs: number | null; orders: number }>,
  l: LeadDay,
): void {
  acc.leads.push(l.leads);
  total.leads.push(l.leads);
  acc.required.push(l.required);
  total.required.push(l.required);
  // Bin i holds the times ≥ its edge and below the next one.
  for (let i = 0; i < histogram.length; i++) {
    const next = histogram[i + 1]?.fromMs;
    histogram[i]!.orders +=
      (next === undefined ? l.leads.length : countBelow(l.leads, next)) - countBelow(l.leads, histogram[i]!.fromMs);
  }
}

function topLists(
  query: InsightsQuery,
  rows: InsightRows,
  range: OrdersFilter,
  decimals: ReadonlyMap<string, number>,
): Pick<InsightsData, 'topProductsByRevenue' | 'topProductsByRefundRate' | 'topSkusByRevenue' | 'topSkusByRefundRate'> {
  const row = (r: TopRow, currency: string | null, revenue: string | null): InsightsTopRow => {
    const names = rows.skuName(r.productKey, r.skuKey);
    return {
      productKey: r.productKey,
      skuKey: r.skuKey,
      title: names.title,
      skuLabel: r.skuKey === null ? '' : names.skuLabel,
      currency,
      revenue,
      orders: r.orders,
      units: r.units,
      afterSales: r.afterSales,
      refundRate: r.orders === 0 ? 0 : r.afterSales / r.orders,
      filter: names.title ? { ...range, productTitle: names.title } : { ...range },
    };
  };
  const byRevenue = (list: readonly TopRow[]): InsightsTopRow[] => {
    const wanted = query.currency === undefined ? list : list.filter((r) => r.currency === query.currency);
    // Ranked within each currency; the currencies in the order of their best row's orders, then by code.
    const groups = new Map<string, TopRow[]>();
    for (const r of wanted) {
      const group = groups.get(r.currency);
      if (group) group.push(r);
      else groups.set(r.currency, [r]);
    }
    const out: InsightsTopRow[] = [];
    for (const currency of [...groups.keys()].sort()) {
      const ranked = groups
        .get(currency)!
        .sort((a, b) => (b.amountMicro > a.amountMicro ? 1 : b.amountMicro < a.amountMicro ? -1 : 0) || keyOrder(a, b))
        .slice(0, query.top);
      for (const r of ranked) out.push(row(r, currency, microText(r.amountMicro, decimals.get(currency) ?? 0)));
    }
    return out;
  };
  const byRate = (list: readonly TopRow[]): InsightsTopRow[] => {
    // A rate is not money: the currencies of one product count together.
    const merged = new Map<string, TopRow>();
    for (const r of list) {
      const key = `${r.productKey}\n${r.skuKey ?? ''}`;
      const m = merged.get(key);
      if (m) {
        m.orders += r.orders;
        m.units += r.units;
        m.afterSales += r.afterSales;
      } else merged.set(key, { ...r, amountMicro: 0n });
    }
    return [...merged.values()]
      .filter((r) => r.orders >= query.minOrdersForRate)
      .sort((a, b) => b.afterSales / b.orders - a.afterSales / a.orders || b.orders - a.orders || keyOrder(a, b))
      .slice(0, query.top)
      .map((r) => row(r, null, null));
  };
  return {
    topProductsByRevenue: byRevenue(rows.products),
    topProductsByRefundRate: byRate(rows.products),
    topSkusByRevenue: byRevenue(rows.skus),
    topSkusByRefundRate: byRate(rows.skus),
  };
}

const keyOrder = (a: TopRow, b: TopRow) =>
  a.productKey.localeCompare(b.productKey) || (a.skuKey ?? '').localeCompare(b.skuKey ?? '');
