import { create } from 'zustand';
import type { IpcData } from '../../shared/ipc/contract';
import type { IpcEventPayload } from '../../shared/ipc/events';
import { invoke } from '../ipc';
import { idleState, loadingState, settledState, type RequestState } from '../state/requestState';

export type ThemeChoice = 'system' | 'light' | 'dark';
const THEME_KEY = 'merchant-desk.theme';

function savedTheme(): ThemeChoice {
  try {
    const saved = window.localStorage.getItem(THEME_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

interface AppStore {
  info: RequestState<IpcData<'app:getInfo'>>;
  /** The host's life (core host restarts, `merchant-desk ui` stopped); null until the host says anything. */
  host: IpcEventPayload<'host:state'> | null;
  /** Light/dark: the OS's unless the merchant chose one (kept in this browser profile's local storage). */
  theme: ThemeChoice;
  loadInfo(): Promise<void>;
  setHost(state: IpcEventPayload<'host:state'>): void;
  setTheme(theme: ThemeChoice): void;
}

/** Facts about the running app and its host, and the appearance. */
export const useAppStore = create<AppStore>((set, get) => ({
  info: idleState(),
  host: null,
  theme: savedTheme(),
  async loadInfo() {
    set({ info: loadingState(get().info) });
    const answer = await invoke('app:getInfo');
    set({ info: settledState(get().info, answer) });
  },
  setHost(host) {
    set({ host });
  },
  setTheme(theme) {
    try {
      if (theme === 'system') window.localStorage.removeItem(THEME_KEY);
      else window.localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Storage can be unavailable (private mode); the choice then lasts for this page only.
    }
    set({ theme });
  },
}));
