import type { Order } from '../../shared/domain/order';

/**
 * Typed change events, found by comparing an incoming order with the cached one. They are written to the
 * cache's outbox table in the same transaction as the change and handed to listeners (tray notifications)
 * after it commits. A sync that builds the first baseline emits none.
 */

interface EventBase {
  orderId: string;
  orderNum: string | null;
  /** Platform time (epoch ms) of the response that revealed the change. */
  atMs: number;
}

export interface DeliveryState {
  /** orderDeliveryStatus: 0 Pending, 1 Shipped, 2 Buyer signed, 3 Auto signed. */
  status: number | null;
  /** deliveryType 2: Delivery exception. */
  exception: boolean;
}

export interface AfterSalesState {
  exists: boolean;
  /**
   * The status learned through the list filter (a learning pass's event); null in a sync's events, which see only
   * the spec's Order (no status field; one a platform sends anyway is not read).
   */
  status: number | null;
}

export type ChangeEvent =
  | (EventBase & { type: 'new-order'; orderStatus: number | null; buyerName: string | null; createTime: string | null })
  | (EventBase & { type: 'order-status-changed'; from: number | null; to: number | null })
  | (EventBase & { type: 'delivery-status-changed'; from: DeliveryState; to: DeliveryState })
  | (EventBase & { type: 'after-sales-opened'; status: number | null })
  | (EventBase & { type: 'after-sales-changed'; from: AfterSalesState; to: AfterSalesState })
  | (EventBase & { type: 'dispute-opened' });

export type ChangeEventType = ChangeEvent['type'];

function delivery(o: Order): DeliveryState {
  return { status: o.orderDeliveryStatus ?? null, exception: o.deliveryType === 2 };
}

function afterSales(o: Order): AfterSalesState {
  return { exists: o.isExistAfterSales === true, status: null };
}

/** An after-sales request exists: the flag says so, or a non-zero after-sales status is sent (0 means none). */
function afterSalesOpen(s: AfterSalesState): boolean {
  return s.exists || (s.status !== null && s.status !== 0);
}

/** The events one incoming order produces against the cached version (`before` undefined: not cached). */
export function describeOrderChange(before: Order | undefined, after: Order, atMs: number): ChangeEvent[] {
  const base: EventBase = { orderId: after.id, orderNum: after.orderNum ?? null, atMs };
  if (before === undefined) {
    return [
      {
        ...base,
        type: 'new-order',
        orderStatus: after.orderStatus ?? null,
        buyerName: after.buyerName ?? null,
        createTime: after.createTime ?? null,
      },
    ];
  }
  const events: ChangeEvent[] = [];
  const statusBefore = before.orderStatus ?? null;
  const statusAfter = after.orderStatus ?? null;
  if (statusBefore !== statusAfter)
    events.push({ ...base, type: 'order-status-changed', from: statusBefore, to: statusAfter });

  const dBefore = delivery(before);
  const dAfter = delivery(after);
  if (dBefore.status !== dAfter.status || dBefore.exception !== dAfter.exception) {
    events.push({ ...base, type: 'delivery-status-changed', from: dBefore, to: dAfter });
  }

  const aBefore = afterSales(before);
  const aAfter = afterSales(after);
  if (!afterSalesOpen(aBefore) && afterSalesOpen(aAfter)) {
    events.push({ ...base, type: 'after-sales-opened', status: aAfter.status });
  } else if (aBefore.exists !== aAfter.exists || aBefore.status !== aAfter.status) {
    events.push({ ...base, type: 'after-sales-changed', from: aBefore, to: aAfter });
  }

  if (before.isExistDispute !== true && after.isExistDispute === true) events.push({ ...base, type: 'dispute-opened' });
  return events;
}
