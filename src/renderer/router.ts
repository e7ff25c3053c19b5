import { useSyncExternalStore } from 'react';
import { screenNames, type ScreenName } from '../shared/screens';

/**
 * Where the merchant is, kept in the URL's hash so back/forward and reloads work in the app window and in the
 * browser host alike: `#/orders?status=1`, `#/order/123`, `#/after-sales`, `#/settings/profiles`. The screens are
 * the table in src/shared/screens.ts.
 */

export interface Route {
  screen: ScreenName;
  /** Path segments after the screen (decoded): an order's ID, a settings section. */
  path: string[];
  params: URLSearchParams;
}

const DEFAULT_SCREEN: ScreenName = 'orders';

export function parseHash(hash: string): Route {
  const text = hash.replace(/^#\/?/, '');
  const q = text.indexOf('?');
  const pathPart = q === -1 ? text : text.slice(0, q);
  const params = new URLSearchParams(q === -1 ? '' : text.slice(q + 1));
  const [first, ...rest] = pathPart.split('/').filter((s) => s !== '');
  let path: string[];
  try {
    path = rest.map((s) => decodeURIComponent(s));
  } catch {
    path = [];
  }
  const screen = (screenNames as readonly string[]).includes(first ?? '') ? (first as ScreenName) : DEFAULT_SCREEN;
  return { screen, path: screen === first ? path : [], params };
}

export function formatRoute(
  screen: ScreenName,
  path: readonly string[] = [],
  params?: URLSearchParams | Record<string, string>,
): string {
  const search = params instanceof URLSearchParams ? params : new URLSearchParams(params ?? {});
  const query = search.toString();
  const segments = [screen, ...path.map((s) => encodeURIComponent(s))].join('/');
  return `#/${segments}${query ? `?${query}` : ''}`;
}

/** Goes to a route: a new history entry, or (`replace`) the current one changed (typing in a filter). */
export function navigate(hash: string, options: { replace?: boolean } = {}): void {
  if (window.location.hash === hash) return;
  if (options.replace) {
    window.history.replaceState(window.history.state, '', hash);
    // replaceState fires no hashchange: tell the subscribers ourselves.
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else window.location.hash = hash;
}

function subscribe(notify: () => void): () => void {
  window.addEventListener('hashchange', notify);
  return () => window.removeEventListener('hashchange', notify);
}

const readHash = () => window.location.hash;

/** The current route; re-renders on every hash change. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, readHash);
  // Parsing is cheap; memoising on the string keeps the same object per hash for effect dependencies.
  return routeOf(hash);
}

let cached: { hash: string; route: Route } | null = null;
function routeOf(hash: string): Route {
  if (cached?.hash !== hash) cached = { hash, route: parseHash(hash) };
  return cached.route;
}
