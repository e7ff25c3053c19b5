/**
 * Text the platform passes on (a buyer's name, a remark, an ID, a delivery method...) is the buyer's to write, so it
 * may hold characters that change how the app's own text reads: bidi controls (U+202E reverses everything after
 * it), zero-width and other invisible characters (two IDs that look the same but are not). PlatformText isolates
 * every such string; for IDs and names, these characters are also shown, as "U+202E", by `visibleSegments`.
 */

/**
 * Invisible or format characters: C0/C1 controls, every format character (Cf: the bidi embeddings, overrides and
 * isolates, zero-width space/joiners, word joiner, BOM, soft hyphen, Arabic letter mark...), the line and paragraph
 * separators, and letters that draw nothing (Hangul fillers, the combining grapheme joiner).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029\u115F\u1160\u3164\uFFA0]|\u034F/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

export type Segment = { text: string } | { control: string };

/** "U+202E" for a character. */
export const codePointName = (c: string): string =>
  `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The text cut into plain runs and the invisible characters in it. A zero-width joiner between two pictographs is
 * kept (it joins an emoji sequence: 👩‍💻); anywhere else it is shown too.
 */
export function visibleSegments(value: string): Segment[] {
  const chars = Array.from(value);
  const segments: Segment[] = [];
  let run = '';
  chars.forEach((c, i) => {
    const emojiJoiner = c === '\u200D' && PICTOGRAPH.test(chars[i - 1] ?? '') && PICTOGRAPH.test(chars[i + 1] ?? '');
    if (INVISIBLE.test(c) && !emojiJoiner) {
      if (run !== '') segments.push({ text: run });
      run = '';
      segments.push({ control: codePointName(c) });
    } else run += c;
  });
  if (run !== '') segments.push({ text: run });
  return segments;
}

/** True when the text holds a character `visibleSegments` would show. */
export function hasInvisible(value: string): boolean {
  return INVISIBLE.test(value);
}

/**
 * At most `max` characters (whole code points) of a long text for a clamped cell: the DOM and the layout never see
 * a 300,000-character name, which the cell could not show anyway (its full text is on hover and in the detail).
 */
export function shortened(value: string, max: number): string {
  if (value.length <= max) return value;
  let out = '';
  let n = 0;
  for (const c of value) {
    if (n++ === max) break;
    out += c;
  }
  return `${out}…`;
}
