import { useEffect } from 'react';
import { isTyping } from './shortcuts';

/** Ctrl/Cmd+K opens the palette from anywhere; `?` opens the help sheet unless the merchant is typing. */
export function useGlobalShortcuts(actions: { palette: () => void; help: () => void }): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        actions.palette();
      } else if (e.key === '?' && !e.ctrlKey && !e.metaKey && !isTyping(e.target)) {
        e.preventDefault();
        actions.help();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);
}
