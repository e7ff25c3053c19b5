import type en from '../en/design';

export default {
  'design.menu': '菜单',
  'design.export': '导出',
  'design.deliveryType': '发货类型',
  'design.badge.title': '{kind} {code}：{label}',
  /** A status chip's hover text: "Order status 2". */
  'design.chip.title': '{legend} {code}',
  'design.badge.code': '（{code}）',
  'design.density.compact': '紧凑行',

  'design.views.all': '全部订单',
  'design.views.saveAs': '保存视图…',

  'design.orders.emptyCache': '缓存中还没有订单。同步即可从平台获取订单。',
  'design.orders.fetch': '获取订单',

  'design.filters.add': '添加筛选',
  'design.filters.hide': '收起筛选',
  'design.filters.inForce': '当前筛选条件',
  'design.filters.remove': '移除筛选条件 {label}',
  'design.filters.clearAll': '全部清除',

  'design.pill.separator': '、',
  'design.pill.orderStatus': '订单状态：{values}',
  'design.pill.afterSalesStatus': '售后状态：{values}',
  'design.pill.delivery': '发货：{values}',
  'design.pill.orderNum': '订单号：{value}',
  'design.pill.orderId': '订单 ID：{value}',
  'design.pill.buyerId': '买家 ID：{value}',
  'design.pill.productTitle': '商品标题：{value}',
  'design.pill.createdRange': '创建于 {from} 至 {to}',
  'design.pill.createdFrom': '创建于 {from} 起',
  'design.pill.createdTo': '创建于 {to} 前',
  'design.pill.updatedRange': '更新于 {from} 至 {to}',
  'design.pill.updatedFrom': '更新于 {from} 起',
  'design.pill.updatedTo': '更新于 {to} 前',

  'design.detail.status': '状态',
  'design.detail.disputeOpen': '争议处理中',
  'design.detail.total': '合计',
} satisfies Record<keyof typeof en, string>;
