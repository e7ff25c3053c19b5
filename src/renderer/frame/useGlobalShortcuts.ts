import { useEffect } from 'react';
import { focusSearch } from './screenFocus';
import { isTyping } from './shortcuts';

/**
 * Ctrl/Cmd+K opens the palette from anywhere; `?` opens the help sheet and `/` focuses the screen's search (the
 * orders search on a screen without one) unless the merchant is typing.
 */
export function useGlobalShortcuts(actions: { palette: () => void; help: () => void }): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        actions.palette();
      } else if (e.key === '?' && !e.ctrlKey && !e.metaKey && !isTyping(e.target)) {
        e.preventDefault();
        actions.help();
      } else if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)) {
        if (e.target instanceof HTMLElement && e.target.closest('dialog[open]')) return;
        e.preventDefault();
        focusSearch();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);
}
