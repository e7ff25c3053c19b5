import type en from '../en';
import afterSales from './afterSales';
import attention from './attention';
import common from './common';
import design from './design';
import frame from './frame';
import home from './home';
import orderDetail from './orderDetail';
import orders from './orders';
import ordersSelection from './ordersSelection';
import settings from './settings';

/** 简体中文: the words Chinese marketplace merchants use (订单, 售后, 退款, 待审核, 已发货, 买家 …). */
export default {
  ...afterSales,
  ...attention,
  ...common,
  ...design,
  ...frame,
  ...home,
  ...orderDetail,
  ...orders,
  ...ordersSelection,
  ...settings,
} satisfies Record<keyof typeof en, string>;
