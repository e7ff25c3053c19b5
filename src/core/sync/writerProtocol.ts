import type { CacheError } from '../../shared/errors/cacheErrors';
import type { PageWriteResult, WriterShortcuts } from '../cache/upsertOrders';
import type { Result } from '../result';
import type { ChangeEvent } from './changeEvents';
import type { AnswerTime } from './platformClock';
import type { CheckpointRow } from './checkpoint';

/** What the writer thread is started with. */
export interface WriterThreadData {
  file: string;
  /** The sync's baseline flag (see PageWriteOptions): whether change events are described. */
  baseline: boolean;
  /** Store the pages without the secondary indexes, created once the bulk is loaded (PageWriter.finish). */
  deferIndexes: boolean;
  /** The page writer's shortcuts, when not all (the sync bench compares them). */
  shortcuts?: WriterShortcuts;
}

/** Sync → writer thread. */
export type WriterRequest =
  /**
   * A page, each order as its JSON text (JSON.stringify): texts cross the thread boundary as flat strings, and
   * the writer parses an order only when it writes it, so the pages waiting hold no object graphs that would live
   * long enough to fill the writer's old generation (docs/PERFORMANCE.md §8 "Fourth pass").
   */
  | { kind: 'page'; texts: readonly string[]; at: AnswerTime }
  /**
   * A checkpoint row (or the lease's heartbeat), written after every page sent before it has committed — never
   * once one of them failed: the writer thread refuses everything after its first failure.
   */
  | { kind: 'record'; row: CheckpointRow }
  /** The bulk of the pages is sent: do the end-of-load work (PageWriter.finish) now. */
  | { kind: 'finish' }
  | { kind: 'close' };

/**
 * The writer thread's CPU time (ms, user + system, `process.threadCpuUsage`), sent as it closes: what storing the
 * sync's pages cost, apart from the fetching thread's and the platform's share of the machine (the sync bench's
 * figures, docs/PERFORMANCE.md §8 "Seventh pass"). CPU time, unlike wall time, barely moves with the machine's load.
 */
export interface WriterCpu {
  /** The thread's whole life: start-up, opening the file, every request, closing. */
  threadMs: number;
  /** Writing pages (parsing their texts, their transactions, the full-text batches they trigger, checkpoint rows). */
  pagesMs: number;
  /** The end-of-load work (`finish`: the rows still waiting for search, the deferred indexes). */
  endOfLoadMs: number;
  /** Closing (`close`: the rows the catch-up left waiting for search, the file closed). */
  closeMs: number;
}

/**
 * Writer thread → sync: `ready` or `open-failed` once, then, in the order asked, one `page` answer per page,
 * one `recorded` per `record` (the rows it changed) and one `finished` per `finish`; `closed` last, after `close`.
 */
export type WriterReply =
  | { kind: 'ready' }
  | { kind: 'open-failed'; error: CacheError }
  | { kind: 'page'; result: Result<PageWriteResult<ChangeEvent>, CacheError> }
  | { kind: 'recorded'; result: Result<number, CacheError> }
  | { kind: 'finished'; result: Result<number, CacheError> }
  | { kind: 'closed'; cpu: WriterCpu };
