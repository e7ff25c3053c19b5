/**
 * JSON helpers that never pass a 64-bit ID through a JS number.
 *
 * Parsing: the platform sends IDs as strings, but a tolerant client also accepts them as bare integers; the
 * reviver's source-text access (Node >= 21) returns such integers as their exact decimal text.
 * Writing: request IDs are integers in the JSON body; `integerLiteral` wraps a decimal string with JSON.rawJSON
 * so JSON.stringify writes its digits verbatim.
 */

/** Keys whose integer values are kept as decimal strings when parsing. */
export const ID_KEYS: ReadonlySet<string> = new Set(['id', 'buyerId', 'userId', 'orderId']);

type SourceReviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown;

export function parseJsonKeepingIds(text: string, idKeys: ReadonlySet<string> = ID_KEYS): unknown {
  const reviver: SourceReviver = (key, value, context) =>
    typeof value === 'number' && idKeys.has(key) && context?.source !== undefined && /^-?\d+$/.test(context.source)
      ? context.source
      : value;
  return JSON.parse(text, reviver as (this: unknown, key: string, value: unknown) => unknown);
}

interface JsonWithRaw {
  rawJSON(text: string): unknown;
}

/** A JSON integer literal with exactly these digits, for JSON.stringify. `digits` must be a validated decimal. */
export function integerLiteral(digits: string): unknown {
  if (!/^\d+$/.test(digits)) throw new TypeError(`not a decimal integer: ${digits}`);
  return (JSON as unknown as JsonWithRaw).rawJSON(digits);
}
