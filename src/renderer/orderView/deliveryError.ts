/**
 * The platform does not document the inside of `deliveryErrorInfo` (the sandbox sends `{errorCode, errorMessage,
 * occurredAt}`). The detail shows its type, description, time and screenshot URLs under whichever of the usual
 * names carries them, and every other field as it came, so nothing the platform says is hidden.
 */
export interface DeliveryErrorView {
  type: string | null;
  description: string | null;
  time: string | null;
  /** Every URL-looking string found in the object (https or not: the image guard decides what is loaded). */
  imageUrls: string[];
  /** The remaining fields: name and text as sent (objects as JSON). */
  other: [string, string][];
}

const TYPE_KEYS = ['errorType', 'type', 'errorCode', 'code'];
const DESCRIPTION_KEYS = ['errorMessage', 'description', 'errorDescription', 'message', 'reason', 'msg'];
const TIME_KEYS = ['occurredAt', 'errorTime', 'createTime', 'time'];

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;

function urlsIn(value: unknown): string[] | null {
  if (typeof value === 'string') return /^[a-z][a-z0-9+.-]*:/i.test(value.trim()) ? [value] : null;
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value as string[];
  return null;
}

export function readDeliveryError(info: Record<string, unknown>): DeliveryErrorView {
  const view: DeliveryErrorView = { type: null, description: null, time: null, imageUrls: [], other: [] };
  const used = new Set<string>();
  const take = (keys: string[]): string | null => {
    for (const key of keys) {
      const value = text(info[key]);
      if (value !== null && value !== '') {
        used.add(key);
        return value;
      }
    }
    return null;
  };
  view.type = take(TYPE_KEYS);
  view.description = take(DESCRIPTION_KEYS);
  view.time = take(TIME_KEYS);
  for (const [key, value] of Object.entries(info)) {
    if (used.has(key)) continue;
    const urls = /url|image|screenshot|picture|photo/i.test(key) ? urlsIn(value) : null;
    if (urls) {
      view.imageUrls.push(...urls);
      continue;
    }
    if (value === null || value === undefined) continue;
    view.other.push([key, text(value) ?? JSON.stringify(value)]);
  }
  return view;
}
