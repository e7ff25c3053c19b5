import { describe, expect, it } from 'vitest';
import { integerLiteral, parseJsonKeepingIds, quoteBareIntegers } from './losslessJson';

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

  it('keeps the spec integer fields that are IDs (product, SKU, category, brand) exact', () => {
    const parsed = parseJsonKeepingIds(
      '{"orderItems":[{"productSpuId":9007199254740993,"productSkuId" : -12,"categoryId3":\n7,"brandId":0,"quantity":9007199254740993}]}',
    ) as { orderItems: Array<Record<string, unknown>> };
    expect(parsed.orderItems[0]).toEqual({
      productSpuId: '9007199254740993',
      productSkuId: '-12',
      categoryId3: '7',
      brandId: '0',
      quantity: 9007199254740992, // a count, not an ID: the order validator refuses it beyond 2^53
    });
  });

  it('touches only key tokens and whole integers, never text inside strings or other numbers', () => {
    const text =
      '{"remark":"x,\\"id\\":123 and {\\"brandId\\":5}","id":1.5,"brandId":2e3,"productSpuId":"77","k":{"id":-0}}';
    expect(quoteBareIntegers(text)).toBe(text.replace('"id":-0', '"id":"-0"'));
    // Without an integer of 16+ digits the text is parsed as it is (short integers are exact as numbers).
    expect(parseJsonKeepingIds(text)).toEqual(JSON.parse(text));
  });

  it('parses 5,000 levels of nesting (no reviver recursion)', () => {
    const deep = `{"id":12345678901234567,"x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect((parseJsonKeepingIds(deep) as { id: string }).id).toBe('12345678901234567');
  });

  it('an ID key spelled with \\u escapes stays a number (the order validator refuses it past 2^53)', () => {
    expect(parseJsonKeepingIds('{"\\u0069d":12345678901234567890}')).toEqual({ id: 12345678901234567000 });
  });

  it('leaves string IDs alone and parses like JSON.parse otherwise', () => {
    const text = '{"id":"18446744073709551615","list":[{"id":"1","n":1.5,"name":"佐藤 🎮"}]}';
    expect(parseJsonKeepingIds(text)).toEqual(JSON.parse(text));
  });

  it('writes integer literals digit for digit', () => {
    expect(JSON.stringify({ id: integerLiteral('9223372036854775807') })).toBe('{"id":9223372036854775807}');
    expect(() => integerLiteral('12a')).toThrow(TypeError);
  });
});
