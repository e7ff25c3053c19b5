import type { Command } from 'commander';
import { CliInputError } from './io';

/** A whole number option; anything else is a usage error (exit 2) before anything is sent. */
export function parseInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value.trim())) throw new CliInputError(`${name} must be a whole number, got "${value}"`);
  return Number(value.trim());
}

/** A whole-number flag within [min, max], or undefined when not given. */
export function parseIntegerIn(name: string, value: string | undefined, min: number, max: number): number | undefined {
  const n = parseInteger(name, value);
  if (n !== undefined && (n < min || n > max))
    throw new CliInputError(`${name} must be ${min.toLocaleString('en')} to ${max.toLocaleString('en')}, got ${n}`);
  return n;
}

/** "1,2,3" → [1, 2, 3]. */
export function parseIntegerList(name: string, value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^-?\d+$/.test(p)))
    throw new CliInputError(`${name} must be comma-separated whole numbers, e.g. 1,2 — got "${value}"`);
  return parts.map(Number);
}

export function parseRate(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d*\.?\d+$/.test(value.trim()) || n < 0 || n > 1)
    throw new CliInputError(`${name} must be a number from 0 to 1, got "${value}"`);
  return n;
}

/** Drops undefined values so the core's strict schemas see only what the user gave. */
export function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Commander lets the last of `--x` and `--no-x` win; given together they contradict each other, so this records
 * which forms were given and returns a check that refuses both (call it inside the command's run).
 */
export function refuseBothForms(cmd: Command, names: readonly string[]): () => void {
  const seen = new Set<string>();
  for (const name of names) {
    cmd.on(`option:${name}`, () => seen.add(name));
    cmd.on(`option:no-${name}`, () => seen.add(`no-${name}`));
  }
  return () => {
    const both = names.filter((n) => seen.has(n) && seen.has(`no-${n}`));
    if (both.length > 0)
      throw new CliInputError(
        `${both.map((n) => `--${n} and --no-${n}`).join(', ')} contradict each other: give one or the other.`,
      );
  };
}
