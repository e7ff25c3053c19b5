import { ALL_SHORTCUTS, type WriterShortcuts } from '../src/core/cache/upsertOrders';

/**
 * The page writer's shortcuts a bench variant names (`--variants=` of the writer bench, `--shortcuts=` of the sync
 * bench): `all` (as the sync writes: the default), `plain` (none of them), the names of the shortcuts to keep on
 * joined by `+` (WriterShortcuts, e.g. `setIndexAtEnd+hashDocBytes`), or `all-NAME` (every one but NAME).
 */
export function shortcutsOf(variant: string): WriterShortcuts {
  const names = Object.keys(ALL_SHORTCUTS) as Array<keyof WriterShortcuts>;
  const known = (name: string) => {
    if (!names.includes(name as keyof WriterShortcuts))
      throw new Error(`unknown writer shortcut ${name} (known: ${names.join(', ')})`);
    return name;
  };
  if (variant === 'all') return ALL_SHORTCUTS;
  const off = variant.startsWith('all-') ? new Set(variant.slice(4).split('-').map(known)) : undefined;
  const on = off
    ? new Set(names.filter((n) => !off.has(n)))
    : new Set(variant === 'plain' ? [] : variant.split('+').map(known));
  return Object.fromEntries(names.map((n) => [n, on.has(n)])) as unknown as WriterShortcuts;
}
