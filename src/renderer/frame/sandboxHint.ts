/**
 * Whether the last start showed the sandbox's banner, kept in local storage so the next start's first frame has it
 * in place. The banner depends on the profiles and the app's info, which are read after the first frame is painted
 * (afterPaint.ts); without this copy every start over the sandbox drew the frame, then pushed everything under the
 * banner down by its height (37 px) a moment later — as a merchant moved to click a row. As the language's copy
 * (localeStore.ts): shown only until the reads answer, which then decide and update it.
 */
const HINT_KEY = 'merchant-desk.sandbox-banner';

export function lastShownSandbox(): boolean {
  try {
    return window.localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberSandbox(shown: boolean): void {
  try {
    window.localStorage.setItem(HINT_KEY, shown ? '1' : '0');
  } catch {
    // No storage (a locked-down profile): the next start draws the banner when the reads answer, as before.
  }
}
