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
  /**
   * Sends one task's request and handles its answer. A rejection is a bug: `run` rejects with it. `answered`, when
   * called (once the answer is in, before handling it), frees the task's request slot for the next request while
   * the answer is handled; otherwise the slot is freed when the task ends.
   */
  send(task: T, answered: () => void): Promise<void>;
  signal?: AbortSignal;
  /** The failure an abort of `signal` reports. */
  aborted: E;
}

/**
 * A queue of requests sent with at most `parallelism` in flight: urgent ones first, then in the order queued. The
 * work is over when nothing is queued, in flight or being handled — or, after `fail` (the first failure wins) or an
 * abort, once the tasks under way have ended: nothing new goes out, and no answer is left running unobserved.
 *
 * A task that says its answer is in (`answered`) gives its slot to the next request while its answer is handled
 * (decoded, bookkept, handed to the writer: 1.5–5 ms a page of 100 on this thread), so `parallelism` requests stay
 * in flight meanwhile — issue 26: with the slot held through the handling, fewer were in flight for ~1.2 s of a
 * 25,000-order sync's ~4.4 s of fetching (docs/PERFORMANCE.md §8, "Eighth pass"). At most one task more than
 * `parallelism` is under way (in flight or being handled): a handling that waits (the writer behind, the run ahead
 * of what is recorded) keeps its place, so waiting answers hold requests back as before, one more at most.
 */
export class RequestPump<T, E> {
  private readonly queue: Queued<T>[] = [];
  private seq = 0;
  private inFlight = 0;
  /** Tasks in flight or being handled (≤ parallelism + 1). */
  private underWay = 0;
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
      if (this.underWay > 0) return;
      this.settled = true;
      if (this.crash) this.reject!(this.crash.error);
      else this.resolve(err(this.failure!));
      return;
    }
    const { parallelism } = this.options;
    while (this.inFlight < parallelism && this.underWay <= parallelism && this.queue.length > 0)
      this.launch(this.queue.shift()!.task);
    if (this.underWay === 0 && this.queue.length === 0) {
      this.settled = true;
      this.resolve(ok(undefined));
    }
  }

  private launch(task: T): void {
    this.inFlight++;
    this.underWay++;
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      this.inFlight--;
    };
    this.options
      .send(task, () => {
        answer();
        this.pump();
      })
      .then(
        () => {
          answer();
          this.underWay--;
          this.pump();
        },
        (error: unknown) => {
          answer();
          this.underWay--;
          this.crash ??= { error };
          this.pump();
        },
      );
  }
}
