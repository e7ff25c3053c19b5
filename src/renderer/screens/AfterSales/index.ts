/**
 * What other screens use from the after-sales area: `<DecisionActions order={order} />` gives an order (as
 * `orders:get` / `orders:queryPage` return it) its Approve / Reject buttons with the confirmation, the reject form
 * and the decision's outcome; the state is shared with the inbox (stores/afterSalesStore.ts). `<OrderSummary>` is
 * the inbox's summary of the order being decided (buyer, amount, statuses).
 */
export { DecisionActions } from './DecisionActions';
export { OrderSummary } from './OrderSummary';
