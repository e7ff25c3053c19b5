import { useEffect } from 'react';
import { translate } from '../../i18n/t';
import { addLeaveGuard } from '../../router';

/**
 * While `dirty`, leaving the screen (a link, the palette, Back) asks first, and closing or reloading the window gets
 * the browser's own warning: unsaved settings are not lost silently.
 */
export function useLeaveWarning(dirty: boolean, what: string): void {
  // `what` is the section's name in the language shown; the question is worded when it is asked.
  useEffect(() => {
    if (!dirty) return;
    const removeGuard = addLeaveGuard(() => window.confirm(translate('settings.leaveQuestion', { section: what })));
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      removeGuard();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, what]);
}
