import type en from '../en/ordersSelection';

export default {
  'selection.column': '选择',
  'selection.selectLoaded': '选择已加载的全部订单',
  'selection.selectRow': '选择订单 {num}',
  'selection.bar': '批量操作',
  'selection.count': '已选 {count, plural, other {# 个}}',
  'selection.allMatching': '已选全部 {count, plural, other {# 个订单}}',
  'selection.selectAllMatching': '选择全部 {count, plural, other {# 个订单}}',
  'selection.clear': '取消选择',
  'selection.export': '导出所选',
  'selection.exportCsv': '导出所选（CSV）',
  'selection.exportExcel': '导出所选（Excel）',
  'selection.tooMany': '所选订单最多可导出 {max, number} 个：请导出视图，或缩小筛选范围。',

  'toast.viewport': '通知（{hotkey}）',
  'toast.label': '通知',

  'datePicker.presets': '日期范围',
  'datePicker.today': '今天',
  'datePicker.last7': '最近 7 天',
  'datePicker.last30': '最近 30 天',
  'datePicker.last90': '最近 90 天',
  'datePicker.thisMonth': '本月',
  'datePicker.custom': '自定义范围',
  'datePicker.anyTime': '不限时间',
  'datePicker.from': '从',
  'datePicker.to': '到',
  'datePicker.updated': '更新时间',
  'datePicker.labelColon': '{label}：',
  'datePicker.apply': '应用',

  'combobox.noMatch': '无匹配项',
  'combobox.add': '添加{legend}',
  'combobox.placeholder': '输入以筛选…',
} satisfies Record<keyof typeof en, string>;
