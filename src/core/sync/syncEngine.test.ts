import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseIsoInstant } from '../../shared/time/isoInstant';
import { openOrderCache } from '../cache/openCache';
import type { OrderCache } from '../cache/orderCache';
import type { OrderListQueryInput } from '../../shared/domain/requests';
import type { ChangeEvent } from './changeEvents';
import { Checkpoint } from './checkpoint';
import { LOCAL_CLOCK_MARGIN_MS } from './platformClock';
import type { SyncProgress } from './progress';
import type { StoredChangeEvent } from './syncContext';
import { SyncEngine, type SyncEngineDeps } from './syncEngine';
import { FakePlatform } from './testing/fakePlatform';
import type { CreateWindow } from './windowPlanner';

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
const DAY = 86_400_000;
let cache: OrderCache;

beforeEach(() => {
  const r = openOrderCache({ file: path.join(mkdtempSync(path.join(tmpdir(), 'md-sync-')), 'c.sqlite') });
  if (!r.ok) throw new Error(r.error.kind);
  cache = r.value;
});
afterEach(() => cache.close());

/** A deterministic spread of creation times over two years, with `dense` of them on one day. */
function history(n: number, dense = 0, seed = 1): number[] {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const denseDay = NOW - 5 * DAY;
  return Array.from({ length: n }, (_, i) =>
    i < dense ? denseDay + Math.floor(rnd() * DAY) : NOW - 1000 - Math.floor(rnd() * 730 * DAY),
  );
}

function cachedIds(): string[] {
  return [...cache.iterateIds()].sort();
}

function engine(platform: FakePlatform, deps: Partial<SyncEngineDeps> = {}) {
  return new SyncEngine({ cache, source: platform, now: () => platform.clock, ...deps });
}

const bounds = (r: OrderListQueryInput) => ({
  lo: r.createBeginDate === undefined ? -Infinity : parseIsoInstant(r.createBeginDate)!,
  hi: r.createEndDate === undefined ? Infinity : parseIsoInstant(r.createEndDate)!,
});

describe('full sync', () => {
  // The spec names no list order. The split logic uses it only as a hint: every part is checked by its count.
  it.each(['oldest-first', 'id-descending'] as const)(
    'fetches every order whatever the list order (%s), with bounded requests',
    async (listOrder) => {
      const platform = new FakePlatform(NOW);
      platform.listOrder = listOrder;
      platform.add(history(15_000));
      const r = await engine(platform).sync();
      expect(r).toMatchObject({ ok: true, value: { mode: 'full', inserted: 15_000, cached: 15_000 } });
      expect(cachedIds()).toEqual(platform.ids().sort());
      expect(platform.requests.length).toBeLessThan(3 * 150);
    },
    60_000,
  );

  it('fetches every order past the 10,000-per-query limit, splitting a dense day below a day, with near-minimal requests', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(25_000, 12_000));
    const r = await engine(platform).sync();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(cachedIds()).toEqual(platform.ids().sort());
    expect(r.value).toMatchObject({
      mode: 'full',
      inserted: 25_000,
      updated: 0,
      cached: 25_000,
      events: 0,
      refetches: 0,
    });
    const windowRequests = platform.requests.filter((q) => q.updateBeginDate === undefined);
    expect(windowRequests.length / 250).toBeLessThanOrEqual(1.05);
    expect(r.value.windows).toBeGreaterThanOrEqual(3);
    // The dense day (12,000 orders) had to be split inside the day: some window ends within it.
    const denseDay = NOW - 5 * DAY;
    const ends = windowRequests.map((q) => bounds(q).hi).filter((hi) => hi > denseDay && hi < denseDay + DAY);
    expect(ends.length).toBeGreaterThan(0);
  });

  it('lists an instant holding exactly 10,000 orders', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(Array.from({ length: 10_000 }, () => NOW - DAY));
    platform.add(history(1_500));
    const r = await engine(platform).sync();
    expect(r.ok).toBe(true);
    expect(cachedIds()).toEqual(platform.ids().sort());
  });

  it('stops with a typed error, not a loop, when more than 10,000 orders share one millisecond', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(Array.from({ length: 10_050 }, () => NOW - DAY));
    platform.add(history(300));
    const r = await engine(platform).sync();
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'instant-overflow', instant: new Date(NOW - DAY).toISOString(), count: 10_050 },
    });
    expect(platform.requests.length).toBeLessThan(400);
    // What could be listed is kept.
    expect(cache.orderCount().ok && (cache.orderCount() as { value: number }).value).toBeGreaterThan(0);
  });

  it('re-fetches a window whose list moved while paging, and ends equal to the platform', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(14_000, 3_000));
    // Every 9th request: an order appears with a past creation time (inside windows being paged) and an old
    // update time, so only the window check can find it; another order changes.
    let inserted = 0;
    platform.beforeAnswer = (n) => {
      if (n % 9 !== 0 || inserted >= 12) return;
      inserted++;
      const createMs = NOW - 1000 - ((n * 7_777_777) % (700 * DAY));
      const [o] = platform.add([createMs]);
      void o;
      const victim = platform.ids()[(n * 31) % platform.size]!;
      platform.clock += 1;
      platform.update(victim, { orderStatus: 4 });
    };
    const traced: string[] = [];
    const r = await engine(platform, { trace: (e) => traced.push(e.kind) }).sync();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(inserted).toBe(12);
    expect(r.value.refetches).toBeGreaterThan(0);
    // The moved windows were repaired by bisecting (probes), not by paging 10,000 orders again.
    expect(traced).toContain('bisect');
    expect(r.value.requests).toBeLessThan(1.35 * 141);
    expect(cachedIds()).toEqual(platform.ids().sort());
    for (const id of platform.ids().slice(0, 2000))
      expect(cache.getOrder(id)).toEqual({ ok: true, value: platform.get(id) });
  });

  it('keeps at most `parallelism` requests in flight', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(3_000));
    let inFlight = 0;
    let peak = 0;
    const slow = {
      listOrders: async (input: OrderListQueryInput) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((res) => setTimeout(res, 2));
        const r = await platform.listOrders(input);
        inFlight--;
        return r;
      },
    };
    const r = await engine(platform, { source: slow, settings: { parallelism: 3 } }).sync();
    expect(r.ok).toBe(true);
    expect(peak).toBe(3);
  });

  it('reports progress: windows, pages, orders and an ETA', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(12_000));
    const events: SyncProgress[] = [];
    let t = NOW;
    const r = await engine(platform, { now: () => (t += 10) }).sync({ onProgress: (p) => events.push(p) });
    expect(r.ok).toBe(true);
    const windows = events.filter((e) => e.phase === 'windows');
    const last = windows.at(-1)!;
    expect(last.ordersExpected).toBe(12_000);
    expect(last.ordersFetched).toBeGreaterThanOrEqual(12_000);
    expect(last.windowsDone).toBe(last.windowsKnown);
    expect(last.pagesDone).toBe(last.pagesPlanned);
    expect(windows.every((e, i) => i === 0 || e.pagesDone >= windows[i - 1]!.pagesDone)).toBe(true);
    expect(windows[10]!.etaMs).toBeGreaterThan(0);
    expect(last.etaMs).toBe(0);
    expect(events.some((e) => e.phase === 'catch-up')).toBe(true);
  });
});

describe('the first full sync loads without the secondary indexes', () => {
  const secondary = () =>
    cache.db
      .prepare(
        "SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL ORDER BY name",
      )
      .pluck()
      .all();

  it('builds them at the end (and queries answer meanwhile); a later full sync keeps them', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(3_000));
    const indexes = secondary();
    expect(indexes.length).toBeGreaterThan(10);
    const seen: number[] = [];
    const first = await engine(platform).sync({
      onProgress: () => {
        seen.push(secondary().length);
        const page = cache.query({ sellerOrderStatus: [1, 2], limit: 5 });
        expect(page.ok).toBe(true);
      },
    });
    expect(first).toMatchObject({ ok: true, value: { mode: 'full', cached: 3_000 } });
    expect(seen).toContain(0);
    expect(secondary()).toEqual(indexes);
    seen.length = 0;
    const again = await engine(platform).sync({ full: true, onProgress: () => seen.push(secondary().length) });
    expect(again).toMatchObject({ ok: true, value: { mode: 'full' } });
    expect(seen.every((n) => n === indexes.length)).toBe(true);
    expect(secondary()).toEqual(indexes);
  }, 60_000);

  it('a first sync that fails keeps them deferred, like a killed one: its resume loads without them and builds them', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(3_000));
    const indexes = secondary();
    platform.failure = (n) => (n === 8 ? { kind: 'http', status: 401 } : undefined);
    const r = await engine(platform).sync();
    expect(r.ok).toBe(false);
    expect(cache.orderCount()).toMatchObject({ ok: true });
    expect(secondary()).toEqual([]);
    platform.failure = undefined;
    const seen = new Set<number>();
    const resumed = await engine(platform).sync({ onProgress: () => seen.add(secondary().length) });
    expect(resumed).toMatchObject({ ok: true, value: { mode: 'full', resumed: true, cached: 3_000 } });
    expect([...seen]).toContain(0);
    expect(secondary()).toEqual(indexes);
  }, 60_000);
});

describe('a failed or interrupted sync', () => {
  it('keeps every stored order, and the next sync resumes without refetching finished windows', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(30_000, 11_000));
    platform.failure = (n) => (n === 180 ? { kind: 'http', status: 401 } : undefined);
    const first = await engine(platform, { settings: { parallelism: 2 } }).sync();
    expect(first).toMatchObject({ ok: false, error: { kind: 'api', error: { kind: 'http', status: 401 } } });
    const kept = cache.orderCount();
    expect(kept.ok && kept.value).toBeGreaterThan(10_000);
    const checkpoint = new Checkpoint(cache);
    const status = checkpoint.status();
    if (!status.ok || !status.value.running) throw new Error('expected an unfinished run');
    const finished = checkpoint.finishedWindows(status.value.running.id);
    if (!finished.ok) throw new Error('no windows');
    expect(finished.value.length).toBeGreaterThan(0);

    platform.failure = undefined;
    const before = platform.requests.length;
    const second = await engine(platform).sync();
    expect(second).toMatchObject({ ok: true, value: { mode: 'full', resumed: true } });
    expect(cachedIds()).toEqual(platform.ids().sort());
    const overlaps = (w: CreateWindow, q: OrderListQueryInput) => {
      const b = bounds(q);
      return b.lo <= w.hi && b.hi >= (w.lo ?? -Infinity);
    };
    const resumedWindowRequests = platform.requests.slice(before).filter((q) => q.updateBeginDate === undefined);
    for (const q of resumedWindowRequests)
      for (const w of finished.value) expect(overlaps(w, q), JSON.stringify({ q, w })).toBe(false);
    // Only the unfinished part (about 30,000 - what the finished windows hold) was fetched again.
    expect(resumedWindowRequests.length).toBeLessThan(300 - finished.value.length);
  }, 60_000);

  // Issue 26: a kill (here a failure) mid-window no longer costs the window's pages already stored. Taking them from
  // the checkpoint relies on no list order: with another order after the restart, the window's count finds the gaps.
  it.each(['newest-first', 'oldest-first'] as const)(
    'a resumed run takes the pages of its unfinished window from the checkpoint, never asking again (list order after the restart: %s)',
    async (orderAfter) => {
      const platform = new FakePlatform(NOW);
      platform.add(history(30_000, 11_000));
      // The root window's 100 pages, its split's probe, then 60 pages into the next window.
      platform.failure = (n) => (n === 162 ? { kind: 'http', status: 401 } : undefined);
      const first = await engine(platform, { settings: { parallelism: 1 } }).sync();
      expect(first.ok).toBe(false);
      const runId = new Checkpoint(cache).status();
      if (!runId.ok || !runId.value.running) throw new Error('expected an unfinished run');
      const recorded = new Checkpoint(cache).recordedPages(runId.value.running.id);
      if (!recorded.ok) throw new Error('pages');
      expect(recorded.value.map((page) => page.pageIndex)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));

      platform.failure = undefined;
      platform.listOrder = orderAfter;
      const before = platform.requests.length;
      const second = await engine(platform).sync();
      expect(second).toMatchObject({ ok: true, value: { mode: 'full', resumed: true } });
      expect(cachedIds()).toEqual(platform.ids().sort());
      const asked = platform.requests.slice(before).filter((q) => q.updateBeginDate === undefined);
      const page = recorded.value[0]!;
      const sameWindow = (q: OrderListQueryInput) => {
        const b = bounds(q);
        return b.lo === (page.lo ?? -Infinity) && b.hi === page.hi;
      };
      // Pass 1 of the unfinished window asked for its pages from 61 on only.
      const firstPass = asked.filter(sameWindow).slice(0, 40);
      expect(firstPass.map((q) => q.pageIndex)).toEqual(Array.from({ length: 40 }, (_, i) => i + 61));
      if (orderAfter === 'newest-first') expect(asked.filter(sameWindow)).toHaveLength(40);
      expect(new Checkpoint(cache).recordedPages(runId.value.running.id)).toEqual({ ok: true, value: [] });
    },
    60_000,
  );

  it('records an unfinished run only once something was fetched', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(500));
    const down = { kind: 'network', message: 'down', sent: false } as const;
    const running = () => {
      const s = new Checkpoint(cache).status();
      if (!s.ok) throw new Error(s.error.kind);
      return s.value.running;
    };
    platform.failure = (n) => (n === 1 ? down : undefined);
    expect(await engine(platform).sync()).toMatchObject({ ok: false, error: { kind: 'api' } });
    expect(running()).toBeUndefined();

    platform.failure = undefined;
    expect((await engine(platform).sync()).ok).toBe(true);
    platform.clock += 60_000;
    const first = platform.requests.length + 1;
    platform.failure = (n) => (n === first ? down : undefined);
    expect((await engine(platform).sync()).ok).toBe(false); // a poll failing at its first request
    expect(running()).toBeUndefined();

    for (const id of platform.ids().slice(0, 150)) platform.update(id, { orderStatus: 5 });
    const second = platform.requests.length + 2;
    platform.failure = (n) => (n === second ? down : undefined);
    expect((await engine(platform).sync()).ok).toBe(false); // page 1 of 2 stored, then the failure
    expect(running()).toMatchObject({ mode: 'incremental', status: 'running' });
  });

  it('never deletes cached orders, even when the platform no longer lists them', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(500));
    await engine(platform).sync();
    const gone = platform.ids()[0]!;
    platform.remove(gone);
    platform.clock += 60_000;
    const r = await engine(platform).sync({ full: true });
    expect(r.ok).toBe(true);
    expect(cache.getOrder(gone)).toMatchObject({ ok: true, value: { id: gone } });
  });
});

describe('incremental sync', () => {
  it('polls from the watermark minus the overlap; a poll with nothing changed costs exactly one request', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(2_000));
    const full = await engine(platform, { settings: { overlapMs: 60_000 } }).sync();
    expect(full.ok).toBe(true);
    platform.clock += 3_600_000;
    const before = platform.requests.length;
    const poll = await engine(platform, { settings: { overlapMs: 60_000 } }).sync();
    expect(poll).toMatchObject({
      ok: true,
      value: { mode: 'incremental', requests: 1, fetched: 0, inserted: 0, updated: 0 },
    });
    expect(platform.requests.length - before).toBe(1);
    const sent = platform.requests.at(-1)!;
    expect(sent.updateBeginDate).toBe(new Date(NOW - 60_000).toISOString());
    expect(sent.pageSize).toBe(100);
    expect(poll.ok && poll.value.watermark).toBe(new Date(NOW + 3_600_000).toISOString());
  });

  it('a platform answer without `time`: the local clock, set back, stands in — a local clock 5 minutes ahead misses no update', async () => {
    const platform = new FakePlatform(NOW);
    platform.sendsTime = false;
    platform.add(history(500));
    const ahead = () => platform.clock + 5 * 60_000;
    expect(await engine(platform, { now: ahead }).sync()).toMatchObject({ ok: true, value: { mode: 'full' } });
    platform.clock += 60_000; // one minute later on the platform
    const [id] = platform.ids();
    platform.update(id!, { orderStatus: 6 }); // updated at the platform's "now"
    const poll = await engine(platform, { now: ahead }).sync();
    expect(poll).toMatchObject({ ok: true, value: { mode: 'incremental', updated: 1 } });
    expect(cache.getOrder(id!)).toMatchObject({ ok: true, value: { orderStatus: 6 } });
  });

  it('a platform clock far off (time 2999): reported once, the local clock stands in, later polls still see changes', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(300));
    platform.answerTime = () => '2999-01-01T00:00:00.000Z';
    const progress: SyncProgress[] = [];
    const full = await engine(platform).sync({ onProgress: (p) => progress.push(p) });
    expect(full).toMatchObject({
      ok: true,
      value: {
        mode: 'full',
        clockSkew: { platformTime: '2999-01-01T00:00:00.000Z', localTime: new Date(NOW).toISOString() },
      },
    });
    expect(progress.at(-1)!.clockSkew).toMatchObject({ platformTime: '2999-01-01T00:00:00.000Z' });
    expect(full.ok && Date.parse(full.value.watermark)).toBeLessThanOrEqual(NOW + LOCAL_CLOCK_MARGIN_MS);
    for (let poll = 0; poll < 2; poll++) {
      platform.clock += 60_000;
      const [id] = platform.ids().slice(poll);
      platform.update(id!, { orderStatus: 6 - poll });
      const r = await engine(platform).sync();
      expect(r).toMatchObject({ ok: true, value: { mode: 'incremental', updated: 1 } });
      expect(cache.getOrder(id!)).toMatchObject({ ok: true, value: { orderStatus: 6 - poll } });
    }
  });

  it('a platform clock that jumps ahead after a full sync: a fresh copy fetched a minute later is applied, not judged stale', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(300));
    expect(await engine(platform).sync()).toMatchObject({ ok: true, value: { mode: 'full' } });
    platform.answerTime = () => '2999-01-01T00:00:00.000Z';
    platform.clock += 60_000;
    const [id] = platform.ids();
    platform.update(id!, { orderStatus: 6 });
    const poll = await engine(platform).sync();
    expect(poll).toMatchObject({ ok: true, value: { mode: 'incremental', updated: 1, unchanged: 0 } });
    expect(cache.getOrder(id!)).toMatchObject({ ok: true, value: { orderStatus: 6 } });
    // The update time the cache records is still a believable one (the stand-in), never the year 2999.
    const changed = cache.db.prepare('SELECT changed_ms FROM orders WHERE id = ?').pluck().get(id) as number;
    expect(changed).toBeLessThanOrEqual(platform.clock);
    // The clock comes back: the next change is applied too (the copy from "2999" does not freeze the order).
    platform.answerTime = undefined;
    platform.clock += 60_000;
    platform.update(id!, { orderStatus: 5 });
    expect(await engine(platform).sync()).toMatchObject({ ok: true, value: { updated: 1 } });
    expect(cache.getOrder(id!)).toMatchObject({ ok: true, value: { orderStatus: 5 } });
  });

  it('a watermark stored past the local clock (by a far-ahead platform clock) is not trusted: a full sync instead', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(300));
    expect((await engine(platform).sync()).ok).toBe(true);
    cache.db.prepare("UPDATE meta SET value = ? WHERE key = 'sync.watermarkMs'").run(String(Date.UTC(2998, 11, 31)));
    platform.clock += 60_000;
    const [id] = platform.ids();
    platform.update(id!, { orderStatus: 6 });
    const r = await engine(platform).sync();
    expect(r).toMatchObject({
      ok: true,
      value: { mode: 'full', updated: 1, clockSkew: { platformTime: '2998-12-31T00:00:00.000Z' } },
    });
    // Nor is an unfinished poll asking for the updates since then.
    platform.clock += 60_000;
    platform.update(id!, { orderStatus: 3 });
    cache.db
      .prepare(
        "INSERT INTO sync_run (mode, status, base_filter, local_started) VALUES ('incremental', 'running', ?, ?)",
      )
      .run(JSON.stringify({ updateBeginDate: '2998-12-31T00:00:00.000Z' }), NOW);
    expect(await engine(platform).sync()).toMatchObject({ ok: true, value: { resumed: false, updated: 1 } });
    expect(cache.getOrder(id!)).toMatchObject({ ok: true, value: { orderStatus: 3 } });
  });

  it('upserts what changed since the watermark, and new orders', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(3_000));
    await engine(platform).sync();
    platform.clock += 600_000;
    const changed = platform.ids().slice(0, 150);
    for (const id of changed) platform.update(id, { orderStatus: 5, remark: 'cancelled by buyer' });
    const fresh = platform.add([platform.clock - 10, platform.clock - 5]);
    platform.clock += 1000;
    const r = await engine(platform).sync();
    expect(r).toMatchObject({ ok: true, value: { mode: 'incremental', inserted: 2, updated: 150, requests: 2 } });
    for (const id of changed) expect(cache.getOrder(id)).toMatchObject({ ok: true, value: { orderStatus: 5 } });
    for (const o of fresh) expect(cache.getOrder(o.id)).toMatchObject({ ok: true, value: { id: o.id } });
    expect(cache.query({ updateBeginDate: new Date(NOW).toISOString(), search: 'cancelled' })).toMatchObject({
      ok: true,
      value: { total: 150 },
    });
  });

  it('emits every change event type once, and none during the first full sync', async () => {
    const platform = new FakePlatform(NOW);
    const [a, b, c, d, e] = platform.add(history(5), {
      orderStatus: 2,
      orderDeliveryStatus: 0,
      deliveryType: 1,
      isExistAfterSales: false,
      orderAfterSalesStatus: 0,
      isExistDispute: false,
    });
    platform.add(history(995));
    const seen: StoredChangeEvent[] = [];
    // Changes during the first full sync must not produce events either.
    platform.beforeAnswer = (n) => {
      if (n === 3) platform.update(e!.id, { orderStatus: 3 });
    };
    const first = await engine(platform).sync({ onChange: (ev) => seen.push(ev) });
    expect(first).toMatchObject({ ok: true, value: { events: 0 } });
    expect(seen).toEqual([]);
    platform.beforeAnswer = undefined;

    platform.clock += 600_000;
    platform.update(a!.id, { orderStatus: 3 });
    platform.update(b!.id, { orderDeliveryStatus: 1 });
    platform.update(c!.id, { isExistAfterSales: true, orderAfterSalesStatus: 1 });
    platform.update(d!.id, { isExistDispute: true });
    const [created] = platform.add([platform.clock - 1]);
    const poll = await engine(platform).sync({ onChange: (ev) => seen.push(ev) });
    expect(poll).toMatchObject({ ok: true, value: { events: 5 } });
    const byType = (t: ChangeEvent['type']) => seen.filter((ev) => ev.type === t);
    expect(byType('order-status-changed')).toMatchObject([{ orderId: a!.id, from: 2, to: 3 }]);
    expect(byType('delivery-status-changed')).toMatchObject([
      { orderId: b!.id, from: { status: 0 }, to: { status: 1 } },
    ]);
    // The status field is not read (the spec's Order has none): the learning pass says the state, not the sync.
    expect(byType('after-sales-opened')).toMatchObject([{ orderId: c!.id, status: null }]);
    expect(byType('dispute-opened')).toMatchObject([{ orderId: d!.id }]);
    expect(byType('new-order')).toMatchObject([{ orderId: created!.id }]);

    platform.clock += 600_000;
    platform.update(c!.id, { isExistAfterSales: false });
    await engine(platform).sync({ onChange: (ev) => seen.push(ev) });
    expect(byType('after-sales-changed')).toMatchObject([
      { orderId: c!.id, from: { exists: true, status: null }, to: { exists: false, status: null } },
    ]);
    // The overlap re-fetches unchanged orders: no duplicate events.
    platform.clock += 1000;
    await engine(platform).sync({ onChange: (ev) => seen.push(ev) });
    expect(seen).toHaveLength(6);
    // The same events are in the cache's outbox, in order.
    const stored = cache.eventsSince(0);
    expect(stored.ok && stored.value.map((s) => s.type)).toEqual(seen.map((s) => s.type));
  });

  it('resumes an unfinished full sync before polling', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(12_000));
    platform.failure = (n) => (n === 40 ? { kind: 'network', message: 'down', sent: false } : undefined);
    expect((await engine(platform).sync()).ok).toBe(false);
    platform.failure = undefined;
    const r = await engine(platform).sync();
    expect(r).toMatchObject({ ok: true, value: { mode: 'full', resumed: true } });
    expect(cachedIds()).toEqual(platform.ids().sort());
  });
});
