import { create } from 'zustand';

/** A short message about something that has just happened (an export written, a download started). */
export interface ToastItem {
  id: number;
  message: string;
  tone: 'success' | 'info' | 'critical';
}

/** At most this many toasts at once: a burst of results shows the latest, not a tower. */
const MAX_SHOWN = 3;

interface ToastStore {
  toasts: ToastItem[];
  show(message: string, tone?: ToastItem['tone']): void;
  dismiss(id: number): void;
}

let next = 1;

/** The toasts on screen (components/ui/Toast.tsx shows them; any screen adds one through `showToast`). */
export const useToastStore = create<ToastStore>((set, get) => ({
  toasts: [],
  show(message, tone = 'success') {
    set({ toasts: [...get().toasts, { id: next++, message, tone }].slice(-MAX_SHOWN) });
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

export const showToast = (message: string, tone?: ToastItem['tone']) => useToastStore.getState().show(message, tone);
