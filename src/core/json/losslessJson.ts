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

/** A bare integer after one of the ID keys; only then does parsing need the (slower) source-text reviver. */
const BARE_INTEGER_ID = /"(?:id|buyerId|userId|orderId)"\s*:\s*-?\d/;

export function parseJsonKeepingIds(text: string, idKeys: ReadonlySet<string> = ID_KEYS): unknown {
  // Fast path: the platform sends IDs as strings, so usually no value needs its source text. A key spelled with
  // \u escapes could hide from the pattern, so any escape sends the text down the exact path too.
  if (idKeys === ID_KEYS && !BARE_INTEGER_ID.test(text) && !text.includes('\\u')) return JSON.parse(text);
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
  // JSON forbids leading zeros: "0123" would make the body unparseable.
  if (!/^(0|[1-9]\d*)$/.test(digits)) throw new TypeError(`not a canonical decimal integer: ${digits}`);
  return (JSON as unknown as JsonWithRaw).rawJSON(digits);
}
