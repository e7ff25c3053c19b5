/**
 * Where the syncing process's anonymous memory is, sampled while it runs (issue 26, RssAnon ≤ 300 MiB at a million
 * orders): each V8 heap (the fetching thread's and every worker's, as V8 itself reports them) and the process's
 * anonymous mappings split by who made them, from /proc/self/smaps (Linux; empty elsewhere):
 * - `brk`: the main malloc arena (glibc's `[heap]`), where SQLite, zstd and the fetching thread's native allocations go;
 * - `arenas`: glibc's per-thread malloc arenas (each a mapping aligned to 64 MiB, the writer thread's SQLite and zstd);
 * - `other`: every other anonymous mapping (V8's heap pages, large mallocs mapped on their own, stacks).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import type { Worker } from 'node:worker_threads';

export interface MemoryParts {
  /** Seconds since the sampling started. */
  t: number;
  rssAnon: number;
  /** The fetching (main) thread's V8 heap: resident pages / bytes in use. */
  mainHeap: number;
  mainHeapUsed: number;
  /** Of the main heap: the young generation's and the large-object spaces' resident pages. */
  mainYoung: number;
  mainLarge: number;
  /** Every worker thread's V8 heap together (the sync's writer thread). */
  workerHeap: number;
  workerHeapUsed: number;
  /** ArrayBuffers and other memory V8 is told about (off its heap). */
  external: number;
  brk: number;
  arenas: number;
  other: number;
}

/** The worker threads started from now on (the sync's writer), for their heap statistics. */
export function watchWorkers(): { workers: Set<Worker>; stop: () => void } {
  const workers = new Set<Worker>();
  const onWorker = (message: unknown) => {
    const worker = (message as { worker: Worker }).worker;
    workers.add(worker);
    worker.once('exit', () => workers.delete(worker));
  };
  subscribe('worker_threads', onWorker);
  return {
    workers,
    stop: () => {
      unsubscribe('worker_threads', onWorker);
      workers.clear();
    },
  };
}

const KB = 1024;
const ARENA = 64 * 1024 * 1024;

/** Anonymous resident bytes by kind of mapping (see the file's comment). */
export function anonymousMappings(): { brk: number; arenas: number; other: number } {
  let text: string;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return { brk: 0, arenas: 0, other: 0 };
  }
  const parts = { brk: 0, arenas: 0, other: 0 };
  let kind: keyof typeof parts | undefined;
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      const start = Number.parseInt(head[1]!, 16);
      const name = head[5]!;
      const anonymous = head[4] === '0' && (name === '' || name === '[heap]' || name.startsWith('[anon'));
      kind = !anonymous ? undefined : name === '[heap]' ? 'brk' : start % ARENA === 0 ? 'arenas' : 'other';
      continue;
    }
    if (kind && line.startsWith('Anonymous:')) parts[kind] += Number(/(\d+)/.exec(line)![1]) * KB;
  }
  return parts;
}

/** One sample of every part (the workers' heaps are asked of their threads, hence async). */
export async function sampleParts(t: number, rssAnon: number, workers: Iterable<Worker>): Promise<MemoryParts> {
  const main = getHeapStatistics();
  const spaces = getHeapSpaceStatistics();
  const space = (names: string[]) =>
    spaces.filter((x) => names.includes(x.space_name)).reduce((sum, x) => sum + x.physical_space_size, 0);
  let workerHeap = 0;
  let workerHeapUsed = 0;
  for (const w of workers) {
    try {
      const s = await w.getHeapStatistics();
      workerHeap += s.total_physical_size;
      workerHeapUsed += s.used_heap_size;
    } catch {
      // not running (yet, or any more)
    }
  }
  return {
    t,
    rssAnon,
    mainHeap: main.total_physical_size,
    mainHeapUsed: main.used_heap_size,
    mainYoung: space(['new_space']),
    mainLarge: space(['large_object_space', 'new_large_object_space', 'code_large_object_space']),
    workerHeap,
    workerHeapUsed,
    external: process.memoryUsage().external,
    ...anonymousMappings(),
  };
}

const m = (b: number) => Math.round(b / 1048576);

/** The samples as a Markdown table, MiB. */
export function partsTable(samples: readonly MemoryParts[]): string {
  return [
    '| s | RssAnon | main heap (used) | of it young / large objects | writer heap (used) | external | malloc main arena | malloc thread arenas | other anonymous |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...samples.map(
      (s) =>
        `| ${s.t} | ${m(s.rssAnon)} | ${m(s.mainHeap)} (${m(s.mainHeapUsed)}) | ${m(s.mainYoung)} / ${m(s.mainLarge)} | ${m(s.workerHeap)} (${m(s.workerHeapUsed)}) | ${m(s.external)} | ${m(s.brk)} | ${m(s.arenas)} | ${m(s.other)} |`,
    ),
  ].join('\n');
}
