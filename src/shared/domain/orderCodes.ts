/**
 * The platform's code tables of an order (order.ts re-exports them): here without zod, so the renderer's first load
 * reads them and builds no schema.
 */
/** Delivery info field types: 1 Text, 2 Textarea, 3 Select, 4 Multi-select, 5 Image. */
export const deliveryInfoTypes = { 1: 'Text', 2: 'Textarea', 3: 'Select', 4: 'Multi-select', 5: 'Image' } as const;
/** Delivery status: 0 Pending, 1 Shipped, 2 Buyer signed, 3 Auto signed. */
export const orderDeliveryStatuses = { 0: 'Pending', 1: 'Shipped', 2: 'Buyer signed', 3: 'Auto signed' } as const;
/** Order delivery type: 1 Order delivery, 2 Delivery exception. */
export const orderDeliveryTypes = { 1: 'Order delivery', 2: 'Delivery exception' } as const;
/** Delivery time unit of an item: 1 Day, 2 Hour, 3 Minute. */
export const deliveryTimeUnits = { 1: 'Day', 2: 'Hour', 3: 'Minute' } as const;
