import type { ChangeEvent } from '../../core/sync/changeEvents';
import type { IpcEventPayloadInput } from '../../shared/ipc/events';
import type { Notifications as NotificationSettings } from '../../core/profiles/profileSchema';

/**
 * Desktop notifications from one sync's change events. Pure: the glue shows what this returns and routes a
 * click to its target. After-sales come first because they need a decision (and money may move); a burst of
 * changes collapses into one summary so a large sync never floods the notification centre.
 */
/**
 * Where a notification, a tray item or a link takes the merchant: the `app:navigate` event's payload, whose screens
 * come from the one screen table (`shared/screens.ts`, those main may open) — an order's notification names its order.
 */
export type NavigateTarget = IpcEventPayloadInput<'app:navigate'>;

export interface DesktopNotification {
  title: string;
  body: string;
  target: NavigateTarget;
}

export interface NotifyContext {
  settings: NotificationSettings;
  nowMs: number;
  /** Epoch ms until which nothing is shown (do-not-disturb, or "pause for 1 hour"); null: not set. */
  doNotDisturbUntilMs: number | null;
  /** The sync built the first baseline or rebuilt the cache: its events are not news to the merchant. */
  baselineSync: boolean;
}

/** Up to this many changed orders get a notification each; more collapse into one summary. */
export const MAX_PER_ORDER_NOTIFICATIONS = 3;

type SettingKey = keyof NotificationSettings;

/** Which per-kind setting lets an event through. A delivery becoming an exception is a delivery error. */
function settingFor(e: ChangeEvent): SettingKey {
  switch (e.type) {
    case 'new-order':
      return 'newOrder';
    case 'order-status-changed':
      return 'statusChanged';
    case 'delivery-status-changed':
      return e.to.exception && !e.from.exception ? 'deliveryError' : 'statusChanged';
    case 'after-sales-opened':
    case 'after-sales-changed':
      return 'afterSales';
    case 'dispute-opened':
      return 'dispute';
  }
}

/** Lower ranks first: the order of the events within one order's notification, and of orders among themselves. */
function rank(e: ChangeEvent): number {
  switch (e.type) {
    case 'after-sales-opened':
      return 0;
    case 'after-sales-changed':
      return 1;
    case 'dispute-opened':
      return 2;
    case 'delivery-status-changed':
      return e.to.exception && !e.from.exception ? 3 : 6;
    case 'new-order':
      return 4;
    case 'order-status-changed':
      return 5;
  }
}

function label(e: ChangeEvent): string {
  switch (e.type) {
    case 'after-sales-opened':
      return 'Refund request';
    case 'after-sales-changed':
      return 'Refund request updated';
    case 'dispute-opened':
      return 'Dispute opened';
    case 'delivery-status-changed':
      return e.to.exception && !e.from.exception ? 'Delivery exception' : 'Delivery status changed';
    case 'new-order':
      return 'New order';
    case 'order-status-changed':
      return 'Order status changed';
  }
}

const isAfterSales = (e: ChangeEvent) => e.type === 'after-sales-opened' || e.type === 'after-sales-changed';
const needsAttention = (e: ChangeEvent) =>
  e.type === 'dispute-opened' || (e.type === 'delivery-status-changed' && e.to.exception && !e.from.exception);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function notificationsFor(events: readonly ChangeEvent[], ctx: NotifyContext): DesktopNotification[] {
  if (ctx.baselineSync) return [];
  if (ctx.doNotDisturbUntilMs !== null && ctx.nowMs < ctx.doNotDisturbUntilMs) return [];

  // Per order, its allowed events in the order the platform revealed them (Map keeps first-seen order).
  const byOrder = new Map<string, ChangeEvent[]>();
  for (const e of events) {
    if (!ctx.settings[settingFor(e)]) continue;
    const list = byOrder.get(e.orderId) ?? [];
    list.push(e);
    byOrder.set(e.orderId, list);
  }
  // Stable sort: each order's events by rank, then orders by their most urgent event.
  const orders = [...byOrder.values()].map((list) => [...list].sort((a, b) => rank(a) - rank(b)));
  orders.sort((a, b) => rank(a[0]!) - rank(b[0]!));
  if (orders.length === 0) return [];

  if (orders.length <= MAX_PER_ORDER_NOTIFICATIONS) {
    return orders.map((list) => {
      const first = list[0]!;
      const others = [...new Set(list.slice(1).map(label))].filter((l) => l !== label(first));
      const name = `Order ${first.orderNum ?? first.orderId}`;
      return {
        title: label(first),
        body: others.length === 0 ? name : `${name} · ${others.join(' · ')}`,
        target: { screen: 'orders', orderId: first.orderId },
      };
    });
  }

  const refundRequests = orders.filter((list) => list.some(isAfterSales)).length;
  const parts = [plural(orders.length, 'order changed', 'orders changed')];
  if (refundRequests > 0) parts.push(plural(refundRequests, 'refund request', 'refund requests'));
  return [
    {
      title: 'Merchant Desk',
      body: parts.join(' · '),
      // The decisions are the urgent part of a burst, so the click lands where they are made; then what needs a look.
      target:
        refundRequests > 0
          ? { screen: 'after-sales', orderId: null }
          : orders.some((list) => list.some(needsAttention))
            ? { screen: 'attention', orderId: null }
            : { screen: 'orders', orderId: null },
    },
  ];
}
