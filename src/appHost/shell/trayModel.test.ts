import { describe, expect, it } from 'vitest';
import { attentionLine, buildTrayModel, trayIcon, type AttentionCounts, type TrayState } from './trayModel';

const NOW = Date.UTC(2026, 0, 31, 10, 45);
const ctx = {
  nowMs: NOW,
  formatTime: (ms: number) => new Date(ms).toISOString().slice(11, 16),
};
const state = (over: Partial<TrayState> = {}): TrayState => ({
  sync: 'idle',
  awaitingDecision: 0,
  attention: null,
  lastSyncedMs: Date.UTC(2026, 0, 31, 10, 42),
  notificationsPausedUntilMs: null,
  ...over,
});

describe('trayIcon', () => {
  it.each([
    [{ sync: 'idle' }, 'idle'],
    [{ sync: 'paused' }, 'idle'],
    [{ sync: 'syncing' }, 'syncing'],
    [{ sync: 'idle', awaitingDecision: 1 }, 'attention'],
    [{ sync: 'syncing', awaitingDecision: 2 }, 'attention'],
    [{ sync: 'paused', awaitingDecision: 2 }, 'attention'],
    [{ sync: 'offline', awaitingDecision: 2 }, 'offline'],
    [{ sync: 'offline' }, 'offline'],
    [{ sync: 'error', awaitingDecision: 2 }, 'error'],
    [{ sync: 'error' }, 'error'],
  ] as const)('%j shows %s (error > offline > attention > syncing > idle)', (over, icon) => {
    expect(trayIcon(state(over))).toBe(icon);
    expect(buildTrayModel(state(over), ctx).icon).toBe(icon);
  });
});

describe('buildTrayModel', () => {
  it('shows the count awaiting a decision and the last sync in the tooltip and the menu', () => {
    const m = buildTrayModel(state({ awaitingDecision: 4 }), ctx);
    expect(m.tooltip).toBe('Merchant Desk\nRefund requests: 4\nLast sync 10:42');
    expect(m.menu.map((i) => [i.id, i.label, i.enabled])).toEqual([
      ['refund-requests', 'Refund requests: 4', false],
      ['last-sync', 'Last sync 10:42', false],
      ['open', 'Open', true],
      ['sync-now', 'Sync now', true],
      ['pause-notifications', 'Pause notifications for 1 hour', true],
      ['quit', 'Quit', true],
    ]);
  });

  it('uses the injected formatter for the last sync time', () => {
    const m = buildTrayModel(state(), { nowMs: NOW, formatTime: () => '11:42 AM' });
    expect(m.tooltip).toContain('Last sync 11:42 AM');
    expect(m.menu.find((i) => i.id === 'last-sync')?.label).toBe('Last sync 11:42 AM');
  });

  it('says when the app has never synced', () => {
    const m = buildTrayModel(state({ lastSyncedMs: null }), ctx);
    expect(m.tooltip).toContain('Not synced yet');
    expect(m.menu.find((i) => i.id === 'last-sync')?.label).toBe('Not synced yet');
  });

  it('names the sync state in the tooltip when it is not idle', () => {
    expect(buildTrayModel(state({ sync: 'error' }), ctx).tooltip).toBe(
      'Merchant Desk\nSync failed\nRefund requests: 0\nLast sync 10:42',
    );
    expect(buildTrayModel(state({ sync: 'offline' }), ctx).tooltip).toContain('\nOffline\n');
    expect(buildTrayModel(state({ sync: 'syncing' }), ctx).tooltip).toContain('\nSyncing…\n');
    expect(buildTrayModel(state({ sync: 'paused' }), ctx).tooltip).toContain('\nSync paused\n');
  });

  it('offers "Resume notifications" while paused and the pause again once it has passed', () => {
    const paused = buildTrayModel(state({ notificationsPausedUntilMs: NOW + 1 }), ctx);
    expect(paused.menu.map((i) => i.id)).toContain('resume-notifications');
    expect(paused.menu.map((i) => i.id)).not.toContain('pause-notifications');
    expect(paused.menu.find((i) => i.id === 'resume-notifications')?.label).toBe('Resume notifications');
    const over = buildTrayModel(state({ notificationsPausedUntilMs: NOW }), ctx);
    expect(over.menu.map((i) => i.id)).toContain('pause-notifications');
    expect(over.menu.map((i) => i.id)).not.toContain('resume-notifications');
  });

  it('offers "Restart to update" just above Quit once an update is downloaded, and not before', () => {
    expect(buildTrayModel(state(), ctx).menu.map((i) => i.id)).not.toContain('restart-to-update');
    const menu = buildTrayModel(state({ updateReady: '1.5.0' }), ctx).menu;
    expect(menu.slice(-2)).toEqual([
      { id: 'restart-to-update', label: 'Restart to update (1.5.0)', enabled: true },
      { id: 'quit', label: 'Quit', enabled: true },
    ]);
  });

  it('disables "Sync now" while a sync runs or the network is down', () => {
    const syncNow = (sync: TrayState['sync']) =>
      buildTrayModel(state({ sync }), ctx).menu.find((i) => i.id === 'sync-now')?.enabled;
    expect(syncNow('syncing')).toBe(false);
    expect(syncNow('offline')).toBe(false);
    expect(syncNow('idle')).toBe(true);
    expect(syncNow('error')).toBe(true);
    expect(syncNow('paused')).toBe(true);
  });
});

const counts = (over: Partial<AttentionCounts>): AttentionCounts => {
  const c = { refunds: 0, overdue: 0, dueSoon: 0, exceptions: 0, disputes: 0, ...over };
  return { ...c, total: c.refunds + c.overdue + c.dueSoon + c.exceptions + c.disputes };
};

describe('the attention line', () => {
  it.each([
    [counts({ refunds: 2, overdue: 4, exceptions: 1 }), 'Needs attention: 7 — 2 refunds, 4 overdue, 1 exception'],
    [counts({ refunds: 1, dueSoon: 3, disputes: 2 }), 'Needs attention: 6 — 1 refund, 3 due soon, 2 disputes'],
    [counts({ overdue: 1, exceptions: 2, disputes: 1 }), 'Needs attention: 4 — 1 overdue, 2 exceptions, 1 dispute'],
    [counts({}), 'Needs attention: 0'],
  ])('%j reads "%s"', (c, line) => {
    expect(attentionLine(c)).toBe(line);
  });

  it('shows in the tooltip and first in the menu, next to the refund count; none while the counts are unknown', () => {
    const m = buildTrayModel(
      state({ awaitingDecision: 2, attention: counts({ refunds: 2, overdue: 4, exceptions: 1 }) }),
      ctx,
    );
    expect(m.tooltip).toBe(
      'Merchant Desk\nNeeds attention: 7 — 2 refunds, 4 overdue, 1 exception\nRefund requests: 2\nLast sync 10:42',
    );
    expect(m.menu.slice(0, 2).map((i) => [i.id, i.label, i.enabled])).toEqual([
      ['needs-attention', 'Needs attention: 7 — 2 refunds, 4 overdue, 1 exception', false],
      ['refund-requests', 'Refund requests: 2', false],
    ]);
    expect(buildTrayModel(state(), ctx).menu.map((i) => i.id)).not.toContain('needs-attention');
  });

  it('any order needing attention shows the attention icon; none, and the sync state shows', () => {
    expect(trayIcon(state({ attention: counts({ overdue: 1 }) }))).toBe('attention');
    expect(trayIcon(state({ attention: counts({ dueSoon: 1 }) }))).toBe('attention');
    expect(trayIcon(state({ sync: 'syncing', attention: counts({}) }))).toBe('syncing');
    expect(trayIcon(state({ sync: 'offline', attention: counts({ overdue: 3 }) }))).toBe('offline');
  });
});
