import type { CacheError } from '../../shared/errors/cacheErrors';
import type { PageWriteResult } from '../cache/upsertOrders';
import type { Result } from '../result';
import type { Order } from '../../shared/domain/order';
import type { ChangeEvent } from './changeEvents';
import type { AnswerTime } from './platformClock';
import type { CheckpointRow } from './checkpoint';

/** What the writer thread is started with. */
export interface WriterThreadData {
  file: string;
  /**
   * The writer thread's own entry file, from which it starts its document compressor (docCompressor.ts); without
   * it the writer compresses on its own thread.
   */
  entry?: string;
  /** The sync's baseline flag (see PageWriteOptions): whether change events are described. */
  baseline: boolean;
  /** Store the pages without the secondary indexes, created once the bulk is loaded (PageWriter.finish). */
  deferIndexes: boolean;
}

/** Sync → writer thread. */
export type WriterRequest =
  | { kind: 'page'; orders: readonly Order[]; at: AnswerTime }
  /**
   * A checkpoint row (or the lease's heartbeat), written after every page sent before it has committed — never
   * once one of them failed: the writer thread refuses everything after its first failure.
   */
  | { kind: 'record'; row: CheckpointRow }
  /** The bulk of the pages is sent: do the end-of-load work (PageWriter.finish) now. */
  | { kind: 'finish' }
  | { kind: 'close' };

/**
 * Writer thread → sync: `ready` or `open-failed` once, then, in the order asked, one `page` answer per page,
 * one `recorded` per `record` (the rows it changed) and one `finished` per `finish`.
 */
export type WriterReply =
  | { kind: 'ready' }
  | { kind: 'open-failed'; error: CacheError }
  | { kind: 'page'; result: Result<PageWriteResult<ChangeEvent>, CacheError> }
  | { kind: 'recorded'; result: Result<number, CacheError> }
  | { kind: 'finished'; result: Result<number, CacheError> };
