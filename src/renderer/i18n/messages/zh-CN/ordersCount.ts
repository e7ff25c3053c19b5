/** 订单列表的匹配数：缓存很大时，精确数字统计完成之前先显示的数字。 */
export default {
  'ordersCount.atLeast': '{count, number}+ 个订单',
  'ordersCount.exactFollows': '匹配的订单超过 {count, number} 个，正在统计精确数量…',
};
