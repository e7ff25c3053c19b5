/** The Orders list's count of matches while the exact number is still being counted (a large cache). */
export default {
  'ordersCount.atLeast': '{count, number}+ orders',
  'ordersCount.exactFollows': 'More than {count, number} orders match; counting them all…',
};
