import { create } from 'zustand';
import type { IpcData } from '../../shared/ipc/contract';
import type { IpcError } from '../../shared/ipc/result';
import { invoke } from '../ipc';
import { idleState, loadingState, settledState, type RequestState } from '../state/requestState';

type SavedBuyers = IpcData<'buyers:listSaved'>;
export type SavedBuyer = SavedBuyers['buyers'][number];

/** What happened to the last login link of a buyer (the link itself never reaches the page). */
export type LinkState =
  | { status: 'working' }
  | { status: 'copied'; clearsAtMs: number | null; notClearedReason: string | null }
  | { status: 'opened' }
  | { status: 'failed'; how: 'copy' | 'open'; error: IpcError };

export type SyncState =
  { status: 'working' } | { status: 'synced'; userId: string } | { status: 'failed'; error: IpcError };

interface BuyersStore {
  saved: RequestState<SavedBuyers>;
  /** The answer of the last save/remove, when it failed. */
  saveError: IpcError | null;
  /** Per user number: the last "Sync to platform". */
  syncs: Record<string, SyncState>;
  /** The last login link made, under its buyer's user number (only one: an older outcome is not left standing). */
  links: Record<string, LinkState>;
  load(): Promise<void>;
  save(buyer: SavedBuyer): Promise<boolean>;
  remove(merchantUserNo: string): Promise<boolean>;
  syncToPlatform(buyer: SavedBuyer): Promise<void>;
  /** A fresh single-use link each time (never reused): copied by the host, or opened in the system browser. */
  loginLink(merchantUserNo: string, itemId: string, how: 'copy' | 'open'): Promise<void>;
  reset(): void;
}

export const useBuyersStore = create<BuyersStore>((set, get) => ({
  saved: idleState(),
  saveError: null,
  syncs: {},
  links: {},
  async load() {
    set({ saved: loadingState(get().saved) });
    const answer = await invoke('buyers:listSaved');
    set({ saved: settledState(get().saved, answer) });
  },
  async save(buyer) {
    const answer = await invoke('buyers:save', buyer);
    if (!answer.ok) {
      set({ saveError: answer.error });
      return false;
    }
    set({ saveError: null, saved: { status: 'ready', data: answer.data, error: null } });
    return true;
  },
  async remove(merchantUserNo) {
    const answer = await invoke('buyers:remove', { merchantUserNo });
    if (!answer.ok) {
      set({ saveError: answer.error });
      return false;
    }
    const { [merchantUserNo]: _sync, ...syncs } = get().syncs;
    const { [merchantUserNo]: _link, ...links } = get().links;
    set({ saveError: null, saved: { status: 'ready', data: answer.data, error: null }, syncs, links });
    return true;
  },
  async syncToPlatform(buyer) {
    const key = buyer.merchantUserNo;
    if (get().syncs[key]?.status === 'working') return;
    set({ syncs: { ...get().syncs, [key]: { status: 'working' } } });
    const answer = await invoke('buyers:sync', buyer);
    set({
      syncs: {
        ...get().syncs,
        [key]: answer.ok ? { status: 'synced', userId: answer.data.userId } : { status: 'failed', error: answer.error },
      },
    });
  },
  async loginLink(merchantUserNo, itemId, how) {
    // A click while a link is being made does nothing: each click otherwise spends one authorization code.
    if (get().links[merchantUserNo]?.status === 'working') return;
    // The last link's outcome replaces every earlier one: a failure does not linger beside a later success.
    set({ links: { [merchantUserNo]: { status: 'working' } } });
    let state: LinkState;
    if (how === 'copy') {
      const answer = await invoke('buyers:copyLoginLink', { merchantUserNo, itemId });
      state = answer.ok
        ? {
            status: 'copied',
            clearsAtMs: answer.data.clearsAt === null ? null : Date.parse(answer.data.clearsAt),
            notClearedReason: answer.data.notClearedReason ?? null,
          }
        : { status: 'failed', how, error: answer.error };
    } else {
      const answer = await invoke('buyers:openLoginLink', { merchantUserNo, itemId });
      state = answer.ok ? { status: 'opened' } : { status: 'failed', how, error: answer.error };
    }
    set({ links: { [merchantUserNo]: state } });
  },
  reset() {
    set({ saved: idleState(), saveError: null, syncs: {}, links: {} });
  },
}));
