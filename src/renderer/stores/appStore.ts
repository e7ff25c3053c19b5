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

/** Index rows: comfortable (44 px) or compact (40 px). */
export type Density = 'comfortable' | 'compact';
const DENSITY_KEY = 'merchant-desk.density';

function savedDensity(): Density {
  try {
    return window.localStorage.getItem(DENSITY_KEY) === 'compact' ? 'compact' : 'comfortable';
  } catch {
    return 'comfortable';
  }
}

interface AppStore {
  info: RequestState<IpcData<'app:getInfo'>>;
  /** The host's life (core host restarts, `merchant-desk ui` stopped); null until the host says anything. */
  host: IpcEventPayload<'host:state'> | null;
  /** Light/dark: the OS's unless the merchant chose one (kept in this browser profile's local storage). */
  theme: ThemeChoice;
  /** The lists' row height (kept like the theme). */
  density: Density;
  /** The app's own update (checking, downloading, ready to restart, off and why). */
  updates: RequestState<IpcData<'app:updates'>>;
  /** What the last "Restart to update" did: at once, or waiting for a decision being sent. */
  restart: IpcData<'app:updateAction'>['restart'];
  loadInfo(): Promise<void>;
  loadUpdates(): Promise<void>;
  /** The host's push event: the update moved on. */
  setUpdates(state: IpcEventPayload<'app:updates'>): void;
  /** "Check for updates" / "Restart to update". */
  updateAction(action: 'check' | 'restart'): Promise<void>;
  setHost(state: IpcEventPayload<'host:state'>): void;
  setTheme(theme: ThemeChoice): void;
  setDensity(density: Density): void;
}

/** Facts about the running app and its host, and the appearance. */
export const useAppStore = create<AppStore>((set, get) => ({
  info: idleState(),
  host: null,
  theme: savedTheme(),
  density: savedDensity(),
  updates: idleState(),
  restart: null,
  async loadInfo() {
    set({ info: loadingState(get().info) });
    const answer = await invoke('app:getInfo');
    set({ info: settledState(get().info, answer) });
  },
  async loadUpdates() {
    set({ updates: loadingState(get().updates) });
    const answer = await invoke('app:updates');
    set({ updates: settledState(get().updates, answer) });
  },
  setUpdates(state) {
    set({ updates: { status: 'ready', data: state, error: null } });
  },
  async updateAction(action) {
    set({ updates: loadingState(get().updates), restart: null });
    const answer = await invoke('app:updateAction', { action });
    if (answer.ok)
      set({ updates: { status: 'ready', data: answer.data.state, error: null }, restart: answer.data.restart });
    else set({ updates: settledState(get().updates, answer) });
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
  setDensity(density) {
    try {
      if (density === 'comfortable') window.localStorage.removeItem(DENSITY_KEY);
      else window.localStorage.setItem(DENSITY_KEY, density);
    } catch {
      // As the theme: this page only.
    }
    set({ density });
  },
}));
