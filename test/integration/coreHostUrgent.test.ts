/**
 * The core host runs reads one at a time on its thread (SQLite answers synchronously): the calls that reach it while
 * it is busy wait, and the order it takes them in decides who waits longest. A screen's first page (the list, an
 * order) goes first — at a million orders the Orders screen's first page waited behind Home's Insights, the attention
 * queue and the counts that reached the host with it (docs/PERFORMANCE.md §8, "First rows after load").
 * A real host child process over its IPC channel, a real cache filled by a sync from the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreHost } from '../../src/core/host/coreHost';
import { buildHostChild, keychainFor, outOfProcessMaker, sessionConfig, tempDir } from '../helpers/coreHostFixture';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

const ORDERS = 2_000;
let p: TestPlatform;
let child: Awaited<ReturnType<typeof buildHostChild>>;
let host: CoreHost;
const dirs: Array<{ remove(): void }> = [];

beforeAll(async () => {
  [p, child] = await Promise.all([startTestPlatform({ orders: ORDERS, seed: 26 }), buildHostChild()]);
  const d = tempDir('md-host-urgent-');
  dirs.push(d);
  host = outOfProcessMaker(
    () => child.entry,
    () => d.dir,
  )({ config: sessionConfig(p, d.dir, { parallelism: 4 }), secrets: keychainFor(p) }).host;
  expect(await host.call('sync:now', { full: true })).toMatchObject({ ok: true, value: { cached: ORDERS } });
}, 120_000);
afterAll(async () => {
  await host?.dispose();
  await p?.stop();
  child?.remove();
  for (const d of dirs) d.remove();
});

describe('the cache opened ahead of the first read', () => {
  it('orders:openCache opens the existing cache (main sends it as the host starts)', async () => {
    expect(await host.call('orders:openCache', null)).toEqual({ ok: true, value: { opened: true } });
  });
});

describe('the core host takes the urgent calls first', () => {
  it("answers the list's first page before the Home reads, counts and queue that reached the host before it", async () => {
    const answered: string[] = [];
    const at: Record<string, number> = {};
    const call = (name: string, operation: string, request?: unknown) =>
      host.call(operation, request).then((r) => {
        answered.push(name);
        at[name] = performance.now();
        return r;
      });
    // The host is busy (a slow read); meanwhile Home's reads, the frame's and the views' counts, then the list's
    // first page reach it, in that order.
    const busy = call('busy', 'test.busy', 400);
    // Sent once the host has taken the busy call (it holds the thread for 400 ms from then).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const others = [
      call('insights today', 'insights:get', {
        range: { from: '2026-11-26', to: '2026-11-26' },
        top: 1,
        timeZone: 'UTC',
      }),
      call('insights month', 'insights:get', {
        range: { from: '2026-10-28', to: '2026-11-26' },
        top: 1,
        timeZone: 'UTC',
      }),
      // Stands for a read as slow as Home's 30 days of Insights at a million orders.
      call('slow read', 'test.busy', 300),
      call('attention', 'orders:attention', { limitPerKind: 5 }),
      call('quick count', 'orders:countQuick', {}),
      call('count', 'orders:count', {}),
      call('status', 'sync:status'),
    ];
    const page = call('first page', 'orders:queryPage', { limit: 100 });
    const results = await Promise.all([busy, ...others, page]);
    for (const r of results) expect(r).toMatchObject({ ok: true });
    const rows = await page;
    expect(rows.ok && (rows.value as { list: unknown[] }).list).toHaveLength(100);
    // The busy read was running: nothing overtakes it. After it, the first page, then the rest in their order.
    expect(answered.slice(0, 2)).toEqual(['busy', 'first page']);
    expect(answered.slice(2)).toEqual([
      'insights today',
      'insights month',
      'slow read',
      'attention',
      'quick count',
      'count',
      'status',
    ]);
    // Answered as soon as its own read is done, not when the reads started with it are.
    expect(at['slow read']! - at['first page']!).toBeGreaterThan(250);
  });
});

describe("a large answer leaves the core host before the next call's synchronous work", () => {
  it('a 200 KiB answer is not held behind a 400 ms read that reached the host with it', async () => {
    const at: Record<string, number> = {};
    const timed = (name: string, operation: string, request: unknown) =>
      host.call(operation, request).then((r) => {
        at[name] = performance.now();
        return r;
      });
    // The page-sized answer first, then a read that holds the host's thread: both reach the host together (as the
    // first page and a count do at load). The answer is bigger than the channel's pipe takes in one write.
    const sent = performance.now();
    const [large, busy] = await Promise.all([timed('large', 'test.large', 200), timed('busy', 'test.busy', 400)]);
    expect(large).toMatchObject({ ok: true });
    expect(large.ok && (large.value as string).length).toBe(200 * 1024);
    expect(busy).toMatchObject({ ok: true });
    // Before: the answer's first 64 KiB left, the rest waited in the host for the busy read (both within ms).
    expect(at.busy! - at.large!).toBeGreaterThan(300);
    expect(at.large! - sent).toBeLessThan(300);
  });
});
