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

/** The app opens on Home (the overview); an unknown address lands there too. */
const DEFAULT_SCREEN: ScreenName = 'home';

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

/**
 * Leave guards: a screen with unsaved changes asks before the merchant leaves it (a link, the palette, Back). One
 * listener, registered before any screen subscribes, sees every hash change first: when a guard says stay, the old
 * address is put back and no screen hears of the change.
 */
type LeaveGuard = (toHash: string) => boolean;
const guards = new Set<LeaveGuard>();
let shownHash = typeof window === 'undefined' ? '' : window.location.hash;

/** Adds a guard asked before the route changes; returns its removal. */
export function addLeaveGuard(guard: LeaveGuard): () => void {
  guards.add(guard);
  return () => void guards.delete(guard);
}

/**
 * The address a refused leave put back: browsers fire no event for that replaceState, some test DOMs do; such an
 * event (the next one, to exactly that address) is not a navigation.
 */
let restored: string | null = null;

function guardHashChange(event: HashChangeEvent): void {
  const to = event.newURL ? new URL(event.newURL).hash : window.location.hash;
  const wasRestored = restored;
  restored = null;
  if (wasRestored !== null && to === wasRestored) {
    event.stopImmediatePropagation();
    return;
  }
  // A replace from navigate() (a filter typed) carries no URLs: it never leaves a screen with unsaved changes.
  const from = event.oldURL ? new URL(event.oldURL).hash : shownHash;
  if (to !== from && event.oldURL && guards.size > 0 && ![...guards].every((guard) => guard(to))) {
    event.stopImmediatePropagation();
    restored = from || '#/';
    window.history.replaceState(window.history.state, '', restored);
    return;
  }
  shownHash = to;
}

if (typeof window !== 'undefined') window.addEventListener('hashchange', guardHashChange);

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
