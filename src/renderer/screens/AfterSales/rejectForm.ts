import { translate as t } from '../../i18n/t';
import type { Decision } from '../../stores/decisionFlow';

/**
 * Problems are worded in the app's language at the time of the check.
 *
 * The reject form's rules, as pure functions. The platform states no limit on the reason's length or the number of
 * evidence images (docs/PLATFORM-API.md), so none is invented: its refusal, if any, is shown as it comes.
 */

export function reasonProblem(reason: string): string | null {
  return reason.trim() === '' ? t('afterSales.reject.noReason') : null;
}

/**
 * Why a typed evidence image address cannot be added, or null when it can (an empty field has no problem yet).
 * https only: the images are shown here as thumbnails, and the page loads images from https: alone.
 */
export function evidenceUrlProblem(text: string, added: readonly string[]): string | null {
  const value = text.trim();
  if (value === '') return null;
  if (/\s/.test(value)) return t('afterSales.evidence.spaces');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return t('afterSales.evidence.notUrl');
  }
  if (url.protocol !== 'https:') return t('afterSales.evidence.notHttps', { protocol: url.protocol });
  if (url.hostname === '') return t('afterSales.evidence.noHost');
  if (url.username !== '' || url.password !== '') return t('afterSales.evidence.credentials');
  if (added.includes(value)) return t('afterSales.evidence.duplicate');
  return null;
}

/** The list with the item at `index` moved by `delta` places (unchanged when it cannot move). */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** The decision the form sends: the reason trimmed, the images in the order shown. */
export function rejectDecision(orderId: string, reason: string, urls: readonly string[]): Decision {
  return { orderId, isApproved: false, rejectDescription: reason.trim(), rejectImageUrls: [...urls] };
}
