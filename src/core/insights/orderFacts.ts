import type { Order, OrderItem } from '../../shared/domain/order';
import { parseIsoInstant } from '../../shared/time/isoInstant';
import type { DeadlineRules } from '../due/deadlineRules';
import { isDelivered, itemAllowedMs } from '../due/deliveryDeadline';

/**
 * What Insights needs of one order, computed when the order is stored (pure): the figures are then sums and counts
 * over narrow indexed rows instead of JSON parsed per query. Amounts are integers in millionths of the currency
 * unit (exact for every price with up to 6 decimals; the platform's are 0–2), summed by SQLite in 64 bits.
 */
export interface OrderFacts {
  createMs: number;
  /** 0 while unpaid. */
  payMs: number;
  /** The seller currency code, upper-cased; '' when the order names none. */
  currency: string;
  /** originalCurrencyProductPrice (else the items' totals), in millionths. */
  amountMicro: number;
  /** Units: the items' quantities. */
  units: number;
  /** The instant the order was fully delivered (the delivery record that completed it); null when not (known). */
  deliveredMs: number | null;
  /** From the delivery clock's start (payment, per the rules) to full delivery; null when either is unknown. */
  leadMs: number | null;
  /** The time the whole order was allowed (the items' required delivery times, per the rules); null without one. */
  requiredMs: number | null;
  /** 1: an item was delivered after its deadline; 0: all on time; null: not measured (not delivered, no times). */
  late: 0 | 1 | null;
  exception: 0 | 1;
  afterSales: 0 | 1;
  dispute: 0 | 1;
  items: ItemFacts[];
}

/** One product/SKU of an order (lines of the same SKU merged). */
export interface ItemFacts {
  /** productSpuId, else the SPU number or the title: what groups lines as "one product". */
  productKey: string;
  skuKey: string;
  title: string;
  /** The SKU's number, else its attributes ("Region: EU, Size: L"). */
  skuLabel: string;
  amountMicro: number;
  units: number;
  /** 1 on the first SKU row of each product in the order: summing it counts orders per product. */
  firstOfProduct: 0 | 1;
}

const MICRO = 1_000_000n;
const DECIMAL = /^\s*(-?)(\d{1,18})(?:\.(\d+))?\s*$/;

/** Decimal text → millionths (half-up beyond 6 decimals); undefined when not a plain decimal or too large. */
export function toMicro(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const frac = (m[3] ?? '').padEnd(7, '0');
  let v = BigInt(m[2]!) * MICRO + BigInt(frac.slice(0, 6));
  if (frac.charCodeAt(6) >= 53) v += 1n; // '5'..'9'
  if (m[1] === '-') v = -v;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Millionths (as a SQLite 64-bit sum: a bigint) → decimal text with at least `minDecimals`, no trailing noise. */
export function microText(micro: bigint | number, minDecimals = 0): string {
  let whole: string;
  let rest: number;
  let neg: boolean;
  if (typeof micro === 'number' && Number.isSafeInteger(micro)) {
    // Exact in doubles below 2^53, and several times faster than BigInt (730 buckets × currencies a request).
    neg = micro < 0;
    const abs = Math.abs(micro);
    whole = String(Math.floor(abs / 1_000_000));
    rest = abs % 1_000_000;
  } else {
    const v = BigInt(micro);
    neg = v < 0n;
    const abs = neg ? -v : v;
    whole = (abs / MICRO).toString();
    rest = Number(abs % MICRO);
  }
  let frac = rest === 0 ? '' : String(rest).padStart(6, '0');
  // Trailing zeros off (a loop: the regular expression was a visible share of 730 buckets' figures).
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
  frac = frac.slice(0, end);
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

const quantityOf = (item: OrderItem): number => {
  const q = item.quantity;
  return typeof q === 'number' && Number.isSafeInteger(q) && q > 0 ? q : 1;
};

const count = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : v == null ? '' : String(v));

/** Delivery records in time order as [instant, quantity]; records without a readable time are left out. */
function deliverySteps(order: Order): Array<[number, number]> {
  const steps: Array<[number, number]> = [];
  for (const r of order.orderDeliveryList ?? []) {
    const at = parseIsoInstant(r.createTime);
    if (at !== undefined) steps.push([at, count(r.deliveringNumber) ?? 0]);
  }
  return steps.sort((a, b) => a[0] - b[0]);
}

/**
 * When each cumulative quantity was reached: the instant the records' running total first covers `need`, or
 * `fallback` (the last record, for an order the buyer signed for though the records fall short), or null.
 */
function reachedAt(steps: ReadonlyArray<[number, number]>, need: number, fallback: number | null): number | null {
  let total = 0;
  for (const [at, n] of steps) {
    total += n;
    if (total >= need) return at;
  }
  return fallback;
}

interface Line {
  allowed: number | undefined;
  quantity: number;
  index: number;
}

export function orderFacts(order: Order, rules: DeadlineRules): OrderFacts {
  const items = order.orderItems ?? [];
  const createMs = parseIsoInstant(order.createTime) ?? 0;
  const payMs = parseIsoInstant(order.payTime) ?? 0;
  const currency = text(order.originalCurrencyCode).toUpperCase();
  const itemTotal = (i: OrderItem) =>
    toMicro(i.originalCurrencyProductTotalPrice) ??
    (() => {
      const unit = toMicro(i.originalCurrencyProductUnitPrice);
      return unit === undefined ? undefined : unit * quantityOf(i);
    })();
  const amountMicro = toMicro(order.originalCurrencyProductPrice) ?? items.reduce((s, i) => s + (itemTotal(i) ?? 0), 0);
  const units = items.reduce((s, i) => s + quantityOf(i), 0);

  // Delivery: when the whole order was delivered, and whether each item made its deadline.
  const steps = deliverySteps(order);
  const delivered = isDelivered(order);
  const totalNeeded = count(order.orderDeliveryTotal) || units;
  const lastRecord = steps.length > 0 ? steps[steps.length - 1]![0] : null;
  const deliveredMs = delivered ? reachedAt(steps, totalNeeded, lastRecord) : null;
  const clockStart = rules.clockStart === 'created' ? createMs || payMs : payMs;
  const lines: Line[] = items.map((item, index) => ({
    allowed: itemAllowedMs(item),
    quantity: quantityOf(item),
    index,
  }));
  const allowedTimes = lines.flatMap((l) => (l.allowed === undefined ? [] : [l.allowed]));
  const requiredMs =
    allowedTimes.length === 0
      ? null
      : rules.partialDelivery === 'whole-order'
        ? Math.min(...allowedTimes)
        : Math.max(...allowedTimes);
  let leadMs: number | null = null;
  let late: 0 | 1 | null = null;
  if (deliveredMs !== null && payMs > 0 && clockStart > 0) {
    leadMs = Math.max(0, deliveredMs - clockStart);
    if (allowedTimes.length > 0) late = isLate(lines, steps, deliveredMs, clockStart, rules) ? 1 : 0;
  }

  return {
    createMs,
    payMs,
    currency,
    amountMicro,
    units,
    deliveredMs,
    leadMs,
    requiredMs,
    late,
    exception: order.deliveryType === 2 ? 1 : 0,
    afterSales: order.isExistAfterSales === true ? 1 : 0,
    dispute: order.isExistDispute === true ? 1 : 0,
    items: itemFacts(items, itemTotal),
  };
}

/**
 * Whether an item was delivered after its deadline. `earliest-first` (the due rules' default): the delivered
 * quantity covers the items with the shortest delivery time first, so an item is done when the running total
 * covers it and every shorter one. `whole-order`: every item is done at full delivery. Items the records do not
 * cover (an order signed for with short records) are done at `deliveredMs`.
 */
function isLate(
  lines: Line[],
  steps: ReadonlyArray<[number, number]>,
  deliveredMs: number,
  startMs: number,
  rules: DeadlineRules,
): boolean {
  if (rules.partialDelivery === 'whole-order') {
    const min = Math.min(...lines.flatMap((l) => (l.allowed === undefined ? [] : [l.allowed])));
    return deliveredMs > startMs + min;
  }
  const sorted = [...lines].sort((a, b) => (a.allowed ?? Infinity) - (b.allowed ?? Infinity) || a.index - b.index);
  let covered = 0;
  for (const line of sorted) {
    covered += line.quantity;
    if (line.allowed === undefined) continue;
    const doneAt = Math.min(reachedAt(steps, covered, deliveredMs) ?? deliveredMs, deliveredMs);
    if (doneAt > startMs + line.allowed) return true;
  }
  return false;
}

function itemFacts(items: readonly OrderItem[], total: (i: OrderItem) => number | undefined): ItemFacts[] {
  const bySku = new Map<string, ItemFacts>();
  const seenProducts = new Set<string>();
  for (const item of items) {
    const title = text(item.productSpuTitle);
    const productKey = text(item.productSpuId) || text(item.productSpuNum) || title || '?';
    const attrs = Object.entries(item.productSkuAttr ?? {})
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(', ');
    const skuKey = text(item.productSkuId) || text(item.productSkuNum) || `${productKey}/${attrs}`;
    const key = `${productKey}\n${skuKey}`;
    const known = bySku.get(key);
    if (known) {
      known.amountMicro += total(item) ?? 0;
      known.units += quantityOf(item);
      continue;
    }
    const first = !seenProducts.has(productKey);
    seenProducts.add(productKey);
    bySku.set(key, {
      productKey,
      skuKey,
      title,
      skuLabel: text(item.productSkuNum) || attrs,
      amountMicro: total(item) ?? 0,
      units: quantityOf(item),
      firstOfProduct: first ? 1 : 0,
    });
  }
  return [...bySku.values()];
}
