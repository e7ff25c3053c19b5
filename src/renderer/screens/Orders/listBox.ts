/**
 * The orders list's box before it is laid out, from the window's size. The list's columns (columns.ts) and the rows
 * the virtualizer renders follow the list's measured box, but the measure needs a layout, so the first render had to
 * guess: every column and no row (a box of 0 × 0). The measure then set both, and a second render before the first
 * frame drew the rows at the measured width (at 1280 × 800 the list shows 8 of the 9 columns): two renders, two
 * layouts, and the frame's startup effects run in between (issue 26: the first rows after load at a million orders). With this estimate the first render has the columns and the rows
 * the measure finds, which then changes nothing.
 *
 * The frame around the list, in rem (styles.css, Orders.css): the navigation (14rem from 1200 px, the 3.5rem rail
 * from 900 px, none below) and the screen's padding and the card's border beside it (2.5rem); above the list at
 * least the header, the heading, the view tabs and the filter bar as the first frame has them (9.375rem: more when
 * the heading wraps; the list moves down later, once the count and the sync status are shown), below it the
 * screen's padding (1rem). The height is an upper bound: a row too many is rendered and then left out, never one
 * too few. A wrong estimate (a changed frame) costs the second render it saved, nothing else: the measure still
 * decides. test/e2e/firstRowsOneRender.test.ts checks the estimate against the laid-out list at several sizes.
 */
const NAVIGATION_REM = [
  { fromPx: 1200, rem: 14 },
  { fromPx: 900, rem: 3.5 },
  { fromPx: 0, rem: 0 },
] as const;
const BESIDE_REM = 2.5;
const ABOVE_REM = 9.375;
const BELOW_REM = 1;

export interface ListBox {
  width: number;
  height: number;
}

/** The list's estimated box (px) in a window of `view` (CSS px), with `remPx` the root font size. */
export function estimatedListBox(view: ListBox, remPx: number): ListBox {
  const navigation = NAVIGATION_REM.find((n) => view.width >= n.fromPx)!.rem;
  return {
    width: Math.max(0, Math.round(view.width - (navigation + BESIDE_REM) * remPx)),
    height: Math.max(0, Math.round(view.height - (ABOVE_REM + BELOW_REM) * remPx)),
  };
}

/** The root font size (px): rem in CSS; 16 where there is no style (a test DOM). */
export function rootFontPx(): number {
  return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

/** The list's estimated box in this window. */
export function windowListBox(): ListBox {
  return estimatedListBox({ width: window.innerWidth, height: window.innerHeight }, rootFontPx());
}
