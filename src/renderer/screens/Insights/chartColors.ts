/**
 * Series colours that stay apart for the common colour-vision deficiencies: the Okabe–Ito palette (Okabe & Ito,
 * "Color Universal Design"), in an order whose neighbours differ in lightness too. Each series also has its own
 * dash or marker, so colour is never the only cue.
 */
export const SERIES_COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#000000'];
export const SERIES_DASHES: ReadonlyArray<number[] | undefined> = [undefined, [6, 3], [2, 2], [8, 3, 2, 3]];

/**
 * The page's current colours (light or dark theme), read when a chart is drawn: the chart's box is styled with
 * `color: var(--fg-muted)` and `border-color: var(--border)`, whose computed values are plain rgb() (a canvas does
 * not understand light-dark()).
 */
export function themeColors(el: Element): { muted: string; grid: string } {
  const s = getComputedStyle(el);
  return { muted: s.color || '#555d68', grid: s.borderTopColor || '#c9ced6' };
}
