import { translate } from '../../i18n/t';

export { orderRow, type OrderRow } from '../../stores/listedOrder';

/**
 * Delivery status names (the spec's: 0 Pending, 1 Shipped, 2 Buyer signed, 3 Auto signed), in the app's language.
 * The same table as src/shared/domain/order.ts, kept here because that module loads zod, which the page's bundle
 * leaves out.
 */
export const DELIVERY_STATUSES = [0, 1, 2, 3] as const;

export function deliveryStatusNames(): Readonly<Record<string, string>> {
  return Object.fromEntries(DELIVERY_STATUSES.map((code) => [code, translate(`delivery.${code}`)]));
}
