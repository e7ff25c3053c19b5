import type { ClockSkew, PlatformClock } from './platformClock';

/** Progress of a sync, for a progress bar or a CLI line. */
export interface SyncProgress {
  phase: 'windows' | 'catch-up' | 'poll';
  windowsDone: number;
  /** Windows done, in progress and queued (grows as over-full windows split). */
  windowsKnown: number;
  pagesDone: number;
  /** Pages requested or queued so far. */
  pagesPlanned: number;
  ordersFetched: number;
  /** Orders the platform reported for the whole range (first probe), when known. */
  ordersExpected: number | undefined;
  requests: number;
  elapsedMs: number;
  /** Estimated time left, from the page rate so far. */
  etaMs: number | undefined;
  /** The last event of its phase. */
  finished: boolean;
  /** The platform's clock was more than a day off the local one; the local clock stood in (see PlatformClock). */
  clockSkew: ClockSkew | undefined;
}

export type ProgressListener = (p: SyncProgress) => void;

/** Counts what a sync does and turns it into SyncProgress events. */
export class ProgressTracker {
  private windowsDone = 0;
  private windowsKnown = 0;
  private pagesDone = 0;
  private pagesPlanned = 0;
  private ordersFetched = 0;
  private ordersExpected: number | undefined;
  private requests = 0;
  private finished = false;
  private readonly started: number;

  constructor(
    private readonly phase: SyncProgress['phase'],
    private readonly now: () => number,
    private readonly listener: ProgressListener | undefined,
    /** Orders per page: turns the expected orders into expected pages. */
    private readonly pageSize: number,
    private readonly clock: PlatformClock,
  ) {
    this.started = now();
  }

  windowAdded(): void {
    this.windowsKnown++;
  }
  windowFinished(): void {
    this.windowsDone++;
    this.emit();
  }
  /** A window replaced by its parts (it counts as neither done nor pending any more). */
  windowReplaced(): void {
    this.windowsKnown--;
  }
  pagesQueued(n: number): void {
    this.pagesPlanned += n;
  }
  pagesCancelled(n: number): void {
    this.pagesPlanned -= n;
  }
  expectOrders(n: number): void {
    this.ordersExpected = (this.ordersExpected ?? 0) + n;
  }
  pageFetched(orders: number): void {
    this.pagesDone++;
    this.requests++;
    this.ordersFetched += orders;
    this.emit();
  }

  /** The phase is over: one last event. */
  finish(): void {
    this.finished = true;
    this.emit();
  }

  snapshot(): SyncProgress {
    const elapsedMs = this.now() - this.started;
    const expectedPages = Math.max(
      this.pagesPlanned,
      this.ordersExpected !== undefined ? Math.ceil(this.ordersExpected / this.pageSize) : 0,
    );
    const left = expectedPages - this.pagesDone;
    const etaMs = this.pagesDone > 0 && left >= 0 ? Math.round((elapsedMs / this.pagesDone) * left) : undefined;
    return {
      phase: this.phase,
      windowsDone: this.windowsDone,
      windowsKnown: this.windowsKnown,
      pagesDone: this.pagesDone,
      pagesPlanned: this.pagesPlanned,
      ordersFetched: this.ordersFetched,
      ordersExpected: this.ordersExpected,
      requests: this.requests,
      elapsedMs,
      etaMs: this.finished ? 0 : etaMs,
      finished: this.finished,
      clockSkew: this.clock.skew,
    };
  }

  emit(): void {
    this.listener?.(this.snapshot());
  }
}
