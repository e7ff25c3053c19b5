import type en from '../en/home';

export default {
  'home.today': '今天',
  'home.ordersSeries': '订单',
  'home.ordersToday': '今日订单 <value>{count, number}</value> {count, plural, other {个}}',
  'home.revenueToday': '今日收入（已付款订单，按币种）',
  'home.refundsToday': '今日退款申请 <value>{count, number}</value> {count, plural, other {个}}',
  'home.nothing': '暂时没有需要处理的事项。',
  'home.attention.refunds':
    '<value>{count, number}{more, select, yes {+} other {}}</value> {count, plural, other {个退款申请}}待您审核',
  'home.attention.overdue':
    '<value>{count, number}{more, select, yes {+} other {}}</value> {count, plural, other {个订单}}发货已超时',
  'home.attention.dueSoon':
    '<value>{count, number}{more, select, yes {+} other {}}</value> {count, plural, other {个订单}}即将到发货时限',
  'home.attention.exceptions':
    '<value>{count, number}{more, select, yes {+} other {}}</value> {count, plural, other {个物流异常}}',
  'home.attention.disputes':
    '<value>{count, number}{more, select, yes {+} other {}}</value> {count, plural, other {个纠纷}}',
  'home.last30': '近 30 天',
  'home.chartTitle': '每日订单，{from} – {to}：共 {total, number}',
  'home.openInsights': '打开数据分析 →',
} satisfies Record<keyof typeof en, string>;
