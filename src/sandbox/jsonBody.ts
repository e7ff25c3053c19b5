/**
 * Request-body JSON parsing that keeps 64-bit integer IDs exact. A JSON number under the keys `id`, `buyerId`
 * or `orderId` becomes a JsonInteger holding the number's source text, so 1234567890123456789 is never rounded
 * through a JS number (uses the reviver's `context.source`, Node 21+).
 */

/** A JSON number literal kept as its exact source text (e.g. "1234567890123456789", or "1.5" if that was sent). */
export class JsonInteger {
  constructor(readonly source: string) {}
}

const PRECISE_KEYS = new Set(['id', 'buyerId', 'orderId']);

type SourceReviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown;

const keepIdsExact: SourceReviver = (key, value, context) => {
  if (typeof value === 'number' && PRECISE_KEYS.has(key) && typeof context?.source === 'string') {
    return new JsonInteger(context.source);
  }
  return value;
};

/** JSON.parse with exact IDs. Throws SyntaxError on invalid JSON. */
export function parseJsonKeepingIds(text: string): unknown {
  return JSON.parse(text, keepIdsExact as unknown as (this: unknown, key: string, value: unknown) => unknown);
}

/** True for `application/json`, with or without parameters such as `; charset=utf-8`. */
export function isJsonContentType(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  return header.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

export type JsonObjectResult = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

/** The body as a JSON object, or why it is not one (the reason goes into a 10002 message). */
export function readJsonObject(contentType: string | string[] | undefined, text: string): JsonObjectResult {
  if (!isJsonContentType(contentType)) {
    return {
      ok: false,
      reason: `Content-Type must be application/json (got ${contentType === undefined ? 'none' : JSON.stringify(contentType)})`,
    };
  }
  if (text.trim() === '') return { ok: false, reason: 'request body is empty (send a JSON object, e.g. {})' };
  let value: unknown;
  try {
    value = parseJsonKeepingIds(text);
  } catch (e) {
    return { ok: false, reason: `body is not valid JSON (${(e as Error).message})` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, reason: 'body must be a JSON object' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
