import type { CacheError } from '../../shared/errors/cacheErrors';

/** What the upkeep's checking thread is started with (upkeepThread.ts). */
export interface UpkeepThreadData {
  file: string;
  /** Orders decoded per step (one message each). */
  scanBatch: number;
}

export type UpkeepThreadRequest = { kind: 'cancel' };

export type UpkeepThreadReply =
  /** One step of reading every order back: the rows whose JSON cannot be decoded, for the host to record. */
  | { kind: 'scan'; done: number; total: number; damaged: Array<{ rid: number; detail: string }> }
  /** One table checked; `problem`: what quick_check said of a damaged one. */
  | { kind: 'check'; done: number; total: number; problem?: string }
  | { kind: 'end'; cancelled: boolean }
  | { kind: 'failed'; error: CacheError };
