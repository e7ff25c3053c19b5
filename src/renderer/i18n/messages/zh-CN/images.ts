import type en from '../en/images';

export default {
  'images.none': '无图片',
  'images.nth': '{label}，第 {n, number} 张，共 {count, number} 张',
  'images.notHttps': '未加载（仅显示 https 图片）：',
  'images.localHost': '未加载：{host} 位于本机或局域网。',
  'images.broken': '图片无法加载：',
  'images.loadFrom': '从 {host} 加载图片',
  'images.askWhy': '不在该店铺配置的图片域名中：加载会让该服务器得知你打开了此订单。',
  'images.openLarger': '查看大图：{url}',
  'lightbox.position': '第 {n, number} / {count, number} 张 · ←/→ 切换 · Esc 关闭',
  'lightbox.hint': 'Esc 关闭',
  'lightbox.previous': '上一张',
  'lightbox.next': '下一张',
} satisfies Record<keyof typeof en, string>;
