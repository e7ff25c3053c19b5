import { describe, expect, it } from 'vitest';
import { hasInvisible, shortened, visibleSegments } from './platformText';

describe('platform text', () => {
  it('shows bidi controls, zero-width and other invisible characters in IDs and names', () => {
    expect(visibleSegments('Ann\u202E')).toEqual([{ text: 'Ann' }, { control: 'U+202E' }]);
    expect(visibleSegments('12\u200B34')).toEqual([{ text: '12' }, { control: 'U+200B' }, { text: '34' }]);
    expect(visibleSegments('\u2066x\u2069\uFEFF\u00AD\u3164')).toEqual([
      { control: 'U+2066' },
      { text: 'x' },
      { control: 'U+2069' },
      { control: 'U+FEFF' },
      { control: 'U+00AD' },
      { control: 'U+3164' },
    ]);
    expect(visibleSegments('a\u0007b')).toEqual([{ text: 'a' }, { control: 'U+0007' }, { text: 'b' }]);
    expect(hasInvisible('Zoë Ångström 李')).toBe(false);
  });

  it('keeps a zero-width joiner inside an emoji sequence, and only there', () => {
    expect(visibleSegments('Dev 👩\u200D💻')).toEqual([{ text: 'Dev 👩\u200D💻' }]);
    expect(visibleSegments('a\u200Db')).toEqual([{ text: 'a' }, { control: 'U+200D' }, { text: 'b' }]);
  });

  it('shortens by whole code points', () => {
    expect(shortened('abc', 3)).toBe('abc');
    expect(shortened('😀😀😀', 2)).toBe('😀😀…');
    expect(shortened('W'.repeat(300_000), 400)).toHaveLength(401);
  });
});
