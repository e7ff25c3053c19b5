import type { NavigateTarget } from './notifications';

/**
 * A notification's buttons (issue 23): an order's notification offers "Open" (the order) and "Approve…" (the
 * After-sales view of that order, where the decision is made and confirmed). A notification never decides
 * anything by itself. Electron shows these buttons on macOS; Windows toasts keep the click (which opens the order).
 */
export interface NotificationButton {
  text: 'Open' | 'Approve…';
  target: NavigateTarget;
}

export function notificationActions(target: NavigateTarget): NotificationButton[] {
  if (target.orderId === null) return [];
  return [
    { text: 'Open', target },
    { text: 'Approve…', target: { screen: 'after-sales', orderId: target.orderId } },
  ];
}
