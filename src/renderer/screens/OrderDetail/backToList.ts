import { formatRoute, navigate, parseHash } from '../../router';

/**
 * Back from the detail returns to the list as the merchant left it (filters in its hash) by going back in
 * history — when the detail was reached from another screen of this page. Opened directly (a reload, a pasted
 * address), there is no such entry: Back then goes to the orders list.
 */
let arrivedFromApp = false;

export function trackArrival(event: HashChangeEvent): void {
  // navigate({replace}) fires a synthetic event without URLs (j/k): the arrival stays as it was.
  if (!event.oldURL || !event.newURL) return;
  const from = parseHash(new URL(event.oldURL).hash).screen;
  const to = parseHash(new URL(event.newURL).hash).screen;
  if (to === 'order') arrivedFromApp = from !== 'order' || arrivedFromApp;
}

if (typeof window !== 'undefined') window.addEventListener('hashchange', trackArrival);

export function backToList(): void {
  if (arrivedFromApp) window.history.back();
  else navigate(formatRoute('orders'));
}

/** j/k keep the Back target: the next order replaces this one in history. */
export function goToOrder(orderId: string): void {
  navigate(formatRoute('order', [orderId]), { replace: true });
}
