import { translate as t } from '../i18n/t';
import type { IpcOrder } from './orderFacts';

/**
 * Worded in the app's language at the call (the inbox calls `useT`, so it re-renders on a change).
 *
 * What an after-sales decision needs to see of its order at a glance, read defensively from the cached order (the
 * bridge checks only its ID): what was bought, how far it was delivered, the last delivery record, and the flags.
 */
export interface RequestFacts {
  /** "Steam key ×2", with "+ 1 more item" when the order has more; null without items. */
  items: string | null;
  /** "delivered 1 of 2" (the order's delivered and required quantities); null when the platform sent neither. */
  delivered: string | null;
  /** The newest delivery record: when, and its description. */
  lastDelivery: { at: string | null; description: string | null } | null;
  /** The order's flags worth a look before deciding. */
  flags: string[];
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

export function requestFacts(order: IpcOrder): RequestFacts {
  const o = order as Record<string, unknown>;
  const items = Array.isArray(o.orderItems) ? (o.orderItems as Array<Record<string, unknown> | null>) : [];
  const first = items[0] && typeof items[0] === 'object' ? items[0] : null;
  let itemsText: string | null = null;
  if (first) {
    const quantity = count(first.quantity);
    const title = text(first.productSpuTitle) ?? t('afterSales.facts.anItem');
    itemsText = quantity !== null ? t('afterSales.facts.quantity', { title, quantity }) : title;
    if (items.length > 1) itemsText = t('afterSales.facts.more', { items: itemsText, count: items.length - 1 });
  }
  const done = count(o.deliveringNumber);
  const total = count(o.orderDeliveryTotal);
  const delivered =
    done === null && total === null
      ? null
      : t('afterSales.facts.delivered', { done: done ?? '?', total: total ?? '?' });
  const records = Array.isArray(o.orderDeliveryList)
    ? (o.orderDeliveryList as Array<Record<string, unknown> | null>).filter(
        (r): r is Record<string, unknown> => r !== null && typeof r === 'object',
      )
    : [];
  // The newest by its time when records carry one; else the last in the list.
  const newest = [...records]
    .sort((a, b) => String(a.createTime ?? '').localeCompare(String(b.createTime ?? '')))
    .at(-1);
  const flags: string[] = [];
  if (o.isExistDispute === true) flags.push(t('detail.dispute'));
  if (o.deliveryType === 2) flags.push(t('status.deliveryType.2'));
  if (o.deliveryErrorInfo && typeof o.deliveryErrorInfo === 'object') flags.push(t('detail.deliveryError'));
  if (text(o.remark)) flags.push(t('detail.remark'));
  return {
    items: itemsText,
    delivered,
    lastDelivery: newest ? { at: text(newest.createTime), description: text(newest.description) } : null,
    flags,
  };
}
