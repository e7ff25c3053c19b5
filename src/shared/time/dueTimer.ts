/**
 * One timer for the next due-state change: an order becomes due soon or overdue by the clock alone, with no platform
 * change, so whoever shows the attention queue (the Attention screen, the tray's count) sets a timer for the
 * queue's `nextChangeAt` and reads the queue again when it fires — instead of polling the clock. Re-arming replaces
 * the previous timer; a far instant is reached in steps (setTimeout holds at most about 24.8 days).
 */
export const MAX_TIMER_MS = 2_147_483_647;

export interface DueTimerPorts {
  /** Called once the instant has come (read the queue again; it answers the next instant). */
  onDue: () => void;
  now?: () => number;
}

export interface DueTimer {
  /** Waits for `nextChangeAt` (ISO instant, or epoch ms); null cancels. */
  arm(nextChangeAt: string | number | null): void;
  cancel(): void;
}

export function createDueTimer(ports: DueTimerPorts): DueTimer {
  const now = ports.now ?? Date.now;
  let handle: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (handle !== undefined) clearTimeout(handle);
    handle = undefined;
  };
  const wait = (atMs: number) => {
    const delay = atMs - now();
    if (delay > MAX_TIMER_MS) {
      handle = setTimeout(() => wait(atMs), MAX_TIMER_MS);
      return;
    }
    handle = setTimeout(
      () => {
        handle = undefined;
        ports.onDue();
      },
      Math.max(0, delay),
    );
  };
  return {
    arm(nextChangeAt) {
      cancel();
      if (nextChangeAt === null) return;
      const atMs = typeof nextChangeAt === 'number' ? nextChangeAt : Date.parse(nextChangeAt);
      if (Number.isFinite(atMs)) wait(atMs);
    },
    cancel,
  };
}
