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

  it('leaves string IDs alone', () => {
    expect(parseJsonKeepingIds('{"id":"9223372036854775807"}')).toEqual({ id: '9223372036854775807' });
  });

  it('writes integer literals digit for digit', () => {
    expect(JSON.stringify({ id: integerLiteral('9223372036854775807') })).toBe('{"id":9223372036854775807}');
    expect(() => integerLiteral('12a')).toThrow(TypeError);
  });
});
