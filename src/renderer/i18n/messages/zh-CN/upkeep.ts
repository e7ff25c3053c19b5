/** 框架中的缓存后台维护（逐个读回订单、检查文件）及其结果。 */
export default {
  'upkeep.label': '缓存维护',
  'upkeep.convert': '正在转换缓存… {percent, number, ::percent}',
  'upkeep.convertDetail': '已转换 {done, number} / {total, number}。其间可照常浏览和同步。',
  'upkeep.compact': '正在整理缓存…',
  'upkeep.meanwhile': '其间可照常浏览和同步。',
  'upkeep.scan': '正在检查缓存… {percent, number, ::percent}',
  'upkeep.scanDetail': '已读回 {done, number} / {total, number} 个订单。其间可照常浏览和同步。',
  'upkeep.check': '正在检查缓存文件… {percent, number, ::percent}',
  'upkeep.checkDetail': '已检查 {done, number} / {total, number} 张表。其间可照常浏览和同步。',
  'upkeep.progress': '缓存检查进度',
  'upkeep.cancelName': '取消缓存检查',
  'upkeep.cancelling': '正在停止…',
  'upkeep.cancelFailed': '无法停止缓存检查：{message}',
  'upkeep.stopped': '缓存检查已停止。下次应用打开缓存时会再次运行。',
  'upkeep.damagedBadge': '{count, plural, other {# 个订单已损坏}}',
  'upkeep.damagedNext':
    '缓存检查发现 {count, plural, other {# 个订单}}无法读回。下次同步时会从平台重新获取。',
  'upkeep.failedBadge': '缓存检查失败',
  'upkeep.failed': '缓存检查未能完成：缓存文件可能已损坏。',
  'upkeep.rebuild': '重建缓存…',
  'upkeep.dismiss': '关闭',
} satisfies Record<string, string>;
