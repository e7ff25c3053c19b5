/**
 * CPU time of a full sync, per party (issue 26, docs/PERFORMANCE.md §8 "Seventh pass"): the writer thread (as it
 * reports itself when it closes), the fetching thread, the whole syncing process and the sandbox's process, each per
 * order, beside the time budget an order has in the fetch-only floor. On this 2-core VM shared with other jobs the
 * wall time of one sync moves by ±30 % from run to run while CPU time moves by a few per cent: a 10 % change of the
 * writer shows in these figures, not in the wall ÷ floor ratio.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type { WriterCpu } from '../src/core/sync/writerProtocol';

/**
 * Listens to every worker thread started until `stop` for the page writer's `closed` reply (its CPU time). A sync
 * starts one writer thread; `reported` lists what each one that closed sent.
 */
export function watchWriterCpu(): { reported(): WriterCpu[]; stop(): void } {
  const reports: WriterCpu[] = [];
  const onWorker = (message: unknown) => {
    const worker = (message as { worker: Worker }).worker;
    worker.on('message', (reply: { kind?: unknown; cpu?: WriterCpu }) => {
      if (reply?.kind === 'closed' && typeof reply.cpu?.threadMs === 'number') reports.push(reply.cpu);
    });
  };
  subscribe('worker_threads', onWorker);
  return { reported: () => [...reports], stop: () => unsubscribe('worker_threads', onWorker) };
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on every Linux build Node runs on). */
const USER_HZ = 100;

/**
 * CPU time (user + system, ms) another process of this machine has used so far, its finished threads included
 * (Linux /proc; undefined elsewhere or once it is gone). Resolution 10 ms: meant for runs of seconds.
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is the 3rd field, utime the 14th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / USER_HZ : undefined;
  } catch {
    return undefined;
  }
}

/** What the sync bench measured of one full sync and of its fetch-only floor (ms). */
export interface SyncCpuInput {
  orders: number;
  parallelism: number;
  latencyMs: number;
  pageSize: number;
  wallMs: number;
  floorWallMs: number;
  /** The syncing process (every thread). */
  processCpuMs: number;
  fetchingThreadCpuMs: number;
  writer: WriterCpu | undefined;
  /** The sandbox's process during the sync and during the floor, when known. */
  sandboxCpuMs?: number;
  floorCpuMs: number;
  floorSandboxCpuMs?: number;
}

/** The same, µs an order (and the ratios), for the bench's table. */
export interface SyncCpuFigures {
  /** The latency-bound time an order has: latency ÷ (parallelism × page size). */
  latencyBudgetUs: number;
  /** The fetch-only floor's wall time an order: what the writer must stay under to keep up with fetching. */
  floorBudgetUs: number;
  writerUs?: number;
  writerPagesUs?: number;
  writerEndOfLoadUs?: number;
  /** Writer CPU an order ÷ the floor's time an order (< 1: the writer keeps up with the fastest fetching here). */
  writerOverFloor?: number;
  fetchingUs: number;
  processUs: number;
  sandboxUs?: number;
  floorClientUs: number;
  floorSandboxUs?: number;
  /** Cores busy on average while the sync ran (its process and the sandbox): near 2 here, the sync is CPU-bound. */
  coresBusy?: number;
  floorCoresBusy?: number;
}

export function syncCpuFigures(m: SyncCpuInput): SyncCpuFigures {
  const us = (ms: number) => (ms * 1000) / m.orders;
  const floorBudgetUs = us(m.floorWallMs);
  const writerUs = m.writer === undefined ? undefined : us(m.writer.threadMs);
  return {
    latencyBudgetUs: (m.latencyMs * 1000) / (m.parallelism * m.pageSize),
    floorBudgetUs,
    ...(m.writer === undefined || writerUs === undefined
      ? {}
      : {
          writerUs,
          writerPagesUs: us(m.writer.pagesMs),
          writerEndOfLoadUs: us(m.writer.endOfLoadMs + m.writer.closeMs),
          writerOverFloor: writerUs / floorBudgetUs,
        }),
    fetchingUs: us(m.fetchingThreadCpuMs),
    processUs: us(m.processCpuMs),
    floorClientUs: us(m.floorCpuMs),
    ...(m.sandboxCpuMs === undefined
      ? {}
      : { sandboxUs: us(m.sandboxCpuMs), coresBusy: (m.processCpuMs + m.sandboxCpuMs) / m.wallMs }),
    ...(m.floorSandboxCpuMs === undefined
      ? {}
      : {
          floorSandboxUs: us(m.floorSandboxCpuMs),
          floorCoresBusy: (m.floorCpuMs + m.floorSandboxCpuMs) / m.floorWallMs,
        }),
  };
}
