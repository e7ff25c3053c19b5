import { translate } from '../../i18n/t';

/** The poll interval as people set it (minutes), over the seconds the profile stores (15 s to one day). */
export const POLL_MIN_SECONDS = 15;
export const POLL_MAX_SECONDS = 86_400;

/** "1" for 60 s, "1.5" for 90 s, "0.25" for 15 s. */
export function minutesText(seconds: number): string {
  return String(Math.round((seconds / 60) * 1000) / 1000);
}

/** The seconds of what was typed, or why it is not an interval ("1,5" is read as 1.5). */
export function secondsOfMinutes(text: string): { ok: true; seconds: number } | { ok: false; problem: string } {
  const minutes = Number(text.trim().replace(',', '.'));
  const seconds = Math.round(minutes * 60);
  if (text.trim() === '' || !Number.isFinite(minutes) || seconds < POLL_MIN_SECONDS || seconds > POLL_MAX_SECONDS)
    return {
      ok: false,
      problem: translate('general.pollRange', {
        min: minutesText(POLL_MIN_SECONDS),
        max: String(POLL_MAX_SECONDS / 60),
      }),
    };
  return { ok: true, seconds };
}
