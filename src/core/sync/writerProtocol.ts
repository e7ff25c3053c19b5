import type { CacheError } from '../../shared/errors/cacheErrors';
import type { PageWriteResult } from '../cache/upsertOrders';
import type { Result } from '../result';
import type { Order } from '../../shared/domain/order';
import type { ChangeEvent } from './changeEvents';

/** What the writer thread is started with. */
export interface WriterThreadData {
  file: string;
  /** The sync's baseline flag (see PageWriteOptions): whether change events are described. */
  baseline: boolean;
  /** Store the pages without the secondary indexes, created when the sync closes the writer (PageWriter). */
  deferIndexes: boolean;
}

/** Sync → writer thread. */
export type WriterRequest = { kind: 'page'; orders: readonly Order[]; seenAtMs: number } | { kind: 'close' };

/** Writer thread → sync: `ready` or `open-failed` once, then one `page` answer per page, in order. */
export type WriterReply =
  | { kind: 'ready' }
  | { kind: 'open-failed'; error: CacheError }
  | { kind: 'page'; result: Result<PageWriteResult<ChangeEvent>, CacheError> };
