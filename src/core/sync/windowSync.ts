import type { OrderPage } from '../api/sellerApi';
import { createdMs } from '../cache/orderRows';
import { parseIsoInstant, formatIsoInstant } from '../../shared/time/isoInstant';
import type { ApiError } from '../errors';
import { err, ok, type Result } from '../result';
import type { Order, SkippedOrder } from '../../shared/domain/order';
import type { OrderListQueryInput } from '../../shared/domain/requests';
import type { ProgressTracker } from './progress';
import type { SyncError } from './syncErrors';
import {
  describeWindow,
  inWindow,
  isInstant,
  MAX_PAGE_INDEX,
  PAGE_SIZE,
  pagesFor,
  planSplit,
  windowFilter,
  type CreateWindow,
} from './windowPlanner';

/** Where orders come from: SellerApi in the app and CLI. */
export interface OrderSource {
  listOrders(input: OrderListQueryInput): Promise<Result<OrderPage, ApiError>>;
}

/** Filters every request of a sync carries besides the creation window (incremental: updateBeginDate). */
export type BaseFilter = Omit<OrderListQueryInput, 'pageIndex' | 'pageSize' | 'createBeginDate' | 'createEndDate'>;

export interface WindowSyncOptions {
  source: OrderSource;
  baseFilter: BaseFilter;
  /**
   * root: probe the whole range with no creation bound; the first response's platform time fixes the upper
   * bound. windows: fetch these windows (a resumed run's gaps) under a known upper bound.
   */
  start: { kind: 'root' } | { kind: 'windows'; hi: number; windows: readonly CreateWindow[] };
  parallelism: number;
  /** Orders per page: the platform maximum, 100 (smaller only to exercise splitting cheaply in tests). */
  pageSize?: number;
  /** Passes over one window before it counts as unstable. */
  maxPasses: number;
  /**
   * Stores one page (one transaction). An error stops the sync. `skipped`: the page's orders that did not decode,
   * to be reported (an order that cannot be stored is skipped and reported by the writer itself).
   */
  writePage(orders: readonly Order[], seenAtMs: number, skipped: readonly SkippedOrder[]): Result<void, SyncError>;
  /** A window is complete: every order it holds is stored. */
  windowDone(w: CreateWindow, total: number): Result<void, SyncError>;
  /** The root probe answered: the run's creation upper bound and its first platform time. */
  rootBound(hi: number, startedMs: number): Result<void, SyncError>;
  progress: ProgressTracker;
  now: () => number;
  signal?: AbortSignal;
  /** What happens to each window (probe, split, repair, complete ...), for tests and diagnostics. */
  trace?: (event: WindowTraceEvent) => void;
}

export interface WindowTraceEvent {
  kind: 'probe' | 'split' | 'complete' | 'repair' | 'repage' | 'bisect' | 'restart';
  window: string;
  pass: number;
  total: number;
  have: number;
}

export interface WindowSyncResult {
  hi: number | undefined;
  /** Platform time of the first response (the watermark candidate). */
  startedMs: number | undefined;
  requests: number;
  fetched: number;
  windows: number;
  /** Windows fetched again because their list moved while paging (or to verify a split's upper part). */
  refetches: number;
}

const HIGH = 0;
const NORMAL = 1;

/** One creation window being fetched. */
class Win {
  pass = 0;
  /** Every order ID seen in the window, over all passes, with its creation time. */
  readonly ids = new Map<string, number>();
  /** The largest totalCount any response for the window reported. */
  maxTotal = 0;
  state: 'active' | 'done' | 'split' = 'active';
  // The current pass:
  requested = new Set<number>();
  answered = 0;
  passIds = new Set<string>();
  passTotals = new Set<number>();
  passNewestMs: number | undefined;
  oversized = false;
  /** Page 100 came back short: the list shrank, the split waits for another pass. */
  splitBlocked = false;
  /** Parts made by a split, seeded from this window's pages when its pass ends. */
  parts: Win[] = [];
  /** The part above the split point: made of this window's pages, settled when they are all in. */
  upperPart: Win | undefined;
  /** Counted in the progress's known windows. */
  counted = false;
  /**
   * Repairing: the window's list moved while it was paged and a few orders are missing. A repair pass probes
   * page 1 only; if the total still disagrees, the window is bisected and only disagreeing halves go deeper.
   */
  repair = false;

  constructor(
    public lo: number | null,
    public hi: number | null,
    readonly root = false,
  ) {}

  get range(): CreateWindow {
    return { lo: this.lo, hi: this.hi! };
  }
}

interface Task {
  win: Win;
  pass: number;
  pageIndex: number;
  priority: number;
  seq: number;
}

/**
 * Fetches every order of a set of creation windows with bounded parallelism, splitting windows that hold
 * more than 10,000 orders and verifying each: a window is complete when the unique IDs fetched equal the
 * largest totalCount reported for it. Orders are only ever added to a creation window (a creation time never
 * changes), so IDs seen in earlier passes still count; a pass whose union falls short re-fetches the window.
 */
/**
 * The spec's envelope always carries the platform's `time`; should it be missing or unreadable, the local clock
 * stands in, set back by this much, so a local clock running ahead of the platform's cannot push the watermark past
 * updates (a lower watermark only re-reads a few orders).
 */
export const LOCAL_CLOCK_MARGIN_MS = 10 * 60_000;

export class WindowSync {
  private readonly queue: Task[] = [];
  private seq = 0;
  private inFlight = 0;
  private failure: SyncError | undefined;
  private crash: unknown;
  private resolve!: (r: Result<WindowSyncResult, SyncError>) => void;
  private reject!: (e: unknown) => void;
  private hi: number | undefined;
  private startedMs: number | undefined;
  private requests = 0;
  private fetched = 0;
  private windowsDone = 0;
  private settled = false;
  private refetches = 0;
  private readonly pageSize: number;
  /** What one query can list: pageSize x 100 pages. */
  private readonly maxResults: number;

  constructor(private readonly o: WindowSyncOptions) {
    this.pageSize = o.pageSize ?? PAGE_SIZE;
    this.maxResults = this.pageSize * MAX_PAGE_INDEX;
  }

  run(): Promise<Result<WindowSyncResult, SyncError>> {
    return new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      const { start } = this.o;
      if (start.kind === 'root') {
        this.startPass(new Win(null, null, true));
      } else {
        this.hi = start.hi;
        for (const w of start.windows) this.startPass(new Win(w.lo, w.hi));
      }
      this.pump();
    });
  }

  // --- scheduling -------------------------------------------------------------------------------------------

  private enqueue(win: Win, pageIndex: number, priority: number): void {
    if (win.requested.has(pageIndex)) return;
    win.requested.add(pageIndex);
    const task: Task = { win, pass: win.pass, pageIndex, priority, seq: this.seq++ };
    // Keep the queue ordered by (priority, seq): binary search for the insertion point.
    let lo = 0;
    let hi = this.queue.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const q = this.queue[mid]!;
      if (q.priority < task.priority || (q.priority === task.priority && q.seq < task.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.queue.splice(lo, 0, task);
    this.o.progress.pagesQueued(1);
  }

  private cancelQueued(win: Win): void {
    let removed = 0;
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i]!.win === win) {
        this.queue.splice(i, 1);
        removed++;
      }
    }
    if (removed > 0) this.o.progress.pagesCancelled(removed);
  }

  private pump(): void {
    if (this.settled) return;
    if (this.o.signal?.aborted && !this.failure) this.failure = { kind: 'aborted' };
    if (this.failure || this.crash !== undefined) {
      if (this.inFlight === 0) {
        this.settled = true;
        if (this.crash !== undefined) this.reject(this.crash);
        else this.resolve(err(this.failure!));
      }
      return;
    }
    while (this.inFlight < this.o.parallelism && this.queue.length > 0) this.launch(this.queue.shift()!);
    if (this.inFlight === 0 && this.queue.length === 0) {
      this.settled = true;
      this.o.progress.finish();
      this.resolve(
        ok({
          hi: this.hi,
          startedMs: this.startedMs,
          requests: this.requests,
          fetched: this.fetched,
          windows: this.windowsDone,
          refetches: this.refetches,
        }),
      );
    }
  }

  private launch(task: Task): void {
    this.inFlight++;
    const { win } = task;
    const input: OrderListQueryInput = {
      ...this.o.baseFilter,
      // Only the root probe goes unbounded; once answered, its upper bound is the platform time of that answer.
      ...(win.hi === null ? {} : windowFilter(win)),
      pageIndex: task.pageIndex,
      pageSize: this.pageSize,
    };
    this.o.source.listOrders(input).then(
      (result) => {
        this.inFlight--;
        try {
          if (!this.failure) this.handle(task, result);
        } catch (e) {
          this.crash = e;
        }
        this.pump();
      },
      (e: unknown) => {
        this.inFlight--;
        this.crash = e;
        this.pump();
      },
    );
  }

  private trace(kind: WindowTraceEvent['kind'], win: Win): void {
    this.o.trace?.({ kind, window: describeWindow(win), pass: win.pass, total: win.maxTotal, have: win.ids.size });
  }

  private fail(error: SyncError): void {
    this.failure ??= error;
  }

  // --- windows ----------------------------------------------------------------------------------------------

  private startPass(win: Win): void {
    if (!win.counted) {
      win.counted = true;
      this.o.progress.windowAdded();
    }
    win.pass++;
    if (win.pass > this.o.maxPasses) {
      return this.fail({
        kind: 'window-unstable',
        window: describeWindow(win),
        passes: win.pass - 1,
        fetched: win.ids.size,
        totalCount: win.maxTotal,
      });
    }
    win.requested = new Set();
    win.answered = 0;
    win.passIds = new Set();
    win.passTotals = new Set();
    win.passNewestMs = undefined;
    win.oversized = false;
    win.splitBlocked = false;
    this.enqueue(win, 1, HIGH);
    // A repeat pass knows the window's size already: queue its pages at once instead of waiting for the probe.
    if (win.pass > 1 && !win.repair && win.maxTotal <= this.maxResults) {
      for (let p = 2; p <= pagesFor(win.maxTotal, this.pageSize); p++) this.enqueue(win, p, NORMAL);
    }
  }

  private handle(task: Task, result: Result<OrderPage, ApiError>): void {
    const { win } = task;
    if (!result.ok) return this.fail({ kind: 'api', error: result.error, window: describeWindow(win) });
    const { data, time } = result.value;
    const seenAtMs = parseIsoInstant(time) ?? this.o.now() - LOCAL_CLOCK_MARGIN_MS;
    this.requests++;
    this.fetched += data.list.length;
    const written = this.o.writePage(data.list, seenAtMs, data.skipped);
    if (!written.ok) return this.fail(written.error);
    if (win.root && win.hi === null) this.o.progress.expectOrders(data.totalCount);
    this.o.progress.pageFetched(data.list.length);

    if (win.root && win.hi === null) {
      // The platform clock when the root probe was answered bounds the run: nothing created later belongs to it
      // (the catch-up poll after the windows fetches what arrives meanwhile).
      const newest = data.list.reduce((m, o) => Math.max(m, createdMs(o)), 0);
      win.hi = Math.max(seenAtMs, newest);
      this.hi = win.hi;
      this.startedMs = seenAtMs;
      const bound = this.o.rootBound(win.hi, seenAtMs);
      if (!bound.ok) return this.fail(bound.error);
    }
    if (win.state !== 'active') return; // a late answer for a window finished or split meanwhile: stored, nothing more

    for (const order of data.list) win.ids.set(order.id, createdMs(order));
    // A skipped order still counts towards the window's total: the window completes without it.
    for (const order of data.skipped) win.ids.set(order.id, createdMs(order));
    win.maxTotal = Math.max(win.maxTotal, data.totalCount);

    if (task.pass === win.pass) {
      win.answered++;
      for (const order of data.list) win.passIds.add(order.id);
      for (const order of data.skipped) win.passIds.add(order.id);
      win.passTotals.add(data.totalCount);
      if (task.pageIndex === 1) this.onProbe(win, data);
      if (this.failure) return;
      if (win.oversized && task.pageIndex === MAX_PAGE_INDEX) this.onRank10000(win, data);
      if (this.failure) return;
    }
    if (!win.oversized && win.ids.size === win.maxTotal) return this.complete(win, win.maxTotal);
    if (task.pass === win.pass && win.answered === win.requested.size) this.endPass(win);
  }

  /** Page 1 of a pass: the window's size decides between paging it and splitting it. */
  private onProbe(win: Win, data: OrderPage['data']): void {
    this.trace('probe', win);
    win.passNewestMs = data.list.length > 0 ? createdMs(data.list[0]!) : undefined;
    if (data.totalCount > this.maxResults) {
      if (isInstant(win.range)) {
        return this.fail({ kind: 'instant-overflow', instant: formatIsoInstant(win.lo!), count: data.totalCount });
      }
      // A repairing window already holds most of its orders: bisecting it finds the few missing ones.
      if (win.repair && win.ids.size >= 2) return;
      win.oversized = true;
      // Page 100 first: its last order is where the window splits, and the part below can start at once.
      this.enqueue(win, MAX_PAGE_INDEX, HIGH);
      for (let p = 2; p < MAX_PAGE_INDEX; p++) this.enqueue(win, p, NORMAL);
    } else if (!win.repair || win.ids.size === win.maxTotal) {
      for (let p = 2; p <= pagesFor(data.totalCount, this.pageSize); p++) this.enqueue(win, p, NORMAL);
    } else if (2 * win.ids.size < win.maxTotal) {
      // Checked, and most of it is missing (the part above a split, on a list that is not newest-first): page it.
      win.repair = false;
      for (let p = 2; p <= pagesFor(data.totalCount, this.pageSize); p++) this.enqueue(win, p, NORMAL);
    }
    // A repair probe that still disagrees queues nothing: the end of its pass bisects the window.
  }

  /** Page 100 of an over-full window: split it at the creation time of its last order. */
  private onRank10000(win: Win, data: OrderPage['data']): void {
    const last = data.list[data.list.length - 1];
    if (
      data.list.length + data.skipped.length < this.pageSize ||
      last === undefined ||
      win.passNewestMs === undefined
    ) {
      win.splitBlocked = true; // the list shrank while paging; the next pass decides again
      return;
    }
    const t = parseIsoInstant(last.createTime);
    if (t === undefined) {
      return this.fail({
        kind: 'unsplittable',
        window: describeWindow(win),
        detail: `order ${last.id} has no readable createTime (${String(last.createTime)})`,
      });
    }
    const plan = planSplit(win.range, win.passNewestMs, t);
    this.trace('split', win);
    // The parts below start now; the part above is made of this window's pages and waits for them.
    if (plan.upper) {
      win.upperPart = new Win(plan.upper.lo, plan.upper.hi);
      win.parts.push(win.upperPart);
      win.upperPart.counted = true;
      this.o.progress.windowAdded();
    }
    for (const w of [plan.instant, plan.lower]) {
      if (!w) continue;
      const part = new Win(w.lo, w.hi);
      win.parts.push(part);
      this.startPass(part);
    }
  }

  private endPass(win: Win): void {
    if (win.state !== 'active') return;
    if (win.oversized && win.parts.length > 0) return this.finishSplit(win);
    if (win.ids.size > win.maxTotal) {
      // More IDs than the platform counts: orders left the window (the platform deleted some?). Start afresh.
      win.ids.clear();
      win.maxTotal = 0;
      win.repair = false;
      this.trace('restart', win);
      return this.startPass(win);
    }
    // Fewer: the list moved while it was paged. Find the missing orders the cheaper way.
    this.refetches++;
    this.repairOrRepage(win);
  }

  /**
   * Bisecting costs about one probe per half per level for each region holding missing orders; re-paging costs
   * every page. Bisect while that is cheaper (and the window can be split), else page the window again.
   */
  private repairOrRepage(win: Win): void {
    const canSplit = !isInstant(win.range) && win.ids.size >= 2 && win.maxTotal > this.pageSize;
    if (canSplit && win.repair) return this.bisect(win);
    if (canSplit && this.bisectIsCheaper(win)) {
      win.repair = true;
      this.trace('repair', win);
      return this.startPass(win); // one probe first: the list may have settled
    }
    win.repair = false;
    this.trace('repage', win);
    this.startPass(win);
  }

  /** Whether finding the missing orders by bisecting (probes) costs less than paging the window again. */
  private bisectIsCheaper(win: Win): boolean {
    const missing = win.maxTotal - win.ids.size;
    const pages = pagesFor(win.maxTotal, this.pageSize);
    const depth = Math.max(1, Math.ceil(Math.log2(pages)));
    return 2 * missing * depth < pages;
  }

  /** Splits a repairing window at the median creation time of the orders it holds; each half is probed. */
  private bisect(win: Win): void {
    const times = [...win.ids.values()].filter((ms) => inWindow(win.range, ms)).sort((a, b) => a - b);
    let m = times[Math.floor(times.length / 2) - 1] ?? win.hi! - 1;
    if (m >= win.hi!) m = win.hi! - 1;
    if (win.lo !== null && m < win.lo) m = win.lo;
    this.trace('bisect', win);
    win.state = 'split';
    this.o.progress.windowReplaced();
    for (const range of [
      { lo: win.lo, hi: m },
      { lo: m + 1, hi: win.hi! },
    ]) {
      const half = new Win(range.lo, range.hi);
      half.repair = true;
      for (const [id, ms] of win.ids) if (inWindow(range, ms)) half.ids.set(id, ms);
      this.startPass(half);
    }
    win.ids.clear();
  }

  /** All pages of a split window are in: seed its parts with what they hold, and settle the part above. */
  private finishSplit(win: Win): void {
    win.state = 'split';
    this.o.progress.windowReplaced();
    // Stable: every page counted the same total and 10,000 distinct orders came back (one consistent snapshot).
    const stable = win.passTotals.size === 1 && win.passIds.size === this.maxResults;
    for (const part of win.parts) {
      if (part.state !== 'active') continue;
      for (const [id, ms] of win.ids) if (inWindow(part.range, ms)) part.ids.set(id, ms);
      if (part === win.upperPart) {
        // On a newest-first list the part above the split holds exactly what the pages brought, but the spec
        // promises no order: one probe of its count checks it (one request per split). When it disagrees — the
        // list moved, or the platform lists in another order — the part is repaired or paged like any window.
        if (!stable) this.refetches++;
        part.repair = true;
        this.startPass(part);
      } else if (part.maxTotal > 0 && part.ids.size === part.maxTotal) {
        this.complete(part, part.maxTotal);
      }
    }
    win.ids.clear();
    win.parts = [];
    win.upperPart = undefined;
  }

  private complete(win: Win, total: number): void {
    if (win.state !== 'active') return;
    win.state = 'done';
    this.cancelQueued(win);
    win.ids.clear();
    win.passIds.clear();
    this.windowsDone++;
    this.o.progress.windowFinished();
    const done = this.o.windowDone(win.range, total);
    if (!done.ok) return this.fail(done.error);
    // Traced only once the checkpoint row is committed: a process killed after this line keeps the window.
    this.trace('complete', win);
  }
}

/** Runs one WindowSync to the end. */
export function syncWindows(options: WindowSyncOptions): Promise<Result<WindowSyncResult, SyncError>> {
  return new WindowSync(options).run();
}
