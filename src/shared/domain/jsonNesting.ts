/**
 * A bound on nesting. JSON.parse reads any depth, but everything that later walks a value recursively
 * (JSON.stringify when the order is stored, a reviver, a deep comparison) overflows the stack somewhere past a few
 * thousand levels — and one such order used to stop every sync. Platform data nested deeper than this many
 * arrays and objects (counted from the response's root) is refused.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Where `value` holds more than `levels` levels of arrays and objects (itself included), as path segments from
 * `value`; undefined when it does not. Recurses at most `levels` deep.
 */
export function nestedTooDeep(value: unknown, levels: number): Array<string | number> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (levels <= 0) return [];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = nestedTooDeep(value[i], levels - 1);
      if (inner) return [i, ...inner];
    }
    return undefined;
  }
  for (const key in value) {
    const inner = nestedTooDeep((value as Record<string, unknown>)[key], levels - 1);
    if (inner) return [key, ...inner];
  }
  return undefined;
}
