import { describe, expect, it } from 'vitest';
import { buildTextSearch, foldText, ftsString, likePattern, searchTerms } from './ftsQuery';
import { gramsOf, isGramWord } from './searchGrams';

describe('search text', () => {
  it('splits words, keeps quoted phrases, and quotes every term so nothing is an FTS operator', () => {
    expect(searchTerms('steam  "gift card" OR')).toEqual(['steam', 'gift card', 'OR']);
    expect(ftsString('a"b')).toBe('"a""b"');
    expect(buildTextSearch('Steam "gift card" NEAR(x')).toMatchObject({
      trigramMatch: '"steam" AND "gift card" AND "near(x"',
      gramMatch: undefined,
      likePatterns: [],
    });
  });

  it('words of 1–2 letters or digits go to the character-pair index, other short words to LIKE', () => {
    expect(buildTextSearch('jp steam 张伟 #1')).toMatchObject({
      trigramMatch: '"steam"',
      gramMatch: '"jp" AND "张伟"',
      pendingTerms: ['steam', 'jp', '张伟'],
      likePatterns: ['%#1%'],
    });
    expect(likePattern('50%_\\')).toBe('%50\\%\\_\\\\%');
  });

  it('folds case and accents for rows not yet indexed, as the tokenizers do', () => {
    expect(buildTextSearch('MÜLLER Élodie').pendingTerms).toEqual(['muller', 'elodie']);
    expect(foldText('Ｍüller Ǆ 佐藤')).toBe(foldText('ｍuller ǆ 佐藤'));
  });

  it('restricts a column filter to that column and treats its text as one phrase', () => {
    expect(buildTextSearch('Gift card', 'titles')).toMatchObject({
      trigramMatch: 'titles : "gift card"',
      column: 'titles',
    });
    expect(buildTextSearch('卡', 'titles')).toMatchObject({ gramMatch: 'titles : "卡"' });
  });
});

describe('character grams', () => {
  it('are the distinct single characters and pairs inside letter/digit runs, lower-cased', () => {
    expect(gramsOf('张伟 AB-1 ab').split(' ').sort()).toEqual(['1', 'a', 'ab', 'b', '伟', '张', '张伟']);
    expect(gramsOf('')).toBe('');
    expect(isGramWord('张伟')).toBe(true);
    expect(isGramWord('eu')).toBe(true);
    expect(isGramWord('#1')).toBe(false);
    expect(isGramWord('abc')).toBe(false);
  });
});
