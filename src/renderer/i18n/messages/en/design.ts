/** The design system's own words: index filters and pills, view tabs, badges' hover text, the frame's menu. */
export default {
  'design.menu': 'Menu',
  'design.export': 'Export',
  'design.deliveryType': 'Delivery type',
  'design.badge.title': '{kind} {code}: {label}',
  /** A status chip's hover text: "Order status 2". */
  'design.chip.title': '{legend} {code}',
  'design.badge.code': '({code})',
  'design.density.compact': 'Compact rows',

  'design.views.all': 'All orders',
  'design.views.saveAs': 'Save view…',

  'design.orders.emptyCache': 'No orders in the cache yet. Sync to fetch them from the platform.',
  'design.orders.fetch': 'Fetch orders',

  'design.filters.add': 'Add filter',
  'design.filters.hide': 'Hide filters',
  'design.filters.inForce': 'Filters in force',
  'design.filters.remove': 'Remove filter {label}',
  'design.filters.clearAll': 'Clear all',

  'design.pill.separator': ', ',
  'design.pill.orderStatus': 'Order status: {values}',
  'design.pill.afterSalesStatus': 'After-sales status: {values}',
  'design.pill.delivery': 'Delivery: {values}',
  'design.pill.orderNum': 'Order number: {value}',
  'design.pill.orderId': 'Order ID: {value}',
  'design.pill.buyerId': 'Buyer ID: {value}',
  'design.pill.productTitle': 'Product title: {value}',
  'design.pill.createdRange': 'Created {from} – {to}',
  'design.pill.createdFrom': 'Created from {from}',
  'design.pill.createdTo': 'Created to {to}',
  'design.pill.updatedRange': 'Updated {from} – {to}',
  'design.pill.updatedFrom': 'Updated from {from}',
  'design.pill.updatedTo': 'Updated to {to}',

  'design.detail.status': 'Status',
  'design.detail.disputeOpen': 'Dispute open',
  'design.detail.total': 'Total',
} satisfies Record<string, string>;
