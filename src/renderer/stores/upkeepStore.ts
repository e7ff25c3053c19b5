import { create } from 'zustand';
import type { z } from 'zod';
import type { IpcError } from '../../shared/ipc/result';
import type { upkeepReportSchema } from '../../shared/ipc/upkeep';
import { invoke } from '../ipc';

/** How the upkeep stands: a `cache:upkeep` event's report, or `orders:upkeepState`'s answer. */
export type UpkeepReport = z.output<typeof upkeepReportSchema>;

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
  /** A `cache:upkeep` push event of the active profile (its report; the profile was checked by the caller). */
  apply(report: UpkeepReport): void;
  /**
   * Asks the host how the upkeep stands (`orders:upkeepState`): a page opened after its events went by (a reload, a
   * second browser tab) still shows a running upkeep or damaged orders. An event that arrives meanwhile wins.
   */
  load(): Promise<void>;
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

/** Counts what changed the store (a report, a dismissal, a reset): an answer to `load` older than any is dropped. */
let changes = 0;

/**
 * The background upkeep of the active profile's cache (the `cache:upkeep` events: convert, read every order back,
 * check the file; minutes at a million orders). A clean finish leaves nothing to show; damaged orders or a failed
 * check stay until dismissed; a cancel the merchant asked for is said once.
 */
export const useUpkeepStore = create<UpkeepStore>((set, get) => ({
  ...initial,
  apply(report) {
    changes += 1;
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
  async load() {
    const before = changes;
    const answer = await invoke('orders:upkeepState');
    // Not worth a message: the events still bring the next report.
    if (!answer.ok || answer.data.report === null || changes !== before) return;
    // A cancelled end read later is not news (the toast is for the merchant's own Cancel, said by the page that sent it).
    if (answer.data.report.state === 'cancelled') return;
    get().apply(answer.data.report);
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
    changes += 1;
    set({ shown: null });
  },
  noticed() {
    set({ stoppedByMerchant: false });
  },
  reset() {
    changes += 1;
    set({ ...initial });
  },
}));

/** A running step's share done, 0–1; null when the step has no measure (the file compacted in one go). */
export function upkeepFraction(report: Pick<UpkeepReport, 'done' | 'total'>): number | null {
  if (report.total <= 1) return null;
  return Math.min(1, report.done / report.total);
}
