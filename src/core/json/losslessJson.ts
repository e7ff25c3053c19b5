/**
 * JSON helpers that never pass a 64-bit integer through a JS number.
 *
 * Parsing: the platform sends order and buyer IDs as strings, but its product, SKU, category and brand IDs as
 * JSON integers, which may exceed 2^53. When the text holds an integer long enough to, one regular-expression pass
 * puts quotes around a bare integer that follows one of the `INTEGER_TEXT_KEYS`, so it arrives as its exact decimal
 * text and the native parser does everything else (no reviver: a reviver costs a call per value and recurses, so deep
 * nesting overflowed the stack). A key spelled with \u escapes escapes the pass; its value stays a number, and
 * the order validator refuses such a number when it is beyond 2^53 (see orderDecoding.ts).
 * Writing: request IDs are integers in the JSON body; `integerLiteral` wraps a decimal string with JSON.rawJSON
 * so JSON.stringify writes its digits verbatim.
 */

/** Keys whose integer values are kept as decimal text when parsing (every ID-like integer field of the spec). */
export const INTEGER_TEXT_KEYS: readonly string[] = [
  'id',
  'buyerId',
  'userId',
  'orderId',
  'productSpuId',
  'productSkuId',
  'categoryId3',
  'brandId',
];

/**
 * `"key": 123` where the key's opening quote follows `{` or `,` (so it is a key token, not text inside a string:
 * inside a string every quote is escaped) and the integer ends the value (not 1.5, not 1e3).
 */
const BARE_INTEGER = new RegExp(
  `([{,][ \\t\\n\\r]*"(?:${INTEGER_TEXT_KEYS.join('|')})"[ \\t\\n\\r]*:[ \\t\\n\\r]*)(-?\\d+)(?=[ \\t\\n\\r]*[,}\\]])`,
  'g',
);

/** The text with every bare integer after an INTEGER_TEXT_KEYS key quoted (unchanged when there is none). */
export function quoteBareIntegers(text: string): string {
  return text.replace(BARE_INTEGER, '$1"$2"');
}

/**
 * A bare integer of 16 or more digits: only such a number can be beyond 2^53 (a shorter one is exact as a JS
 * number, and the order validator turns an ID-like one into its decimal text).
 */
const LONG_BARE_INTEGER = /[:,[][ \t\n\r]*-?\d{16}/;

/** JSON.parse with ID-like integers kept as exact decimal strings. Throws SyntaxError on invalid JSON. */
export function parseJsonKeepingIds(text: string): unknown {
  // The quoting pass copies the text; most pages need none of it (one scan tells).
  return JSON.parse(LONG_BARE_INTEGER.test(text) ? quoteBareIntegers(text) : text);
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
