import { useEffect } from 'react';
import { addLeaveGuard } from '../../router';

/**
 * While `dirty`, leaving the screen (a link, the palette, Back) asks first, and closing or reloading the window gets
 * the browser's own warning: unsaved settings are not lost silently.
 */
export function useLeaveWarning(dirty: boolean, what: string): void {
  useEffect(() => {
    if (!dirty) return;
    const removeGuard = addLeaveGuard(() =>
      window.confirm(`Your changes to ${what} are not saved. Leave without saving them?`),
    );
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      removeGuard();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, what]);
}
