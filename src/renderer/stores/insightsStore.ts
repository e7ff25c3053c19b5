import { create } from 'zustand';
import type { IpcData, IpcRequest } from '../../shared/ipc/contract';
import { invoke } from '../ipc';
import { idleState, loadingState, settledState, type RequestState } from '../state/requestState';

export type Insights = IpcData<'insights:get'>;
export type InsightsRequest = IpcRequest<'insights:get'>;

/** The zone the page reads days in: the Orders screen's created-day filters use the same (the browser's). */
export const pageTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

interface InsightsStore {
  /** The Insights screen's figures, and the Home overview's (today, and 30 days for the sparkline). */
  screen: RequestState<Insights>;
  today: RequestState<Insights>;
  month: RequestState<Insights>;
  load(which: 'screen' | 'today' | 'month', request: Omit<InsightsRequest, 'timeZone'>): Promise<void>;
}

/** Insights of the active profile (`insights:get`): one request state per view; only the latest answer is kept. */
export const useInsightsStore = create<InsightsStore>((set, get) => {
  const seq = { screen: 0, today: 0, month: 0 };
  return {
    screen: idleState(),
    today: idleState(),
    month: idleState(),
    async load(which, request) {
      const n = ++seq[which];
      set({ [which]: loadingState(get()[which]) } as Partial<InsightsStore>);
      const answer = await invoke('insights:get', { ...request, timeZone: pageTimeZone() });
      if (n !== seq[which]) return;
      set({ [which]: settledState(get()[which], answer) } as Partial<InsightsStore>);
    },
  };
});

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD` of a local date. */
export const localDayText = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The local day `days` before today (0: today). */
export function daysAgo(days: number, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return localDayText(d);
}
