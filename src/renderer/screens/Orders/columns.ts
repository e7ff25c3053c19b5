/**
 * The list's columns, their widths (rem) and priorities. On a narrow list the lowest priorities are left out
 * (not rendered: the table never scrolls sideways, and fewer cells are drawn): priority 4 first (Delivery), then
 * 3 (Item), 2 (Created · Paid, Flags), 1 (Buyer); the selection's checkbox, order number, total and status always
 * stay.
 */
import type { MessageId } from '../../i18n/catalogs';

/** Each column's heading is a message (the times column draws its own: two sort buttons). */
export const COLUMNS: readonly {
  key: 'select' | 'num' | 'times' | 'buyer' | 'item' | 'total' | 'status' | 'delivery' | 'flags';
  heading: MessageId;
  className: string;
  rem: number;
  priority: number;
}[] = [
  { key: 'select', heading: 'selection.column', className: 'orders-select', rem: 2, priority: 0 },
  { key: 'num', heading: 'table.orderNum', className: 'orders-num', rem: 9, priority: 0 },
  { key: 'times', heading: 'table.created', className: 'orders-times', rem: 9.5, priority: 2 },
  { key: 'buyer', heading: 'table.buyer', className: 'orders-buyer', rem: 7.5, priority: 1 },
  { key: 'item', heading: 'table.item', className: 'orders-item', rem: 7.5, priority: 3 },
  { key: 'total', heading: 'table.total', className: 'orders-total', rem: 7.25, priority: 0 },
  { key: 'status', heading: 'table.orderStatus', className: 'orders-status', rem: 11.75, priority: 0 },
  { key: 'delivery', heading: 'table.delivery', className: 'orders-delivery', rem: 7.5, priority: 4 },
  { key: 'flags', heading: 'table.flags', className: 'orders-flags', rem: 8.5, priority: 2 },
];

export type ColumnKey = (typeof COLUMNS)[number]['key'];

/** The highest priority shown for a list this wide (in rem): every column up to it fits. */
export function shownPriority(widthRem: number): number {
  for (let p = 4; p > 0; p--) {
    const needed = COLUMNS.filter((c) => c.priority <= p).reduce((sum, c) => sum + c.rem, 0);
    if (widthRem >= needed) return p;
  }
  return 0;
}

export const columnsUpTo = (priority: number) => COLUMNS.filter((c) => c.priority <= priority);
