import { err, ok, type Result } from '../result';

/** Urgent requests unlock more work (a window's first page, the page a split waits for); they go out first. */
export type Urgency = 'urgent' | 'normal';

interface Queued<T> {
  task: T;
  rank: number;
  seq: number;
}

export interface RequestPumpOptions<T, E> {
  /** Requests in flight at once. */
  parallelism: number;
  /** Sends one task's request and handles its answer. A rejection is a bug: `run` rejects with it. */
  send(task: T): Promise<void>;
  signal?: AbortSignal;
  /** The failure an abort of `signal` reports. */
  aborted: E;
}

/**
 * A queue of requests sent with at most `parallelism` in flight: urgent ones first, then in the order queued. The
 * work is over when nothing is queued or in flight — or, after `fail` (the first failure wins) or an abort, once
 * the requests in flight have come back: nothing new goes out, and no answer is left running unobserved.
 */
export class RequestPump<T, E> {
  private readonly queue: Queued<T>[] = [];
  private seq = 0;
  private inFlight = 0;
  private failure: E | undefined;
  private crash: { error: unknown } | undefined;
  private settled = false;
  private resolve: ((r: Result<void, E>) => void) | undefined;
  private reject: ((e: unknown) => void) | undefined;

  constructor(private readonly options: RequestPumpOptions<T, E>) {}

  get failed(): boolean {
    return this.failure !== undefined || this.crash !== undefined;
  }

  push(task: T, urgency: Urgency): void {
    const queued: Queued<T> = { task, rank: urgency === 'urgent' ? 0 : 1, seq: this.seq++ };
    // The queue stays sorted by (rank, seq): binary search for the insertion point.
    let lo = 0;
    let hi = this.queue.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const q = this.queue[mid]!;
      if (q.rank < queued.rank || (q.rank === queued.rank && q.seq < queued.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.queue.splice(lo, 0, queued);
  }

  /** Drops the queued tasks that match (requests in flight are not recalled); returns how many. */
  cancel(match: (task: T) => boolean): number {
    let removed = 0;
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (match(this.queue[i]!.task)) {
        this.queue.splice(i, 1);
        removed++;
      }
    }
    return removed;
  }

  fail(error: E): void {
    this.failure ??= error;
  }

  /** Sends what is queued (and what answers queue meanwhile) until the work is over. */
  run(): Promise<Result<void, E>> {
    return new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.pump();
    });
  }

  private pump(): void {
    if (this.settled || !this.resolve) return;
    if (this.options.signal?.aborted) this.fail(this.options.aborted);
    if (this.failed) {
      if (this.inFlight > 0) return;
      this.settled = true;
      if (this.crash) this.reject!(this.crash.error);
      else this.resolve(err(this.failure!));
      return;
    }
    while (this.inFlight < this.options.parallelism && this.queue.length > 0) this.launch(this.queue.shift()!.task);
    if (this.inFlight === 0 && this.queue.length === 0) {
      this.settled = true;
      this.resolve(ok(undefined));
    }
  }

  private launch(task: T): void {
    this.inFlight++;
    this.options.send(task).then(
      () => {
        this.inFlight--;
        this.pump();
      },
      (error: unknown) => {
        this.inFlight--;
        this.crash ??= { error };
        this.pump();
      },
    );
  }
}
