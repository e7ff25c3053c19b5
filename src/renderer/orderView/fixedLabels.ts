import { orderDeliveryStatuses, orderDeliveryTypes } from '../../shared/domain/order';

/** The spec's own names for delivery status and delivery type, as StatusChip labels ("Shipped (1)"). */
const asLabels = (table: Record<number, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v]));

export const deliveryStatusLabels = asLabels(orderDeliveryStatuses);
export const deliveryTypeLabels = asLabels(orderDeliveryTypes);
