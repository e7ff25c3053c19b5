import type en from '../en/saveBar';

export default {
  'saveBar.unsaved': '未保存的更改',
  'saveBar.discard': '放弃',
  'saveBar.save': '保存',
  'saveBar.saving': '正在保存…',
} satisfies Record<keyof typeof en, string>;
