/**
 * What the tray shows for a given app state: icon, tooltip and menu. Pure, so every state is unit-tested
 * without Electron; the tray glue only turns this into `Tray.setImage` / `Menu.buildFromTemplate`.
 */
import type { AttentionCounts } from '../../shared/ipc/orders';

export type SyncState = 'idle' | 'syncing' | 'offline' | 'error' | 'paused';
export type TrayIcon = 'idle' | 'syncing' | 'attention' | 'offline' | 'error';
export type TrayMenuId =
  | 'needs-attention'
  | 'refund-requests'
  | 'last-sync'
  | 'open'
  | 'sync-now'
  | 'pause-notifications'
  | 'resume-notifications'
  | 'restart-to-update'
  | 'quit';

export type { AttentionCounts };

export interface TrayState {
  sync: SyncState;
  /** After-sales requests awaiting the merchant's decision. */
  awaitingDecision: number;
  /** The orders needing attention; null: not known yet (no line is shown). */
  attention: AttentionCounts | null;
  /** Epoch ms of the last successful sync; null: never synced. */
  lastSyncedMs: number | null;
  /** Epoch ms until which notifications are paused; null or past: not paused. */
  notificationsPausedUntilMs: number | null;
  /** The version of a downloaded update waiting for "Restart to update"; null or absent: none. */
  updateReady?: string | null;
}

export interface TrayMenuItem {
  id: TrayMenuId;
  label: string;
  enabled: boolean;
}

export interface TrayModel {
  icon: TrayIcon;
  tooltip: string;
  menu: TrayMenuItem[];
}

export interface TrayContext {
  nowMs: number;
  /** Formats an instant for the merchant's locale and zone ("10:42"); injected so tests do not depend on them. */
  formatTime: (epochMs: number) => string;
}

export const APP_NAME = 'Merchant Desk';

/**
 * error > offline > attention > syncing > idle. A failing or offline sync means every other figure (including
 * the refund count) may be stale, so the merchant must see that first; pending refunds outrank the transient
 * "syncing" because they need a decision, while syncing needs nothing from the merchant. "paused" polling shows
 * as idle (or attention): the merchant chose it, so it is no alarm. Attention: a refund awaiting a decision, or any
 * order in the attention queue (overdue, due soon, exception, dispute).
 */
export function trayIcon(state: TrayState): TrayIcon {
  if (state.sync === 'error') return 'error';
  if (state.sync === 'offline') return 'offline';
  if (state.awaitingDecision > 0 || (state.attention?.total ?? 0) > 0) return 'attention';
  if (state.sync === 'syncing') return 'syncing';
  return 'idle';
}

const SYNC_LABEL: Record<SyncState, string | null> = {
  idle: null,
  syncing: 'Syncing…',
  offline: 'Offline',
  error: 'Sync failed',
  paused: 'Sync paused',
};

export function notificationsPaused(state: TrayState, nowMs: number): boolean {
  return state.notificationsPausedUntilMs !== null && state.notificationsPausedUntilMs > nowMs;
}

const ATTENTION_PARTS: ReadonlyArray<[keyof AttentionCounts, string, string]> = [
  ['refunds', 'refund', 'refunds'],
  ['overdue', 'overdue', 'overdue'],
  ['dueSoon', 'due soon', 'due soon'],
  ['exceptions', 'exception', 'exceptions'],
  ['disputes', 'dispute', 'disputes'],
];

/** "Needs attention: 7 — 2 refunds, 4 overdue, 1 exception" (kinds with none are left out). */
export function attentionLine(counts: AttentionCounts): string {
  const whole = (n: number) => Math.max(0, Math.trunc(n));
  const parts = ATTENTION_PARTS.filter(([k]) => whole(counts[k]) > 0).map(
    ([k, one, many]) => `${whole(counts[k])} ${whole(counts[k]) === 1 ? one : many}`,
  );
  const head = `Needs attention: ${whole(counts.total)}`;
  return parts.length > 0 ? `${head} — ${parts.join(', ')}` : head;
}

export function buildTrayModel(state: TrayState, ctx: TrayContext): TrayModel {
  const refunds = `Refund requests: ${Math.max(0, Math.trunc(state.awaitingDecision))}`;
  const lastSync = state.lastSyncedMs === null ? 'Not synced yet' : `Last sync ${ctx.formatTime(state.lastSyncedMs)}`;
  const syncLabel = SYNC_LABEL[state.sync];
  const paused = notificationsPaused(state, ctx.nowMs);
  const attention = state.attention ? attentionLine(state.attention) : null;
  const tooltip = [APP_NAME, syncLabel, attention, refunds, lastSync].filter((l): l is string => l !== null).join('\n');
  const menu: TrayMenuItem[] = [
    // Status rows: shown, never actionable (disabled, so a click does nothing).
    ...(attention === null ? [] : [{ id: 'needs-attention' as const, label: attention, enabled: false }]),
    { id: 'refund-requests', label: refunds, enabled: false },
    { id: 'last-sync', label: lastSync, enabled: false },
    { id: 'open', label: 'Open', enabled: true },
    // A sync already running or no network: the click could do nothing, so it is not offered.
    { id: 'sync-now', label: 'Sync now', enabled: state.sync !== 'syncing' && state.sync !== 'offline' },
    paused
      ? { id: 'resume-notifications', label: 'Resume notifications', enabled: true }
      : { id: 'pause-notifications', label: 'Pause notifications for 1 hour', enabled: true },
    // Installed only on the merchant's click (never during a decision in flight: the restart waits for it).
    ...(state.updateReady
      ? [{ id: 'restart-to-update' as const, label: `Restart to update (${state.updateReady})`, enabled: true }]
      : []),
    { id: 'quit', label: 'Quit', enabled: true },
  ];
  return { icon: trayIcon(state), tooltip, menu };
}
