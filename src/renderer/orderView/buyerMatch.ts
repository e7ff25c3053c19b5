import type { Order } from '../../shared/domain/order';

/** A saved buyer as `buyers:listSaved` answers it. */
export interface SavedBuyerEntry {
  merchantUserNo: string;
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What an order says about who its buyer is: the platform's buyer ID, and the e-mail addresses the buyer typed
 * into the text fields of the delivery info (an order has no e-mail field of its own). Lower-cased, trimmed.
 */
export function orderBuyerKeys(order: Order): { buyerId: string | null; emails: string[] } {
  const emails = new Set<string>();
  for (const entry of order.deliveryInfo ?? []) {
    if (entry.type !== 1 || !Array.isArray(entry.value)) continue;
    for (const value of entry.value) {
      if (typeof value !== 'string') continue;
      const text = value.trim().toLowerCase();
      if (EMAIL.test(text)) emails.add(text);
    }
  }
  const buyerId = typeof order.buyerId === 'string' && order.buyerId !== '' ? order.buyerId : null;
  return { buyerId, emails: [...emails] };
}

/**
 * The saved buyers that are this order's buyer: the user number equals the order's buyer ID, or the e-mail equals
 * an e-mail in the order's delivery info (case-insensitive). Names are not compared: they are not unique.
 */
export function matchingSavedBuyers(order: Order, saved: readonly SavedBuyerEntry[]): SavedBuyerEntry[] {
  const { buyerId, emails } = orderBuyerKeys(order);
  return saved.filter(
    (b) => (buyerId !== null && b.merchantUserNo.trim() === buyerId) || emails.includes(b.email.trim().toLowerCase()),
  );
}

/** The item IDs a login link can point at: each order item's product ID, once. */
export function orderItemIds(order: Order): { itemId: string; title: string }[] {
  const seen = new Set<string>();
  const out: { itemId: string; title: string }[] = [];
  for (const item of order.orderItems ?? []) {
    const id = item.productSpuId;
    if (typeof id !== 'string' || id === '' || seen.has(id)) continue;
    seen.add(id);
    out.push({ itemId: id, title: typeof item.productSpuTitle === 'string' ? item.productSpuTitle : id });
  }
  return out;
}
