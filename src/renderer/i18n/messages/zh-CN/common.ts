import type en from '../en/common';

export default {
  'common.cancel': '取消',
  'common.close': '关闭',
  'common.save': '保存',
  'common.yes': '是',
  'common.no': '否',
  'time.justNow': '刚刚',
  'common.invisibleChar': '不可见字符 {code}',
  'common.orderCount': '{count, plural, other {# 个订单}}',

  'status.order.1': '待付款',
  'status.order.2': '已付款 – 待发货',
  'status.order.3': '已发货',
  'status.order.4': '已完成',
  'status.order.5': '已取消',
  'status.order.6': '已退款',
  'status.afterSales.0': '无',
  'status.afterSales.1': '待商家审核',
  'status.afterSales.2': '已同意退款',
  'status.afterSales.3': '已拒绝退款',
  'status.afterSales.4': '买家已关闭',
  'status.withCode': '{label}（{code}）',

  'language.label': '语言',
  'language.system': '跟随系统（{language}）',
  'language.help': '应用的显示语言。“跟随系统”使用电脑的语言设置。',
  'language.saveFailed': '无法保存语言设置',
} satisfies Record<keyof typeof en, string>;
