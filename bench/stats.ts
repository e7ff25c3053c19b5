/** Small statistics helpers for the benchmarks. */

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const i = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[i]!;
}

export interface Timing {
  p50: number;
  p95: number;
  n: number;
}

/** Runs `fn` `warmup` times unmeasured, then `n` times measured; milliseconds. */
export async function time(fn: () => unknown, n: number, warmup = Math.min(20, n)): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n };
}

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
export const mib = (bytes: number) => (bytes / 1_048_576).toFixed(0);
