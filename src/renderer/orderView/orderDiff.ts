import { learnedAfterSalesStatus } from '../../shared/domain/afterSalesReview';
import type { Order } from '../../shared/domain/order';
import { statusText } from '../components/StatusChip';
import { deliveryStatusLabels, deliveryTypeLabels } from './fixedLabels';

/**
 * "What changed" between the cached order and the one the platform just sent: one line per field the merchant
 * reads on the detail (statuses, delivery, after-sales, dispute, items, delivery info, amounts, remark), in the
 * order the detail shows them. Pure: the store computes it after a refresh; the screen only renders it.
 */
export interface OrderChange {
  field: string;
  before: string;
  after: string;
  /** `time`: both sides are the platform's time text (the screen shows them with DateTime). */
  kind: 'text' | 'time';
}

export interface StatusLabelSet {
  order?: Record<string, string> | undefined;
  afterSales?: Record<string, string> | undefined;
}

const NONE = '—';

const yesNo = (value: unknown): string => (value === true ? 'Yes' : value === false ? 'No' : NONE);

const plain = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return stableJson(value);
};

/** JSON with object keys sorted, so two equal objects sent in another key order compare equal. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

const status = (value: unknown, labels: Record<string, string> | undefined) =>
  typeof value === 'number' ? statusText(value, labels) : plain(value);

const amount = (value: unknown, currency: unknown) =>
  value === null || value === undefined || value === '' ? NONE : `${plain(value)} ${plain(currency)}`;

function deliveryErrorText(info: unknown): string {
  if (!info || typeof info !== 'object') return 'None';
  const o = info as Record<string, unknown>;
  const code = o.errorCode ?? o.errorType ?? o.type;
  const message = o.errorMessage ?? o.description ?? o.message;
  if (code !== undefined || message !== undefined)
    return [code, message]
      .filter((v) => v !== undefined && v !== null)
      .map(plain)
      .join(': ');
  return stableJson(info);
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function diffOrders(before: Order, after: Order, labels: StatusLabelSet = {}): OrderChange[] {
  const changes: OrderChange[] = [];
  const add = (field: string, a: string, b: string, kind: OrderChange['kind'] = 'text') => {
    if (a !== b) changes.push({ field, before: a, after: b, kind });
  };

  add('Order status', status(before.orderStatus, labels.order), status(after.orderStatus, labels.order));
  add(
    'Delivery status',
    status(before.orderDeliveryStatus, deliveryStatusLabels),
    status(after.orderDeliveryStatus, deliveryStatusLabels),
  );
  add('Delivery type', status(before.deliveryType, deliveryTypeLabels), status(after.deliveryType, deliveryTypeLabels));
  add(
    'Delivered',
    `${plain(before.deliveringNumber)} of ${plain(before.orderDeliveryTotal)}`,
    `${plain(after.deliveringNumber)} of ${plain(after.orderDeliveryTotal)}`,
  );
  add('Delivery error', deliveryErrorText(before.deliveryErrorInfo), deliveryErrorText(after.deliveryErrorInfo));
  add('After-sales', yesNo(before.isExistAfterSales), yesNo(after.isExistAfterSales));
  add(
    'After-sales status',
    status(learnedAfterSalesStatus(before), labels.afterSales),
    status(learnedAfterSalesStatus(after), labels.afterSales),
  );
  add('Dispute', yesNo(before.isExistDispute), yesNo(after.isExistDispute));
  add('Paid', plain(before.payTime), plain(after.payTime), 'time');
  add(
    'Total',
    amount(before.originalCurrencyProductPrice, before.originalCurrencyCode),
    amount(after.originalCurrencyProductPrice, after.originalCurrencyCode),
  );
  add('Buyer', plain(before.buyerName), plain(after.buyerName));
  add('Remark', plain(before.remark), plain(after.remark));

  const recordsBefore = before.orderDeliveryList ?? [];
  const recordsAfter = after.orderDeliveryList ?? [];
  if (recordsBefore.length !== recordsAfter.length)
    add(
      'Delivery records',
      count(recordsBefore.length, 'record', 'records'),
      count(recordsAfter.length, 'record', 'records'),
    );
  else
    recordsBefore.forEach((record, i) =>
      add(`Delivery record ${i + 1}`, stableJson(record), stableJson(recordsAfter[i])),
    );

  diffDeliveryInfo(before, after, add);
  diffItems(before, after, add);
  return changes;
}

function diffDeliveryInfo(before: Order, after: Order, add: (field: string, a: string, b: string) => void): void {
  const values = (o: Order) => {
    const map = new Map<string, string>();
    (o.deliveryInfo ?? []).forEach((entry, i) => {
      const key = typeof entry.key === 'string' && entry.key !== '' ? entry.key : `field ${i + 1}`;
      map.set(key, Array.isArray(entry.value) ? entry.value.map(plain).join(', ') || NONE : NONE);
    });
    return map;
  };
  const a = values(before);
  const b = values(after);
  for (const key of new Set([...a.keys(), ...b.keys()]))
    add(`Delivery info: ${key}`, a.get(key) ?? 'Not present', b.get(key) ?? 'Not present');
}

function diffItems(before: Order, after: Order, add: (field: string, a: string, b: string) => void): void {
  const a = before.orderItems ?? [];
  const b = after.orderItems ?? [];
  if (a.length !== b.length) {
    add('Items', count(a.length, 'item', 'items'), count(b.length, 'item', 'items'));
    return;
  }
  a.forEach((item, i) => {
    const other = b[i]!;
    const name = `Item ${i + 1}`;
    add(`${name} title`, plain(item.productSpuTitle), plain(other.productSpuTitle));
    add(`${name} quantity`, plain(item.quantity), plain(other.quantity));
    add(
      `${name} unit price`,
      amount(item.originalCurrencyProductUnitPrice, before.originalCurrencyCode),
      amount(other.originalCurrencyProductUnitPrice, after.originalCurrencyCode),
    );
    add(
      `${name} total price`,
      amount(item.originalCurrencyProductTotalPrice, before.originalCurrencyCode),
      amount(other.originalCurrencyProductTotalPrice, after.originalCurrencyCode),
    );
    add(`${name} SKU attributes`, stableJson(item.productSkuAttr ?? {}), stableJson(other.productSkuAttr ?? {}));
  });
}
