import { describe, expect, it } from 'vitest';
import { cacheFilterSchema, cacheQuerySchema, MAX_SEARCH_WORDS } from './querySchema';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('cache query input', () => {
  it(`takes up to ${MAX_SEARCH_WORDS} search words and refuses more, saying the cap`, () => {
    expect(cacheQuerySchema.safeParse({ search: words(MAX_SEARCH_WORDS) }).success).toBe(true);
    const over = cacheQuerySchema.safeParse({ search: words(1000) });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]).toMatchObject({
      path: ['search'],
      message: `search text has 1000 words; at most ${MAX_SEARCH_WORDS} are allowed (narrow it with filters instead)`,
    });
    // A quoted phrase is one word.
    expect(cacheQuerySchema.safeParse({ search: `"${words(100)}"` }).success).toBe(true);
  });

  it('the filters alone refuse paging fields', () => {
    expect(cacheFilterSchema.safeParse({ sellerOrderStatus: [1] }).success).toBe(true);
    expect(cacheFilterSchema.safeParse({ limit: 5 }).success).toBe(false);
    expect(cacheFilterSchema.safeParse({ createBeginDate: '2026-02-01', createEndDate: '2026-01-01' }).success).toBe(
      false,
    );
  });

  it('defaults: newest created first, 50 a page, with the count', () => {
    expect(cacheQuerySchema.parse({})).toEqual({ sort: 'created', direction: 'desc', limit: 50, withTotal: true });
  });
});
