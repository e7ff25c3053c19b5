import { create } from 'zustand';
import type { IpcEventPayload } from '../../shared/ipc/events';
import type { IpcError } from '../../shared/ipc/result';
import { invoke } from '../ipc';

export type UpkeepReport = IpcEventPayload<'cache:upkeep'>;

interface UpkeepStore {
  /**
   * What the frame shows of the active profile's cache upkeep: the running step, or an end worth telling (damaged
   * orders found, the check failed). Null: nothing to show — none reported yet, a clean finish, or dismissed.
   */
  shown: UpkeepReport | null;
  /** The merchant pressed Cancel; the upkeep has not reported its end yet. */
  cancelling: boolean;
  /** The upkeep ended because the merchant pressed Cancel (said once by the frame, then cleared by `noticed`). */
  stoppedByMerchant: boolean;
  /** The cancel could not be sent (the host's answer). */
  cancelError: IpcError | null;
  /** A `cache:upkeep` push event of the active profile. */
  apply(report: UpkeepReport): void;
  /** Asks the host to stop the upkeep after its current step (`orders:cancelUpkeep`). */
  cancel(): Promise<void>;
  /** The merchant closed the finished upkeep's notice. */
  dismiss(): void;
  /** The frame has said that the upkeep stopped. */
  noticed(): void;
  /** Forget the previous profile's upkeep. */
  reset(): void;
}

const initial = { shown: null, cancelling: false, stoppedByMerchant: false, cancelError: null } as const;

/**
 * The background upkeep of the active profile's cache (the `cache:upkeep` events: convert, read every order back,
 * check the file; minutes at a million orders). A clean finish leaves nothing to show; damaged orders or a failed
 * check stay until dismissed; a cancel the merchant asked for is said once.
 */
export const useUpkeepStore = create<UpkeepStore>((set, get) => ({
  ...initial,
  apply(report) {
    switch (report.state) {
      case 'running':
        set({ shown: report });
        return;
      case 'done':
        set({ shown: report.damagedOrders > 0 ? report : null, cancelling: false });
        return;
      case 'failed':
        set({ shown: report, cancelling: false });
        return;
      case 'cancelled':
        // Cancelled by the merchant, or by the session closing (a profile switch, quitting): said only for the first.
        set({ shown: null, cancelling: false, stoppedByMerchant: get().cancelling });
        return;
    }
  },
  async cancel() {
    if (get().cancelling) return;
    set({ cancelling: true, cancelError: null });
    const answer = await invoke('orders:cancelUpkeep');
    if (!answer.ok) set({ cancelling: false, cancelError: answer.error });
    // None running any more (it ended meanwhile): its own last report says how.
    else if (!answer.data.cancelled) set({ cancelling: false });
  },
  dismiss() {
    set({ shown: null });
  },
  noticed() {
    set({ stoppedByMerchant: false });
  },
  reset() {
    set({ ...initial });
  },
}));

/** A running step's share done, 0–1; null when the step has no measure (the file compacted in one go). */
export function upkeepFraction(report: Pick<UpkeepReport, 'done' | 'total'>): number | null {
  if (report.total <= 1) return null;
  return Math.min(1, report.done / report.total);
}
