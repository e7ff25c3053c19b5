/**
 * The awaiting-decision count outside the window (issue 23): the dock badge on macOS (app.setBadgeCount), the
 * taskbar overlay on Windows (BrowserWindow.setOverlayIcon with a description screen readers announce), the
 * Unity/GNOME count on Linux where supported (app.setBadgeCount). Pure: what to show for a count.
 */
export type BadgeAction = { kind: 'count'; count: number } | { kind: 'overlay'; show: boolean; description: string };

export function badgeFor(count: number | null, platform: NodeJS.Platform): BadgeAction {
  const n = count ?? 0;
  if (platform === 'win32')
    return n > 0
      ? { kind: 'overlay', show: true, description: `${n} ${n === 1 ? 'request awaits' : 'requests await'} a decision` }
      : { kind: 'overlay', show: false, description: '' };
  return { kind: 'count', count: n };
}

/**
 * A notification's buttons (macOS shows them; Windows toasts get them through the same `actions`): "Open" shows the
 * order, "Approve…" opens the decision on that order's screen — where the confirmation names order, buyer and
 * amount. A notification never decides anything by itself.
 */
export type NotificationAction = { text: 'Open' | 'Approve…'; opens: 'order' | 'decision' };

export function notificationActions(target: { kind: string }): NotificationAction[] {
  if (target.kind !== 'order') return [];
  return [
    { text: 'Open', opens: 'order' },
    { text: 'Approve…', opens: 'decision' },
  ];
}
