import { lazy, type ComponentType } from 'react';
import type { ScreenName } from '../../shared/screens';
import type { Route } from '../router';
import { useChangesStore } from '../stores/changesStore';
import { filtersFromParams } from '../stores/orderFilters';
import { useOrdersStore } from '../stores/ordersStore';
import { OrdersScreen } from './Orders/OrdersScreen';

type ScreenComponent = ComponentType<{ route: Route }>;

/**
 * How a screen's code is had. The Orders screen is in the first chunk with the frame: it is the screen a merchant
 * waits on at start (its first rows, a million orders behind them). Every other screen is a chunk of its own, loaded
 * the first time it is shown (or asked ahead by `prepareScreen`), so the page parses and runs only what its first
 * screen needs before it asks for data. The app shows its loading state while a chunk arrives (App.tsx).
 */
type ScreenCode = { component: ScreenComponent; preload?: () => void };

/** A screen loaded on first use: React.lazy over one import, which `preload` starts ahead. */
function lazyScreen(load: () => Promise<ScreenComponent>): ScreenCode {
  let loading: Promise<{ default: ScreenComponent }> | undefined;
  const start = () => (loading ??= load().then((component) => ({ default: component })));
  return { component: lazy(start), preload: () => void start().catch(() => undefined) };
}

const screenCode: Record<ScreenName, ScreenCode> = {
  home: lazyScreen(() => import('./Home/HomeScreen').then((m) => m.HomeScreen)),
  insights: lazyScreen(() => import('./Insights/InsightsScreen').then((m) => m.InsightsScreen)),
  orders: { component: OrdersScreen },
  order: lazyScreen(() => import('./OrderDetail/OrderDetailScreen').then((m) => m.OrderDetailScreen)),
  attention: lazyScreen(() => import('./Attention/AttentionScreen').then((m) => m.AttentionScreen)),
  'after-sales': lazyScreen(() => import('./AfterSales/AfterSalesScreen').then((m) => m.AfterSalesScreen)),
  buyers: lazyScreen(() => import('./Buyers/BuyersScreen').then((m) => m.BuyersScreen)),
  settings: lazyScreen(() => import('./Settings/SettingsScreen').then((m) => m.SettingsScreen)),
};

/** Which component shows each screen of the table (src/shared/screens.ts); each gets the whole route. */
export const screenComponents = Object.fromEntries(
  Object.entries(screenCode).map(([name, code]) => [name, code.component]),
) as Record<ScreenName, ScreenComponent>;

/**
 * What a screen can start before it renders, as soon as its route is known (the page's start, a hash change): its
 * chunk's download and, for the Orders screen, its first page (the screen's own effect then finds the same filters
 * asked and asks nothing more). Resolves once the screen's first data is there (the Orders list's first page
 * answered or failed; at once for the other screens): the page's start waits for it, for a while, so that the first
 * render draws the first rows (main.tsx).
 */
export function prepareScreen(route: Route): Promise<void> {
  screenCode[route.screen].preload?.();
  if (route.screen !== 'orders') return Promise.resolve();
  useOrdersStore.getState().setFilters(filtersFromParams(route.params), useChangesStore.getState().revision);
  return firstPageSettled();
}

/** Resolves once the Orders list is no longer waiting for its first page (answered, or failed). */
function firstPageSettled(): Promise<void> {
  const settled = () => useOrdersStore.getState().list.status !== 'loading';
  if (settled()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = useOrdersStore.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Starts every screen's chunk (idle time after the start): opening a screen later shows no loading state. */
export function preloadScreens(): void {
  for (const code of Object.values(screenCode)) code.preload?.();
}
