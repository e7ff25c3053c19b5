import type en from '../en/settings';

export default {
  'settings.sections': '设置分类',
  'settings.section.connection': '连接',
  'settings.section.profiles': '店铺配置',
  'settings.section.general': '常规',
  'settings.section.notifications': '通知',
  'settings.section.labels': '状态名称',
  'settings.section.signature': '签名',
  'settings.section.cache': '缓存',
  'settings.section.about': '关于',

  'settings.leaveQuestion': '“{section}”中的更改尚未保存。确定要离开吗？',
  'settings.saving': '正在保存…',
  'settings.saved': '已保存。',
  'settings.notSaved': '未能保存',

  'general.form': '常规设置',
  'general.polling': '检查新订单（{profile}）',
  'general.pollEvery': '检查间隔（分钟）',
  'general.pollHelp': '应用运行时按此间隔向平台查询变化（0.5 = 每 30 秒）；点击“立即同步”可马上获取。',
  'general.app': '应用',
  'general.pollRange': '请输入 {min}（15 秒）到 {max}（1 天）之间的分钟数。',
  'general.readFailed': '无法读取设置',
  'general.browserNote': '当前在浏览器中运行：托盘和开机启动属于桌面应用，因此这里不提供。',
} satisfies Record<keyof typeof en, string>;
