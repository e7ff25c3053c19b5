import { useEffect } from 'react';
import { formatRoute, navigate } from '../router';
import type { ScreenName } from '../../shared/screens';

/**
 * Where the keyboard lands on a screen. A screen marks its main list (the one j/k, ↑/↓, a and r act on) with
 * `data-main-list` and its search field with `data-screen-search`; navigating to the screen focuses the list, `/`
 * focuses the search, and the skip link does what navigating does.
 */
export const MAIN_LIST = { 'data-main-list': '' } as const;
export const SCREEN_SEARCH = { 'data-screen-search': '' } as const;

/** How long after navigating a list that is still loading may take the focus (a slow first read). */
const WAIT_FOR_TARGET_MS = 5_000;

function mainElement(): HTMLElement | null {
  return document.getElementById('main');
}

/** The element that takes the focus for a marked list: the list itself when focusable, else its tabbable row. */
function focusableIn(marked: HTMLElement): HTMLElement | null {
  if (marked.tabIndex >= 0) return marked;
  return marked.querySelector<HTMLElement>('[tabindex="0"]');
}

function findTarget(kind: 'list' | 'search'): HTMLElement | null {
  const main = mainElement();
  if (!main) return null;
  if (kind === 'search') return main.querySelector<HTMLElement>('[data-screen-search]');
  const marked = main.querySelector<HTMLElement>('[data-main-list]');
  return marked ? focusableIn(marked) : null;
}

/**
 * The merchant is already somewhere on the screen (clicked a filter, a row) or in a dialog: navigation must not pull
 * the focus away from there. The navigation link just clicked, the palette's button, the body: all fair to move from.
 */
function merchantIsOnScreen(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return false;
  if (active.closest('dialog[open]')) return true;
  const main = mainElement();
  return main !== null && active !== main && main.contains(active);
}

/** Focuses the screen's list (or search) now; false when the screen has none (yet). */
export function focusScreen(kind: 'list' | 'search'): boolean {
  const target = findTarget(kind);
  if (!target) return false;
  // A list taller than the window would scroll the page to show all of it, hiding the screen's heading and banner:
  // the page moves only when the target's top is out of sight.
  target.focus({ preventScroll: true });
  const top = target.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight - 40) target.scrollIntoView({ block: 'nearest' });
  return true;
}

/** What the next screen shown should focus (set by `/` on a screen without a search). */
let pending: 'list' | 'search' = 'list';

/**
 * `/`: the screen's search; a screen without one goes to the orders list's search (the one that finds any order).
 */
export function focusSearch(): void {
  if (focusScreen('search')) return;
  pending = 'search';
  navigate(formatRoute('orders'));
}

/**
 * Focuses the screen's main list each time another screen is shown (a navigation link, the palette, Back), as soon
 * as the list is there (a list that is still loading takes it when it arrives), unless the merchant has moved into
 * the screen meanwhile.
 */
export function useFocusOnNavigate(screen: ScreenName): void {
  useEffect(() => {
    const kind = pending;
    pending = 'list';
    const main = mainElement();
    if (!main) return;
    const attempt = (): boolean => {
      if (merchantIsOnScreen()) return true;
      return focusScreen(kind);
    };
    if (attempt()) return;
    const observer = new MutationObserver(() => {
      if (attempt()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_FOR_TARGET_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [screen]);
}

/** The skip link: to the screen's main list when it has one, else the screen itself. */
export function skipToContent(): void {
  if (focusScreen('list')) return;
  mainElement()?.focus();
}
