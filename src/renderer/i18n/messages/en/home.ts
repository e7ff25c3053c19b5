/** Home: today's figures, what needs attention, the last 30 days. */
export default {
  'home.today': 'Today',
  'home.ordersSeries': 'Orders',
  'home.ordersToday': '<value>{count, number}</value> {count, plural, one {order} other {orders}} today',
  'home.revenueToday': 'revenue today (paid orders, per currency)',
  'home.refundsToday':
    '<value>{count, number}</value> {count, plural, one {refund request} other {refund requests}} today',
  'home.nothing': 'Nothing needs you right now.',
  'home.attention.refunds':
    '<value>{count, number}{more, select, yes {+} other {}}</value> {count, plural, one {refund request} other {refund requests}} awaiting your decision',
  'home.attention.overdue':
    '<value>{count, number}{more, select, yes {+} other {}}</value> {count, plural, one {delivery} other {deliveries}} overdue',
  'home.attention.dueSoon':
    '<value>{count, number}{more, select, yes {+} other {}}</value> {count, plural, one {delivery} other {deliveries}} due soon',
  'home.attention.exceptions':
    '<value>{count, number}{more, select, yes {+} other {}}</value> {count, plural, one {delivery exception} other {delivery exceptions}}',
  'home.attention.disputes':
    '<value>{count, number}{more, select, yes {+} other {}}</value> {count, plural, one {dispute} other {disputes}}',
  'home.last30': 'Last 30 days',
  'home.chartTitle': 'Orders per day, {from} – {to}: {total, number}',
  'home.openInsights': 'Open Insights →',
} satisfies Record<string, string>;
