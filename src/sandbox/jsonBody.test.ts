import { describe, expect, it } from 'vitest';
import { isJsonContentType, JsonInteger, parseJsonKeepingIds, readJsonObject } from './jsonBody';

describe('parseJsonKeepingIds', () => {
  it('keeps id, buyerId and orderId number literals as their exact source text', () => {
    const v = parseJsonKeepingIds(
      '{"id":1499560984828806817,"buyerId":9223372036854775807,"orderId":12,"pageSize":10}',
    ) as Record<string, unknown>;
    expect(v.id).toEqual(new JsonInteger('1499560984828806817'));
    expect((v.buyerId as JsonInteger).source).toBe('9223372036854775807');
    expect((v.orderId as JsonInteger).source).toBe('12');
    expect(v.pageSize).toBe(10);
    // what a plain JSON.parse would have made of it
    expect(String(JSON.parse('{"id":1499560984828806817}').id)).not.toBe('1499560984828806817');
  });

  it('keeps the source of non-integers too (validation rejects them later) and leaves strings alone', () => {
    const v = parseJsonKeepingIds('{"id":1.5e3,"buyerId":"77"}') as Record<string, unknown>;
    expect((v.id as JsonInteger).source).toBe('1.5e3');
    expect(v.buyerId).toBe('77');
  });
});

describe('readJsonObject', () => {
  it('needs application/json', () => {
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonContentType('Application/JSON')).toBe(true);
    expect(isJsonContentType('text/plain')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
    expect(readJsonObject('text/plain', '{}')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Content-Type'),
    });
  });

  it.each([
    ['', 'empty'],
    ['{"a":', 'not valid JSON'],
    ['[1,2]', 'JSON object'],
    ['null', 'JSON object'],
    ['"x"', 'JSON object'],
  ])('refuses %j', (text, reason) => {
    expect(readJsonObject('application/json', text)).toMatchObject({
      ok: false,
      reason: expect.stringContaining(reason),
    });
  });

  it('accepts an object', () => {
    expect(readJsonObject('application/json', ' {"a":1} ')).toEqual({ ok: true, value: { a: 1 } });
  });
});
