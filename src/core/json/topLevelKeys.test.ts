import { describe, expect, it } from 'vitest';
import { duplicateTopLevelKey } from './topLevelKeys';

const KEYS = ['code', 'msg', 'time', 'data'];

describe('duplicateTopLevelKey', () => {
  it('finds a key the top-level object holds twice', () => {
    expect(duplicateTopLevelKey('{"code":"10003","msg":"x","data":null,"code":"0000"}', KEYS)).toBe('code');
    expect(duplicateTopLevelKey('{"data":1, "msg":"a" ,\n"msg" : "b"}', KEYS)).toBe('msg');
  });

  it('decodes escaped key spellings like JSON.parse does', () => {
    expect(duplicateTopLevelKey('{"code":"10003","c\\u006fde":"0000"}', KEYS)).toBe('code');
  });

  it('ignores the same names nested deeper or inside strings', () => {
    const body = JSON.stringify({
      code: '0000',
      msg: 'ok "code":"x"',
      time: 't',
      data: { list: [{ code: 1, data: { time: 2, msg: [{ code: 3 }] } }] },
    });
    expect(duplicateTopLevelKey(body, KEYS)).toBeUndefined();
    expect(duplicateTopLevelKey('{"code":"0000","data":{"code":"1"},"msg":"a\\"code\\":1"}', KEYS)).toBeUndefined();
  });
});
