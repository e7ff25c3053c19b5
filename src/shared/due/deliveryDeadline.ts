import type { Order, OrderItem } from '../domain/order';
import { parseIsoInstant } from '../time/isoInstant';
import type { DeadlineRules } from './rules';

/**
 * An order's delivery deadline: its clock start (payment time by default) plus the shortest required delivery time
 * among its items that are not fully delivered. Pure: the cache computes it when it stores an order.
 */
export type OrderDeadline =
  /** `allowedMs`: the deciding item's delivery time (the due-soon window is a share of it). */
  | { kind: 'due'; dueMs: number; allowedMs: number }
  /** Every item delivered (or the buyer signed for it). */
  | { kind: 'delivered' }
  /** Not paid: the clock has not started. */
  | { kind: 'unpaid' }
  /** Paid and not delivered, but nothing to measure: no item carries a delivery time, or the order is closed. */
  | { kind: 'none' };

const UNIT_MS: Readonly<Record<number, number>> = {
  1: 86_400_000, // day: 24 hours of elapsed time, not a calendar day (a DST change does not stretch it)
  2: 3_600_000, // hour
  3: 60_000, // minute
};

/** The item's required delivery time in ms; undefined when absent, not positive or in an unknown unit. */
export function itemAllowedMs(item: Pick<OrderItem, 'deliveryTime' | 'deliveryTimeUnit'>): number | undefined {
  const { deliveryTime: time, deliveryTimeUnit: unit } = item;
  if (typeof time !== 'number' || !Number.isFinite(time) || time <= 0) return undefined;
  const perUnit = typeof unit === 'number' ? UNIT_MS[unit] : undefined;
  if (perUnit === undefined) return undefined;
  const ms = time * perUnit;
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** An item's quantity (1 when absent or unreadable: an item is at least one unit). */
function quantityOf(item: OrderItem): number {
  const q = item.quantity;
  return typeof q === 'number' && Number.isSafeInteger(q) && q > 0 ? q : 1;
}

const count = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;

/** Buyer signed (2) or auto signed (3): the delivery is over, whatever the counts say. */
const SIGNED_DELIVERY_STATUSES: ReadonlySet<number> = new Set([2, 3]);

/**
 * Whether the order is fully delivered: the delivered quantity (`deliveringNumber`) reaches the required total
 * (`orderDeliveryTotal`, else the items' quantities), or the delivery status says the buyer signed. "Shipped" (1)
 * alone is not enough: the platform reports it for partial deliveries too.
 */
export function isDelivered(order: Order): boolean {
  if (typeof order.orderDeliveryStatus === 'number' && SIGNED_DELIVERY_STATUSES.has(order.orderDeliveryStatus))
    return true;
  const items = order.orderItems ?? [];
  const total = count(order.orderDeliveryTotal) || items.reduce((n, i) => n + quantityOf(i), 0);
  const delivered = count(order.deliveringNumber) ?? 0;
  return total > 0 && delivered >= total;
}

/** The order's delivery deadline under the rules. */
export function orderDeadline(order: Order, rules: DeadlineRules): OrderDeadline {
  const paidMs = parseIsoInstant(order.payTime);
  if (paidMs === undefined) return { kind: 'unpaid' };
  if (isDelivered(order)) return { kind: 'delivered' };
  if (typeof order.orderStatus === 'number' && rules.closedOrderStatuses.includes(order.orderStatus))
    return { kind: 'none' };
  const startMs = rules.clockStart === 'created' ? (parseIsoInstant(order.createTime) ?? paidMs) : paidMs;
  const allowed = pendingAllowedMs(order, rules);
  if (allowed === undefined) return { kind: 'none' };
  return { kind: 'due', dueMs: startMs + allowed, allowedMs: allowed };
}

/** The shortest delivery time among the items not fully delivered (see DeadlineRules.partialDelivery). */
function pendingAllowedMs(order: Order, rules: DeadlineRules): number | undefined {
  const items = (order.orderItems ?? []).map((item, index) => ({
    allowed: itemAllowedMs(item),
    quantity: quantityOf(item),
    index,
  }));
  if (rules.partialDelivery === 'whole-order') return minAllowed(items);
  // Credit the delivered quantity to the most urgent items first; items without a delivery time come last.
  items.sort((a, b) => (a.allowed ?? Infinity) - (b.allowed ?? Infinity) || a.index - b.index);
  let credit = count(order.deliveringNumber) ?? 0;
  for (const item of items) {
    if (credit >= item.quantity) {
      credit -= item.quantity;
      continue;
    }
    // The first item not covered is the most urgent pending one (sorted): later ones allow as long or longer.
    return item.allowed;
  }
  return undefined;
}

function minAllowed(items: ReadonlyArray<{ allowed: number | undefined }>): number | undefined {
  let min: number | undefined;
  for (const { allowed } of items) if (allowed !== undefined && (min === undefined || allowed < min)) min = allowed;
  return min;
}
