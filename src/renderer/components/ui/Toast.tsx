import * as RadixToast from '@radix-ui/react-toast';
import { CircleCheck, Info, OctagonAlert, X, type LucideIcon } from 'lucide-react';
import { useT } from '../../i18n/t';
import { useToastStore, type ToastItem } from '../../stores/toastStore';

const ICONS: Record<ToastItem['tone'], LucideIcon> = { success: CircleCheck, info: Info, critical: OctagonAlert };

/** How long a toast stays (Radix pauses the timer while it is hovered or focused, and while the window is away). */
const DURATION_MS = 6000;

/**
 * The app's toasts, mounted once by the frame; screens add one with `showToast(message)`. Radix Toast rather than a
 * hand-made live region: it announces each toast politely (critical ones assertively) without moving focus, pauses
 * the timer on hover, focus and a hidden window, gives F8 to reach the toasts from the keyboard and Escape or a swipe
 * to dismiss — each a detail a hand-written region tends to miss — and it injects no <style> (the CSP's rule).
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const t = useT();
  return (
    <RadixToast.Provider duration={DURATION_MS} label={t('toast.label')}>
      {toasts.map((item) => {
        const Icon = ICONS[item.tone];
        return (
          <RadixToast.Root
            key={item.id}
            className={`toast toast-${item.tone}`}
            type={item.tone === 'critical' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) useToastStore.getState().dismiss(item.id);
            }}
          >
            <Icon className="toast-icon" size={16} aria-hidden="true" />
            <RadixToast.Description className="toast-message">{item.message}</RadixToast.Description>
            <RadixToast.Close className="toast-close" aria-label={t('toast.label')}>
              <X size={14} aria-hidden="true" />
            </RadixToast.Close>
          </RadixToast.Root>
        );
      })}
      <RadixToast.Viewport className="toast-viewport" label={t('toast.viewport', { hotkey: 'F8' })} />
    </RadixToast.Provider>
  );
}
