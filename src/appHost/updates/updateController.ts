import { canRestart, shouldCheck, START_DELAY_MS, type UpdateState } from './updatePolicy';
import type { UpdaterPort } from './updaterPort';

export interface UpdateControllerPorts {
  updater: UpdaterPort;
  /** The merchant's setting (on by default). */
  enabled(): boolean;
  /** Why this build cannot update itself, or null. */
  unsupported: string | null;
  /** After-sales decisions being sent right now (the IPC layer counts them). */
  decisionsInFlight(): number;
  /** Resolves when no decision is in flight any more. */
  whenNoDecisionInFlight(): Promise<void>;
  now(): number;
  setTimer(fn: () => void, ms: number): { cancel(): void };
  /** The tray, the menu and About follow the state. */
  onState(state: UpdateState): void;
  log(line: string): void;
}

/** Check at start and daily, download in the background, restart only when allowed (updatePolicy.ts). */
export function createUpdateController(ports: UpdateControllerPorts) {
  let state: UpdateState = ports.unsupported ? { kind: 'off', reason: ports.unsupported } : { kind: 'idle' };
  let lastCheckMs: number | null = null;
  let timer: { cancel(): void } | undefined;
  let restartPending = false;
  const set = (next: UpdateState) => {
    state = next;
    ports.onState(state);
  };

  ports.updater.on('update-available', ({ version }) => set({ kind: 'downloading', version, percent: 0 }));
  ports.updater.on('download-progress', ({ percent }) => {
    if (state.kind === 'downloading') set({ ...state, percent });
  });
  ports.updater.on('update-not-available', () => set({ kind: 'up-to-date', checkedAtMs: ports.now() }));
  ports.updater.on('update-downloaded', ({ version }) => {
    set({ kind: 'ready', version });
    ports.log(`[update] ${version} downloaded: "Restart to update" is offered`);
  });
  ports.updater.on('error', ({ message }) => {
    set({ kind: 'failed', message });
    ports.log(`[update] ${message}`);
  });

  const schedule = (ms: number) => {
    timer?.cancel();
    timer = ports.setTimer(() => void check(), ms);
  };

  async function check(): Promise<UpdateState> {
    const decision = shouldCheck(
      { enabled: ports.enabled(), unsupported: ports.unsupported, lastCheckMs, nowMs: ports.now() },
      state,
    );
    if (!decision.check) {
      if (!ports.enabled() && state.kind !== 'ready') set({ kind: 'off', reason: decision.reason });
      if (decision.nextInMs !== null) schedule(decision.nextInMs);
      return state;
    }
    lastCheckMs = ports.now();
    set({ kind: 'checking' });
    try {
      await ports.updater.checkForUpdates();
    } catch (e) {
      set({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
    schedule(24 * 60 * 60 * 1000);
    return state;
  }

  return {
    state: () => state,
    /** The first check a little after start, then daily. */
    start(): void {
      if (!ports.unsupported) schedule(START_DELAY_MS);
    },
    /** "Check for updates" (menu, About): a check now, unless one ran within the day. */
    checkNow: () => check(),
    /** "Restart to update": now if allowed, else once the decision in flight is done. */
    async restart(): Promise<'restarting' | 'waiting' | 'nothing-ready'> {
      const d = canRestart(state, ports.decisionsInFlight());
      if (d.restart) {
        ports.updater.quitAndInstall();
        return 'restarting';
      }
      if (!d.waitForDecisions) return 'nothing-ready';
      if (!restartPending) {
        restartPending = true;
        ports.log(`[update] ${d.reason}`);
        void ports.whenNoDecisionInFlight().then(() => {
          restartPending = false;
          if (canRestart(state, ports.decisionsInFlight()).restart) ports.updater.quitAndInstall();
        });
      }
      return 'waiting';
    },
    stop: () => timer?.cancel(),
  };
}
