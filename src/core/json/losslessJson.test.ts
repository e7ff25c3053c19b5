import { describe, expect, it } from 'vitest';
import { integerLiteral, parseJsonKeepingIds } from './losslessJson';

describe('lossless JSON', () => {
  it('keeps integer IDs beyond 2^53 as exact decimal strings', () => {
    const parsed = parseJsonKeepingIds(
      '{"id":18446744073709551615,"buyerId":9007199254740993,"n":9007199254740993,"list":[{"id":12345678901234567890}]}',
    ) as Record<string, unknown>;
    expect(parsed.id).toBe('18446744073709551615');
    expect(parsed.buyerId).toBe('9007199254740993');
    expect(parsed.n).toBe(9007199254740992); // not an ID: ordinary number semantics
    expect((parsed.list as Array<Record<string, unknown>>)[0]!.id).toBe('12345678901234567890');
  });

  it('is exact even when an ID key is written with \\u escapes (the fast path must not skip it)', () => {
    expect(parseJsonKeepingIds('{"\\u0069d":12345678901234567890}')).toEqual({ id: '12345678901234567890' });
    expect(parseJsonKeepingIds('{"buyerId" : 9007199254740993}')).toEqual({ buyerId: '9007199254740993' });
  });

  it('the fast path (string IDs only) parses like JSON.parse', () => {
    const text = '{"id":"18446744073709551615","list":[{"id":"1","n":1.5,"name":"佐藤 🎮"}]}';
    expect(parseJsonKeepingIds(text)).toEqual(JSON.parse(text));
  });

  it('leaves string IDs alone', () => {
    expect(parseJsonKeepingIds('{"id":"9223372036854775807"}')).toEqual({ id: '9223372036854775807' });
  });

  it('writes integer literals digit for digit', () => {
    expect(JSON.stringify({ id: integerLiteral('9223372036854775807') })).toBe('{"id":9223372036854775807}');
    expect(() => integerLiteral('12a')).toThrow(TypeError);
  });
});
