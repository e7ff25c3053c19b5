import { translate as t } from '../i18n/t';
import { learnedAfterSalesStatus } from '../../shared/domain/afterSalesReview';
import type { Order } from '../../shared/domain/order';
import { statusText } from '../components/StatusChip';
import { deliveryStatusLabels, deliveryTypeLabels } from './fixedLabels';

/**
 * Field names and words are in the app's language at the time of the refresh.
 *
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

const yesNo = (value: unknown): string => (value === true ? t('common.yes') : value === false ? t('common.no') : NONE);

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
  if (!info || typeof info !== 'object') return t('detail.none');
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

export function diffOrders(before: Order, after: Order, labels: StatusLabelSet = {}): OrderChange[] {
  const changes: OrderChange[] = [];
  const add = (field: string, a: string, b: string, kind: OrderChange['kind'] = 'text') => {
    if (a !== b) changes.push({ field, before: a, after: b, kind });
  };

  add(t('detail.orderStatus'), status(before.orderStatus, labels.order), status(after.orderStatus, labels.order));
  add(
    t('detail.deliveryStatus'),
    status(before.orderDeliveryStatus, deliveryStatusLabels()),
    status(after.orderDeliveryStatus, deliveryStatusLabels()),
  );
  add(
    t('design.deliveryType'),
    status(before.deliveryType, deliveryTypeLabels()),
    status(after.deliveryType, deliveryTypeLabels()),
  );
  add(
    t('detail.delivered'),
    t('detail.deliveredOf', { done: plain(before.deliveringNumber), total: plain(before.orderDeliveryTotal) }),
    t('detail.deliveredOf', { done: plain(after.deliveringNumber), total: plain(after.orderDeliveryTotal) }),
  );
  add(
    t('detail.deliveryError'),
    deliveryErrorText(before.deliveryErrorInfo),
    deliveryErrorText(after.deliveryErrorInfo),
  );
  add(t('detail.afterSales'), yesNo(before.isExistAfterSales), yesNo(after.isExistAfterSales));
  add(
    t('afterSales.status'),
    status(learnedAfterSalesStatus(before), labels.afterSales),
    status(learnedAfterSalesStatus(after), labels.afterSales),
  );
  add(t('detail.dispute'), yesNo(before.isExistDispute), yesNo(after.isExistDispute));
  add(t('detail.paid'), plain(before.payTime), plain(after.payTime), 'time');
  add(
    t('detail.total'),
    amount(before.originalCurrencyProductPrice, before.originalCurrencyCode),
    amount(after.originalCurrencyProductPrice, after.originalCurrencyCode),
  );
  add(t('detail.buyer'), plain(before.buyerName), plain(after.buyerName));
  add(t('detail.remark'), plain(before.remark), plain(after.remark));

  const recordsBefore = before.orderDeliveryList ?? [];
  const recordsAfter = after.orderDeliveryList ?? [];
  if (recordsBefore.length !== recordsAfter.length)
    add(
      t('detail.diff.recordsField'),
      t('detail.diff.records', { count: recordsBefore.length }),
      t('detail.diff.records', { count: recordsAfter.length }),
    );
  else
    recordsBefore.forEach((record, i) =>
      add(t('detail.diff.record', { n: i + 1 }), stableJson(record), stableJson(recordsAfter[i])),
    );

  diffDeliveryInfo(before, after, add);
  diffItems(before, after, add);
  return changes;
}

function diffDeliveryInfo(before: Order, after: Order, add: (field: string, a: string, b: string) => void): void {
  const values = (o: Order) => {
    const map = new Map<string, string>();
    (o.deliveryInfo ?? []).forEach((entry, i) => {
      const key = typeof entry.key === 'string' && entry.key !== '' ? entry.key : t('detail.fieldN', { n: i + 1 });
      map.set(key, Array.isArray(entry.value) ? entry.value.map(plain).join(', ') || NONE : NONE);
    });
    return map;
  };
  const a = values(before);
  const b = values(after);
  for (const key of new Set([...a.keys(), ...b.keys()]))
    add(t('detail.diff.info', { key }), a.get(key) ?? t('detail.diff.absent'), b.get(key) ?? t('detail.diff.absent'));
}

function diffItems(before: Order, after: Order, add: (field: string, a: string, b: string) => void): void {
  const a = before.orderItems ?? [];
  const b = after.orderItems ?? [];
  if (a.length !== b.length) {
    add(t('detail.items'), t('detail.diff.items', { count: a.length }), t('detail.diff.items', { count: b.length }));
    return;
  }
  a.forEach((item, i) => {
    const other = b[i]!;
    const n = i + 1;
    add(t('detail.diff.itemTitle', { n }), plain(item.productSpuTitle), plain(other.productSpuTitle));
    add(t('detail.diff.itemQuantity', { n }), plain(item.quantity), plain(other.quantity));
    add(
      t('detail.diff.itemUnitPrice', { n }),
      amount(item.originalCurrencyProductUnitPrice, before.originalCurrencyCode),
      amount(other.originalCurrencyProductUnitPrice, after.originalCurrencyCode),
    );
    add(
      t('detail.diff.itemTotal', { n }),
      amount(item.originalCurrencyProductTotalPrice, before.originalCurrencyCode),
      amount(other.originalCurrencyProductTotalPrice, after.originalCurrencyCode),
    );
    add(t('detail.diff.itemSku', { n }), stableJson(item.productSkuAttr ?? {}), stableJson(other.productSkuAttr ?? {}));
  });
}
