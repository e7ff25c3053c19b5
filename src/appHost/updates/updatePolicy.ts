import type { UpdateState } from '../../shared/ipc/app';

/**
 * When to look for an update and when a downloaded one may be installed (issue 23). Pure and host-agnostic: the
 * controller (updateController.ts) asks, the Electron adapter (electronUpdater.ts) acts.
 * - Check at start and then once a day (DAILY_MS after the last check), never when the merchant turned updates off
 *   or the build cannot update itself (a development build, an unpacked test build).
 * - Downloads happen in the background (electron-updater's autoDownload, differential through the blockmaps).
 * - "Restart to update" installs only when no after-sales decision is in flight: a restart mid-request would leave
 *   its outcome unknown. Asked during one, the restart waits for it to finish.
 */
export const DAILY_MS = 24 * 60 * 60 * 1000;
/** Not at the very first instant: the window and the first sync come first. */
export const START_DELAY_MS = 30_000;

/** The states are the contract's (src/shared/ipc/app.ts): the windows are told each one as it is. */
export type { UpdateState };

export interface PolicyFacts {
  enabled: boolean;
  /** Why not, when this build cannot update itself (e.g. "a development build"); null: it can. */
  unsupported: string | null;
  lastCheckMs: number | null;
  nowMs: number;
}

export type CheckDecision = { check: true } | { check: false; reason: string; nextInMs: number | null };

export function shouldCheck(f: PolicyFacts, state: UpdateState): CheckDecision {
  if (f.unsupported) return { check: false, reason: f.unsupported, nextInMs: null };
  if (!f.enabled) return { check: false, reason: 'updates are turned off in Settings', nextInMs: null };
  if (state.kind === 'checking' || state.kind === 'downloading')
    return { check: false, reason: 'already under way', nextInMs: DAILY_MS };
  if (state.kind === 'ready') return { check: false, reason: 'an update is ready to install', nextInMs: null };
  if (f.lastCheckMs === null) return { check: true };
  const due = f.lastCheckMs + DAILY_MS - f.nowMs;
  return due <= 0 ? { check: true } : { check: false, reason: 'checked within the last day', nextInMs: due };
}

export type RestartDecision = { restart: true } | { restart: false; reason: string; waitForDecisions: boolean };

export function canRestart(state: UpdateState, decisionsInFlight: number): RestartDecision {
  if (state.kind !== 'ready') return { restart: false, reason: 'no update is ready', waitForDecisions: false };
  if (decisionsInFlight > 0)
    return {
      restart: false,
      reason: 'an after-sales decision is being sent; the app restarts when it is done',
      waitForDecisions: true,
    };
  return { restart: true };
}

/** The words the tray, the menu and About show for a state. */
export function updateLabel(state: UpdateState): string {
  switch (state.kind) {
    case 'ready':
      return `Restart to update (${state.version})`;
    case 'downloading':
      return `Downloading update ${state.version}… ${Math.round(state.percent)}%`;
    case 'checking':
      return 'Checking for updates…';
    case 'up-to-date':
      return 'Merchant Desk is up to date';
    case 'failed':
      return `Update check failed: ${state.message}`;
    case 'off':
      return `Updates: ${state.reason}`;
    case 'idle':
      return 'Check for updates';
  }
}
