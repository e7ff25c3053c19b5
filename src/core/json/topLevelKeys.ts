/**
 * Duplicate keys in a JSON object: JSON.parse keeps the last one silently, so `{"code":"10003",…,"code":"0000"}`
 * would read as success. The envelope's own keys are checked before its code is trusted.
 */

/** The first of `keys` that the top-level object of `text` holds more than once, or undefined. */
export function duplicateTopLevelKey(text: string, keys: readonly string[]): string | undefined {
  // Fast path: a key whose token occurs once in the whole text cannot be duplicated at the top — unless a key is
  // spelled with \u escapes, which only the full scan decodes. One regular-expression pass counts them all (a
  // search per key costs a scan of the whole page each).
  const suspects = text.includes('\\u') ? keys : keysOccurringTwice(text, keys);
  if (suspects.length === 0) return undefined;
  const seen = new Set<string>();
  for (const key of topLevelKeys(text)) {
    if (!suspects.includes(key)) continue;
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}

const tokenPatterns = new Map<string, RegExp>();

function keysOccurringTwice(text: string, keys: readonly string[]): string[] {
  const id = keys.join('\0');
  let pattern = tokenPatterns.get(id);
  if (!pattern) {
    pattern = new RegExp(`"(${keys.map((k) => k.replace(/[^\w]/g, '\\$&')).join('|')})"`, 'g');
    tokenPatterns.set(id, pattern);
  }
  const seen = new Set<string>();
  const twice: string[] = [];
  for (const m of text.matchAll(pattern)) {
    const key = m[1]!;
    if (!seen.has(key)) seen.add(key);
    else if (!twice.includes(key)) twice.push(key);
  }
  return twice;
}

/** The keys of the top-level object, in order, read from the raw text (escapes decoded by JSON.parse). */
function* topLevelKeys(text: string): Generator<string> {
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      i++;
      while (i < text.length) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i += 2;
        else if (d === 0x22) break;
        else i++;
      }
      const end = i + 1;
      i = end;
      if (depth !== 1) continue;
      let j = i;
      while (j < text.length && isJsonSpace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) === 0x3a /* : */) yield JSON.parse(text.slice(start, end)) as string;
      continue;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) depth++;
    else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
    i++;
  }
}

const isJsonSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
