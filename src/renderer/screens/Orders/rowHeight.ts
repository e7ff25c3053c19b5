/**
 * Rows are one line of the density's height (tokens.css --row-height: every cell is cut to one line), so they are
 * not measured: measuring each row as it mounts (the virtualizer's measureElement) forced a layout inside every
 * commit — the largest part of a filter change's work in the profile — and a second render when a size differed from
 * the estimate. The height is read once per density (a computed-style read per row cost a long task per page loaded
 * while scrolling).
 */
let knownHeight: { density: string | undefined; px: number } | null = null;

export function rowHeight(): number {
  const density = document.documentElement.dataset.density;
  if (knownHeight === null || knownHeight.density !== density) {
    const px = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--row-height'));
    knownHeight = { density, px: Number.isFinite(px) && px > 0 ? px : 44 };
  }
  return knownHeight.px;
}
