/**
 * The query compiler of the sandbox's order store: an order-list query becomes one test over the columns, a direct
 * slot (id / orderNum filters name one order), and a page walked newest first.
 */
import type { ListOrder } from './listOrder';
import type { OrderColumns } from './orderColumns';
import { orderNumOf, sequenceOfOrderNum } from './orderIds';
import type { OrderQuery } from './orderTypes';
import type { TitleGroups } from './titleGroups';

export interface QuerySources {
  columns: OrderColumns;
  list: ListOrder;
  titles: TitleGroups;
  /** The buyer column's index of a buyer ID, or undefined when there is no such buyer. */
  buyerIndexOf(buyerId: string): number | undefined;
  slotOfId(id: string): number | undefined;
}

/** The slots of one page, newest first, and how many match in all. */
export interface SlotPage {
  slots: number[];
  total: number;
}

/** Lookup table for status values 0..255; other values match no order. */
function flags(values: readonly number[]): Uint8Array {
  const out = new Uint8Array(256);
  for (const v of values) if (Number.isInteger(v) && v >= 0 && v < 256) out[v] = 1;
  return out;
}

/** One test over the columns for buyer, status, after-sales, update-date and title filters; undefined if none. */
export function compileFilter(q: OrderQuery, src: QuerySources): ((slot: number) => boolean) | undefined {
  const statusOk = q.sellerOrderStatus ? flags(q.sellerOrderStatus) : undefined;
  const afterSalesOk = q.orderAfterSalesStatus ? flags(q.orderAfterSalesStatus) : undefined;
  const { updateBeginMs: ub, updateEndMs: ue } = q;
  const buyer = q.buyerId === undefined ? undefined : (src.buyerIndexOf(q.buyerId) ?? -1);
  const titleOk = q.productTitle === undefined ? undefined : src.titles.matching(q.productTitle);
  if (!statusOk && !afterSalesOk && ub === undefined && ue === undefined && buyer === undefined && !titleOk)
    return undefined;
  const { status, afterSales, update, titleGroup, buyer: buyerCol } = src.columns;
  return (slot) =>
    (buyer === undefined || buyerCol[slot] === buyer) &&
    (statusOk === undefined || statusOk[status[slot]!] === 1) &&
    (afterSalesOk === undefined || afterSalesOk[afterSales[slot]!] === 1) &&
    (ub === undefined || update[slot]! >= ub) &&
    (ue === undefined || update[slot]! <= ue) &&
    (titleOk === undefined || titleOk[titleGroup[slot]!] === 1);
}

/**
 * With an id or orderNum filter: the one slot it names (null when none). undefined when neither is given.
 * (Both are unique; the create range and the other filters are then checked by the caller's test.)
 */
function directSlot(q: OrderQuery, src: QuerySources): number | null | undefined {
  if (q.id === undefined && q.orderNum === undefined) return undefined;
  const { create, count } = src.columns;
  let slot: number | undefined;
  if (q.id !== undefined) slot = src.slotOfId(q.id);
  if (q.orderNum !== undefined) {
    const seq = sequenceOfOrderNum(q.orderNum);
    const byNum =
      seq !== undefined && seq >= 1 && seq <= count && orderNumOf(create[seq - 1]!, seq) === q.orderNum
        ? seq - 1
        : undefined;
    slot = q.id !== undefined && slot !== byNum ? undefined : byNum;
  }
  if (slot === undefined) return null;
  const c = create[slot]!;
  if ((q.createBeginMs !== undefined && c < q.createBeginMs) || (q.createEndMs !== undefined && c > q.createEndMs))
    return null;
  return slot;
}

/** The slots of the query's page, newest first, and the total count. */
export function runQuery(q: OrderQuery, src: QuerySources): SlotPage {
  const skip = (q.pageIndex - 1) * q.pageSize;
  const slots: number[] = [];
  let total = 0;
  const test = compileFilter(q, src);
  const take = (slot: number) => {
    if (total >= skip && slots.length < q.pageSize) slots.push(slot);
    total++;
  };
  const direct = directSlot(q, src);
  if (direct !== undefined) {
    if (direct !== null && (test === undefined || test(direct))) take(direct);
    return { slots, total };
  }
  const [lo, hi] = src.list.createRange(q.createBeginMs, q.createEndMs);
  const sorted = src.list.slots;
  if (test === undefined) {
    total = Math.max(0, hi - lo);
    for (let i = hi - 1 - skip; i >= lo && slots.length < q.pageSize; i--) slots.push(sorted[i]!);
  } else {
    for (let i = hi - 1; i >= lo; i--) {
      const slot = sorted[i]!;
      if (test(slot)) take(slot);
    }
  }
  return { slots, total };
}
