/** Small statistics helpers for the benchmarks. */

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const i = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[i]!;
}

export interface Timing {
  p50: number;
  p95: number;
  /**
   * CPU time of this process per run (user + system, all its threads): what the run itself costs, unlike wall
   * time not inflated by other processes competing for the cores. For synchronous work (SQLite queries) it is
   * the wall time an idle machine would show; for work that waits (HTTP), it is not comparable.
   */
  cpuP50: number;
  cpuP95: number;
  n: number;
}

/** Runs `fn` `warmup` times unmeasured, then `n` times measured; milliseconds. */
export async function time(fn: () => unknown, n: number, warmup = Math.min(20, n)): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    cpuP50: percentile(cpu, 50),
    cpuP95: percentile(cpu, 95),
    n,
  };
}

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
export const mib = (bytes: number) => (bytes / 1_048_576).toFixed(0);
