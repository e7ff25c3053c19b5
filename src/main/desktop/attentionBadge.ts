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
