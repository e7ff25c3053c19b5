import { create } from 'zustand';
import type { IpcData } from '../../shared/ipc/contract';
import { invoke } from '../ipc';
import { checkItemId } from '../orderView/itemId';
import { idleState, loadingState, settledState, type RequestState } from '../state/requestState';

type SavedBuyers = IpcData<'buyers:listSaved'>['buyers'];
type Copied = IpcData<'buyers:copyLoginLink'>;

interface OrderLoginLinkStore {
  saved: RequestState<SavedBuyers>;
  copy: RequestState<Copied>;
  /** Why the item ID was not sent (checked before anything leaves the page); null when it is fine. */
  itemIdProblem: string | null;
  loadSaved(): Promise<void>;
  /**
   * Asks the host for a fresh login link of a saved buyer to an item and to copy it (the page never sees the link
   * or its code). The item ID is checked first; a second click while one is under way sends nothing.
   */
  copyLink(merchantUserNo: string, itemIdText: string): Promise<void>;
  /** Another order opened: forget the last copy and problem. */
  reset(): void;
}

/** "Copy login link for this buyer" on the order detail: the saved buyers to match, and the last copy. */
export const useOrderLoginLinkStore = create<OrderLoginLinkStore>((set, get) => ({
  saved: idleState(),
  copy: idleState(),
  itemIdProblem: null,
  async loadSaved() {
    set({ saved: loadingState(get().saved) });
    const answer = await invoke('buyers:listSaved');
    set({ saved: settledState(get().saved, answer.ok ? { ok: true, data: answer.data.buyers } : answer) });
  },
  async copyLink(merchantUserNo, itemIdText) {
    if (get().copy.status === 'loading') return;
    const itemId = checkItemId(itemIdText);
    if (!itemId.ok) {
      set({ itemIdProblem: itemId.message });
      return;
    }
    set({ itemIdProblem: null, copy: { status: 'loading', data: null, error: null } });
    const answer = await invoke('buyers:copyLoginLink', { merchantUserNo, itemId: itemId.value });
    set({
      copy: answer.ok
        ? { status: 'ready', data: answer.data, error: null }
        : { status: 'failed', data: null, error: answer.error },
    });
  },
  reset() {
    set({ copy: idleState(), itemIdProblem: null });
  },
}));
