import { orderDeliveryStatuses, orderDeliveryTypes } from '../../shared/domain/orderCodes';
import type { MessageId } from '../i18n/catalogs';
import { translate } from '../i18n/t';

/**
 * The spec's own names for delivery status and delivery type, as StatusChip labels ("Shipped (1)"), in the app's
 * language at the time of the call (a component that shows them calls `useT`, so it re-renders on a change).
 */
const labelsOf = (table: Record<number, string>, prefix: 'status.delivery' | 'status.deliveryType') =>
  Object.fromEntries(Object.keys(table).map((k) => [k, translate(`${prefix}.${k}` as MessageId)]));

export const deliveryStatusLabels = (): Record<string, string> => labelsOf(orderDeliveryStatuses, 'status.delivery');
export const deliveryTypeLabels = (): Record<string, string> => labelsOf(orderDeliveryTypes, 'status.deliveryType');
