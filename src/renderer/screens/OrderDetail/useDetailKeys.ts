import { useEffect } from 'react';

/** Keys that belong to the field or control the merchant is in, not to the screen. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The detail's keys: j next order, k previous, Esc back to the list. Not while typing, with a modifier held, or
 * while a dialog is open (its Esc closes the dialog only).
 */
export function useDetailKeys(actions: { next: () => void; prev: () => void; back: () => void }): void {
  const { next, prev, back } = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      // A native <dialog> or a Radix one (the lightbox): its keys are its own.
      if (typingIn(e.target) || document.querySelector('dialog[open], [role="dialog"][data-state="open"]')) return;
      if (e.key === 'j') next();
      else if (e.key === 'k') prev();
      else if (e.key === 'Escape') back();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [next, prev, back]);
}
