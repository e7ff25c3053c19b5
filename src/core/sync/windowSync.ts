import type { OrderPage } from '../api/sellerApi';
import { createdMs } from '../cache/orderRows';
import { formatIsoInstant, parseIsoInstant } from '../../shared/time/isoInstant';
import type { ApiError } from '../../shared/errors/apiError';
import { err, ok, type Result } from '../result';
import type { Order, SkippedOrder } from '../../shared/domain/order';
import { PAGE_INDEX_MAX, PAGE_SIZE_MAX, type OrderListQueryInput } from '../../shared/domain/requests';
import { CreationWindow } from './creationWindow';
import type { PageStore } from './pageStore';
import type { CheckpointRow, RecordedPage } from './checkpoint';
import type { PlatformClock } from './platformClock';
import type { ProgressTracker } from './progress';
import { chooseRepair, mostlyMissing } from './repairPolicy';
import { isTooLarge, refetchInSmallerPages } from './oversizePages';
import { RequestPump, type Urgency } from './requestPump';
import type { SyncError } from '../../shared/errors/syncErrors';
import { describeWindow, isInstant, pagesFor, planSplit, windowFilter, type CreateWindow } from './windowPlanner';

import type { OrderSource } from './orderSource';

export type { OrderSource };

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
  /** Orders per page: the platform maximum (smaller only to exercise splitting cheaply in tests). */
  pageSize?: number;
  /** Passes over one window before it counts as unstable. */
  maxPasses: number;
  /**
   * Stores the pages (one transaction each). A failed write stops the sync. `skipped` of a write: the page's orders
   * that did not decode, to be reported (an order that cannot be stored is skipped and reported by the writer).
   */
  writes: PageStore;
  /**
   * The checkpoint row saying a window is complete (every order it holds stored), or undefined when this sync keeps
   * no checkpoint. The row is written by the page store once the window's pages have committed.
   */
  windowRow(w: CreateWindow, total: number): CheckpointRow | undefined;
  /**
   * The checkpoint row of a committed page of a window's first pass, or undefined when this sync records no pages
   * (written by the page store after the page has committed). A resumed run of the same sync is handed it back in
   * `recorded`.
   */
  pageRow(page: RecordedPage): CheckpointRow | undefined;
  /**
   * Pages an earlier process of this run stored (and recorded) in windows it did not finish. A window's first pass
   * takes the page it would ask for from here when one answered exactly that query (the same creation window, page
   * size and index): the answer's orders are stored already, so only what the window logic read of it is needed.
   * Nothing is assumed of the platform's order: the window is verified as always, by the IDs known against its
   * count, and repaired like any window when they fall short (docs/PLATFORM-API.md, "Sort order").
   */
  recorded?: readonly RecordedPage[];
  /**
   * The root probe answered: the checkpoint row of the run's creation upper bound and first platform time, or
   * undefined (written once the probe's page has committed).
   */
  boundRow(hi: number, startedMs: number): CheckpointRow | undefined;
  progress: ProgressTracker;
  /** Reads each answer's platform time. */
  clock: PlatformClock;
  signal?: AbortSignal;
  /** What happens to each window (probe, split, repair, complete ...), for tests and diagnostics. */
  trace?: (event: WindowTraceEvent) => void;
}

export interface WindowTraceEvent {
  kind: 'probe' | 'split' | 'complete' | 'repair' | 'repage' | 'bisect' | 'partition' | 'restart';
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
  /** Pages taken from the checkpoint instead of being asked for again (a resumed run). */
  replayed: number;
}

/** What the window logic reads of an answer: its count and each listed order's ID and creation time. */
interface Listing {
  totalCount: number;
  list: ReadonlyArray<Pick<Order, 'id' | 'createTime'>>;
  skipped: readonly SkippedOrder[];
}

/** One page of one pass over a window. */
interface PageRequest {
  window: CreationWindow;
  pass: number;
  pageIndex: number;
  /** The page as an earlier process of this run stored it: taken instead of asking (see `recorded`). */
  replay?: RecordedPage;
}

/**
 * Pages handed to the page store and not yet recorded, plus requests in flight, at most: what a kill can make a
 * resumed run ask for again (besides the one probe of a split's upper part, whose orders were stored). Half a window
 * (a window is PAGE_INDEX_MAX pages): a resume re-reads at most that, whatever the sync's size, the page store's
 * queue (today WRITER_QUEUE_PAGES bounds it first) or the parallelism.
 */
export const RUN_AHEAD_PAGES = PAGE_INDEX_MAX / 2;

/** One query's page, as a key of the recorded pages. */
const pageKey = (lo: number | null, hi: number, pageSize: number, pageIndex: number) =>
  `${lo ?? ''}:${hi}:${pageSize}:${pageIndex}`;

/**
 * Fetches every order of a set of creation windows with bounded parallelism (a RequestPump), splitting windows that
 * hold more than one query can list and verifying each: a window is complete when the unique IDs fetched over its
 * passes equal the largest totalCount reported for it, or when one answer lists its whole count. A pass that falls
 * short goes to the repair policy (repairPolicy.ts), which splits a moving window until it converges.
 */
export class WindowSync {
  private readonly pump: RequestPump<PageRequest, SyncError>;
  private readonly pageSize: number;
  /** What one query can list: the page size × the last page index. */
  private readonly listLimit: number;
  private hi: number | undefined;
  private startedMs: number | undefined;
  private requests = 0;
  private fetched = 0;
  private windowsDone = 0;
  private refetches = 0;
  private replayed = 0;
  /** Pages handed to the page store whose checkpoint row has not committed yet. */
  private unrecorded = 0;
  /** Requests waiting for `unrecorded` to fall (see RUN_AHEAD_PAGES). */
  private recordWaiters: Array<() => void> = [];
  /** The pages recorded by an earlier process of this run, not taken yet. */
  private readonly recorded = new Map<string, RecordedPage>();
  /** The first failure, also when it comes after the last request (a write or checkpoint row still pending then). */
  private failure: SyncError | undefined;

  constructor(private readonly options: WindowSyncOptions) {
    this.pageSize = options.pageSize ?? PAGE_SIZE_MAX;
    this.listLimit = this.pageSize * PAGE_INDEX_MAX;
    this.pump = new RequestPump<PageRequest, SyncError>({
      parallelism: options.parallelism,
      send: (request) => this.send(request),
      aborted: { kind: 'aborted' },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    for (const page of options.recorded ?? [])
      this.recorded.set(pageKey(page.lo, page.hi, page.pageSize, page.pageIndex), page);
  }

  async run(): Promise<Result<WindowSyncResult, SyncError>> {
    const { start } = this.options;
    if (start.kind === 'root') {
      this.startPass(new CreationWindow(null, null, true));
    } else {
      this.hi = start.hi;
      for (const w of start.windows) this.startPass(new CreationWindow(w.lo, w.hi));
    }
    const unwatch = this.options.writes.watch((error) => this.fail(error));
    const done = await this.pump.run();
    // Whatever the outcome, no page of this run is left being written when it returns.
    const settled = await this.options.writes.settled();
    unwatch();
    if (!done.ok) return done;
    if (this.failure) return err(this.failure);
    if (!settled.ok) return settled;
    this.options.progress.finish();
    return ok({
      hi: this.hi,
      startedMs: this.startedMs,
      requests: this.requests,
      fetched: this.fetched,
      windows: this.windowsDone,
      refetches: this.refetches,
      replayed: this.replayed,
    });
  }

  // --- requests ---------------------------------------------------------------------------------------------

  private async send(request: PageRequest): Promise<void> {
    const { window: win } = request;
    if (request.replay) return this.onReplay(request, request.replay);
    const query = {
      ...this.options.baseFilter,
      // Only the root probe goes unbounded; once answered, its upper bound is the platform time of that answer.
      ...(win.hi === null ? {} : windowFilter(win)),
      pageIndex: request.pageIndex,
      pageSize: this.pageSize,
    };
    let answer = await this.options.source.listOrders(query);
    if (!answer.ok && isTooLarge(answer.error) && !this.pump.failed) {
      // An answer over the response cap: the same positions in smaller pages, the order that cannot fit skipped.
      const smaller = await refetchInSmallerPages(this.options.source, query, answer.error);
      if (smaller === 'too-deep') {
        if (!this.pump.failed) this.splitTooLarge(win, answer.error);
        return;
      }
      answer = smaller;
    }
    if (!this.pump.failed) this.onAnswer(request, answer);
    // Holds this request slot while the writer is behind: fetched pages never pile up in memory.
    const ready = this.options.writes.ready();
    if (ready) await ready;
    // And while what a kill would lose reaches RUN_AHEAD_PAGES (each request in flight may bring one more page).
    while (this.unrecorded > this.unrecordedLimit() && !this.pump.failed)
      await new Promise<void>((resolve) => this.recordWaiters.push(resolve));
  }

  private unrecordedLimit(): number {
    return Math.max(0, RUN_AHEAD_PAGES - this.options.parallelism);
  }

  private wakeRecordWaiters(): void {
    const waiters = this.recordWaiters;
    this.recordWaiters = [];
    for (const w of waiters) w();
  }

  private queuePage(win: CreationWindow, pageIndex: number, urgency: Urgency): void {
    if (win.pass.requested.has(pageIndex)) return;
    win.pass.requested.add(pageIndex);
    const replay = this.takeRecorded(win, pageIndex);
    // A recorded page goes through the queue too: its answer is taken in after the pages queued with it are known.
    this.pump.push({ window: win, pass: win.pass.number, pageIndex, ...(replay ? { replay } : {}) }, urgency);
    this.options.progress.pagesQueued(1);
  }

  /** The recorded page answering this page of the window's first pass, if an earlier process stored it. */
  private takeRecorded(win: CreationWindow, pageIndex: number): RecordedPage | undefined {
    if (this.recorded.size === 0 || win.pass.number !== 1 || win.hi === null) return undefined;
    const key = pageKey(win.lo, win.hi, this.pageSize, pageIndex);
    const page = this.recorded.get(key);
    if (page) this.recorded.delete(key);
    return page;
  }

  private queuePages(win: CreationWindow, from: number, to: number): void {
    for (let p = from; p <= to; p++) this.queuePage(win, p, 'normal');
  }

  private fail(error: SyncError): void {
    this.failure ??= error;
    this.pump.fail(error);
    this.wakeRecordWaiters();
  }

  private trace(kind: WindowTraceEvent['kind'], win: CreationWindow): void {
    this.options.trace?.({
      kind,
      window: describeWindow(win),
      pass: win.pass.number,
      total: win.largestTotal,
      have: win.known.size,
    });
  }

  // --- answers ----------------------------------------------------------------------------------------------

  /** One answer: stored first (one transaction, even for a window finished meanwhile), then what it tells. */
  private onAnswer(request: PageRequest, answer: Result<OrderPage, ApiError>): void {
    const { window: win } = request;
    if (!answer.ok) return this.fail({ kind: 'api', error: answer.error, window: describeWindow(win) });
    const { data, time } = answer.value;
    const at = this.options.clock.answer(time);
    const seenAtMs = at.seenAtMs;
    this.requests++;
    this.fetched += data.list.length;
    const written = this.options.writes.write(data.list, at, data.skipped, answer.value.bodyChars);
    if (!written.ok) return this.fail(written.error);
    if (win.root && win.hi === null) {
      this.options.progress.expectOrders(data.totalCount);
      this.fixRunBound(win, data.list, seenAtMs);
      if (this.pump.failed) return;
    }
    this.recordPage(request, data);
    this.options.progress.pageFetched(data.list.length);
    if (win.state === 'active') this.takeIn(win, request, data);
  }

  /**
   * A page of a window's first pass is recorded once it has committed (the row follows the page in the writer's
   * stream): a resumed run never asks for it again. A page with skipped orders is not: asked again, they are
   * reported again.
   */
  private recordPage(request: PageRequest, data: OrderPage['data']): void {
    const { window: win } = request;
    if (request.pass !== 1 || win.hi === null || data.skipped.length > 0) return;
    const row = this.options.pageRow({
      lo: win.lo,
      hi: win.hi,
      pageSize: this.pageSize,
      pageIndex: request.pageIndex,
      total: data.totalCount,
      listed: data.list.map((o) => [o.id, o.createTime ?? null]),
    });
    if (!row) return;
    this.unrecorded++;
    this.options.writes.record(row, (recorded) => {
      this.unrecorded--;
      this.wakeRecordWaiters();
      if (!recorded.ok) this.fail(recorded.error);
    });
  }

  /** A recorded page: its orders are stored; what it told of its window is taken in as from an answer. */
  private onReplay(request: PageRequest, page: RecordedPage): void {
    if (this.pump.failed) return;
    this.replayed++;
    // Not this run's request: out of the pages planned (the progress counts what is fetched).
    this.options.progress.pagesCancelled(1);
    const listing: Listing = {
      totalCount: page.total,
      list: page.listed.map(([id, createTime]) => ({ id, createTime })),
      skipped: [],
    };
    if (request.window.state === 'active') this.takeIn(request.window, request, listing);
  }

  /**
   * The platform clock when the root probe was answered bounds the run: nothing created later belongs to it (the
   * catch-up poll after the windows fetches what arrives meanwhile).
   */
  private fixRunBound(win: CreationWindow, list: readonly Order[], seenAtMs: number): void {
    const newest = list.reduce((m, o) => Math.max(m, createdMs(o)), 0);
    win.hi = Math.max(seenAtMs, newest);
    this.hi = win.hi;
    this.startedMs = seenAtMs;
    // Recorded once the page it came with has committed, like every checkpoint row.
    const row = this.options.boundRow(win.hi, seenAtMs);
    if (row) this.options.writes.record(row, (written) => written.ok || this.fail(written.error));
  }

  /** What one answer tells about its (still active) window. */
  private takeIn(win: CreationWindow, request: PageRequest, data: Listing): void {
    // A skipped order still counts towards the window's total: the window completes without it.
    win.learn(data.list, data.skipped, data.totalCount);
    const pass = win.pass;
    const current = request.pass === pass.number;
    if (current) {
      pass.answered++;
      for (const order of data.list) pass.ids.add(order.id);
      for (const order of data.skipped) pass.ids.add(order.id);
      pass.totals.push(data.totalCount);
      if (request.pageIndex === 1) this.onFirstPage(win, data);
      if (this.pump.failed || win.state !== 'active') return;
      if (pass.overfull && request.pageIndex === PAGE_INDEX_MAX) this.splitAtLastPage(win, data);
      if (this.pump.failed) return;
    }
    if (!pass.overfull && win.verified) return this.complete(win, win.largestTotal);
    // An over-full window's pages 1–99 are in: now its last page, where it splits.
    if (current && pass.overfull && pass.finished && !pass.requested.has(PAGE_INDEX_MAX))
      return this.queuePage(win, PAGE_INDEX_MAX, 'urgent');
    if (current && pass.finished) this.endPass(win);
  }

  /** Page 1 of a pass: the window's size decides between done, paging it and splitting it. */
  private onFirstPage(win: CreationWindow, data: Listing): void {
    this.trace('probe', win);
    const pass = win.pass;
    pass.firstListedMs = data.list.length > 0 ? createdMs(data.list[0]!) : undefined;
    // One answer listing the window's whole count is a consistent snapshot of it: complete, even on a moving list.
    if (data.list.length + data.skipped.length === data.totalCount) return this.complete(win, data.totalCount);
    if (data.totalCount > this.listLimit) {
      if (isInstant(win.range)) {
        return this.fail({ kind: 'instant-overflow', instant: formatIsoInstant(win.lo!), count: data.totalCount });
      }
      // A repairing window already holds most of its orders: splitting it finds the few missing ones.
      if (win.repairing && win.known.size >= 2) return;
      pass.overfull = true;
      // Pages 2–99 now, the last page (where the window splits) once they are all in (takeIn). Fetched first, it
      // slipped under churn: orders arriving at the top while pages 2–99 were paged pushed the orders just above
      // its split point into it after it was read, so they were missed and hunted by bisection (PERFORMANCE §2b).
      // Read last, it starts where page 99 ended on a list that has only moved further down: nothing falls between.
      this.queuePages(win, 2, PAGE_INDEX_MAX - 1);
      return;
    }
    if (win.verified) return; // complete once this answer is taken in
    if (win.repairing && !mostlyMissing(win.known.size, win.largestTotal)) return; // the end of the pass splits it
    // Not repairing, or checked and most of it is missing (the part above a split, on a list that is not newest-first).
    win.repairing = false;
    this.queuePages(win, 2, pagesFor(data.totalCount, this.pageSize));
  }

  /** The last page of an over-full window: split it at the creation time of its last order. */
  private splitAtLastPage(win: CreationWindow, data: Listing): void {
    const pass = win.pass;
    const last = data.list[data.list.length - 1];
    const listed = data.list.length + data.skipped.length;
    if (listed < this.pageSize || last === undefined || pass.firstListedMs === undefined) {
      pass.splitBlocked = true; // the list shrank while paging; the next pass decides again
      return;
    }
    const lastMs = parseIsoInstant(last.createTime);
    if (lastMs === undefined) {
      return this.fail({
        kind: 'unsplittable',
        window: describeWindow(win),
        detail: `order ${last.id} has no readable createTime (${String(last.createTime)})`,
      });
    }
    const plan = planSplit(win.range, pass.firstListedMs, lastMs);
    this.trace('split', win);
    // The parts below start now; the part above is made of this window's pages and waits for them.
    if (plan.upper) {
      pass.upperPart = new CreationWindow(plan.upper.lo, plan.upper.hi);
      pass.parts.push(pass.upperPart);
      pass.upperPart.counted = true;
      this.options.progress.windowAdded();
    }
    for (const range of [plan.instant, plan.lower]) {
      if (!range) continue;
      const part = new CreationWindow(range.lo, range.hi);
      pass.parts.push(part);
      this.startPass(part);
    }
  }

  // --- passes -----------------------------------------------------------------------------------------------

  private startPass(win: CreationWindow): void {
    if (!win.counted) {
      win.counted = true;
      this.options.progress.windowAdded();
    }
    const pass = win.nextPass();
    if (pass.number > this.options.maxPasses) {
      return this.fail({
        kind: 'window-unstable',
        window: describeWindow(win),
        passes: pass.number - 1,
        fetched: win.known.size,
        totalCount: win.largestTotal,
      });
    }
    this.queuePage(win, 1, 'urgent');
    // A repeat pass knows the window's size already: queue its pages at once instead of waiting for the probe.
    if (pass.number > 1 && !win.repairing && win.largestTotal <= this.listLimit) {
      this.queuePages(win, 2, pagesFor(win.largestTotal, this.pageSize));
    }
  }

  /** Every page of the pass is in and the window is not verified: split it, or repair it as the policy says. */
  private endPass(win: CreationWindow): void {
    if (win.pass.overfull) {
      if (win.pass.parts.length > 0) return this.finishSplit(win);
      this.trace('repage', win); // the last page came back short: split on the next pass
      return this.startPass(win);
    }
    const knownTimes = win.knownTimes();
    const newest = knownTimes[knownTimes.length - 1];
    const repair = chooseRepair(
      {
        range: win.range,
        knownTimes,
        largestTotal: win.largestTotal,
        repairing: win.repairing,
        arrivalsPerAnswer: win.pass.arrivalsPerAnswer,
        // Page 1 began with the newest known order and brought orders newer than any known before: new orders
        // enter this list at its top.
        newestFirst:
          newest !== undefined &&
          win.pass.firstListedMs !== undefined &&
          win.pass.firstListedMs >= newest &&
          win.pass.newAtTop > 0,
      },
      this.pageSize,
    );
    if (repair.kind === 'restart') {
      win.known.clear();
      win.largestTotal = 0;
      win.repairing = false;
      this.trace('restart', win);
      return this.startPass(win);
    }
    this.refetches++;
    switch (repair.kind) {
      case 'repage':
        win.repairing = false;
        this.trace('repage', win);
        return this.startPass(win);
      case 'probe':
        win.repairing = true;
        this.trace('repair', win);
        return this.startPass(win);
      case 'bisect':
      case 'partition':
        this.trace(repair.kind, win);
        return this.replace(win, repair.parts, repair.kind === 'bisect');
    }
  }

  /**
   * A page too large to read lies too deep in its window to be fetched in smaller pages (page index ≤ 100): the
   * window is cut in two by creation time, so its parts hold fewer orders and their pages can shrink.
   */
  private splitTooLarge(win: CreationWindow, error: ApiError): void {
    if (win.state !== 'active') return; // already split (or done) for another page of it
    const hi = win.hi;
    const known = win.knownTimes();
    const lo = win.lo ?? (known.length > 0 ? known[0]! : 0);
    if (hi === null || hi <= lo) return this.fail({ kind: 'api', error, window: describeWindow(win) });
    // Below the oldest order fetched so far: on a newest-first list the part above holds the pages read already
    // and the part below starts with the order that did not fit. Any other list order still halves the window.
    const below = known.length > 0 ? known[0]! - 1 : undefined;
    const mid = below !== undefined && below > lo && below < hi ? below : lo + Math.floor((hi - lo) / 2);
    const cancelled = this.pump.cancel((request) => request.window === win);
    if (cancelled > 0) this.options.progress.pagesCancelled(cancelled);
    this.trace('bisect', win);
    this.replace(
      win,
      [
        { lo: win.lo, hi: mid },
        { lo: mid + 1, hi },
      ],
      false,
    );
  }

  /** Replaces a window by parts covering it, each knowing what the window knew of it, each probed. */
  private replace(win: CreationWindow, ranges: readonly CreateWindow[], repairing: boolean): void {
    this.options.progress.windowReplaced();
    for (const range of ranges) {
      const part = new CreationWindow(range.lo, range.hi);
      part.repairing = repairing;
      part.inherit(win);
      this.startPass(part);
    }
    win.retire('replaced');
  }

  /** All pages of a split window are in: seed its parts with what they hold, and check the part above. */
  private finishSplit(win: CreationWindow): void {
    const pass = win.pass;
    this.options.progress.windowReplaced();
    // Stable: every page counted the same total and a full list of distinct orders came back (one snapshot).
    const stable = new Set(pass.totals).size === 1 && pass.ids.size === this.listLimit;
    for (const part of pass.parts) {
      if (part.state !== 'active') continue;
      part.inherit(win);
      if (part === pass.upperPart) {
        // On a newest-first list the part above the split holds exactly what the pages brought, but the spec
        // promises no order: one probe of its count checks it (one request per split). When it disagrees — the
        // list moved, or the platform lists in another order — the part is repaired or paged like any window.
        if (!stable) this.refetches++;
        part.repairing = true;
        this.startPass(part);
      } else if (part.largestTotal > 0 && part.verified) {
        this.complete(part, part.largestTotal);
      }
    }
    win.retire('replaced');
  }

  private complete(win: CreationWindow, total: number): void {
    if (win.state !== 'active') return;
    const cancelled = this.pump.cancel((request) => request.window === win);
    if (cancelled > 0) this.options.progress.pagesCancelled(cancelled);
    win.retire('done');
    this.windowsDone++;
    this.options.progress.windowFinished();
    // The checkpoint row waits for the window's pages to commit: a resumed run never trusts a window it lacks.
    const row = this.options.windowRow(win.range, total);
    // Traced only once the checkpoint row is committed: a process killed after this line keeps the window.
    if (!row) return this.trace('complete', win);
    this.options.writes.record(row, (written) => (written.ok ? this.trace('complete', win) : this.fail(written.error)));
  }
}

/** Runs one WindowSync to the end. */
export function syncWindows(options: WindowSyncOptions): Promise<Result<WindowSyncResult, SyncError>> {
  return new WindowSync(options).run();
}
