/**
 * One suite, run against both CoreHost implementations (in this process, and in a Node child process over the
 * port — what the Electron utility process is to the app): the same calls give the same answers and events.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CoreHost } from '../../src/core/host/coreHost';
import type { HostEvent } from '../../src/core/host/operations';
import type { SyncProgress } from '../../src/core/sync/progress';
import {
  buildHostChild,
  inProcessMaker,
  keychainFor,
  nextEvent,
  outOfProcessMaker,
  PROFILE,
  sessionConfig,
  tempDir,
  type HostMaker,
} from '../helpers/coreHostFixture';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

const ORDERS = 1_200;
let p: TestPlatform;
let child: Awaited<ReturnType<typeof buildHostChild>>;
const dirs: Array<{ remove(): void }> = [];

beforeAll(async () => {
  [p, child] = await Promise.all([startTestPlatform({ orders: ORDERS, seed: 91 }), buildHostChild()]);
}, 60_000);
afterAll(async () => {
  await p?.stop();
  child?.remove();
  for (const d of dirs) d.remove();
});

function coreHostSuite(name: string, make: HostMaker, runsInThisProcess: boolean): void {
  describe(`CoreHost: ${name}`, () => {
    let host: CoreHost;
    let keychain: ReturnType<typeof keychainFor>;

    function start(): CoreHost {
      const d = tempDir('md-host-');
      dirs.push(d);
      keychain = keychainFor(p);
      // Small pages: several windows and many progress events from a small sandbox.
      host = make({ config: sessionConfig(p, d.dir, { pageSize: 50, parallelism: 2 }), secrets: keychain }).host;
      return host;
    }
    afterEach(async () => {
      await host?.dispose();
    });

    it('runs the operations where it should', async () => {
      start();
      const r = await host.call('test.pid');
      expect(r.ok).toBe(true);
      expect(r.ok && r.value === process.pid).toBe(runsInThisProcess);
      expect(host.status.state).toBe('ready');
    });

    it('a full sync emits progress events, then the cache answers queries; a second sync is incremental', async () => {
      start();
      const progress: SyncProgress[] = [];
      const off = host.onEvent((e: HostEvent) => {
        if (e.name === 'sync:progress') progress.push(e.data as SyncProgress & { profileId: string });
      });
      const full = await host.call('sync:now', { full: true });
      off();
      expect(full).toMatchObject({ ok: true, value: { mode: 'full', cached: ORDERS, inserted: ORDERS } });
      expect(progress.length).toBeGreaterThan(ORDERS / 50 - 1);
      expect(progress.find((e) => e.phase === 'windows' && e.finished)).toMatchObject({ ordersFetched: ORDERS });

      const q = await host.call('orders:queryPage', { sellerOrderStatus: [4], limit: 5 });
      expect(q).toMatchObject({ ok: true, value: { list: expect.any(Array) } });
      const value = q.ok ? (q.value as { list: Array<{ orderStatus: number }> }) : undefined;
      expect(value!.list.length).toBeGreaterThan(0);
      expect(value!.list.every((o) => o.orderStatus === 4)).toBe(true);
      const count = await host.call('orders:count', { sellerOrderStatus: [4] });
      expect(count.ok && (count.value as { count: number }).count).toBeGreaterThanOrEqual(value!.list.length);

      const again = await host.call('sync:now', {});
      expect(again).toMatchObject({ ok: true, value: { mode: 'incremental' } });
    });

    it('reads secrets from the keychain of the process that created it', async () => {
      start();
      expect(await host.call('test.token', { profileId: PROFILE })).toEqual({ ok: true, value: 'set' });
      expect(await host.call('test.token', { profileId: 'nobody' })).toEqual({ ok: true, value: 'not set' });
      expect(keychain.reads).toEqual([`${PROFILE}:token`, 'nobody:token']);
    });

    it('reports bad input, unknown operations and thrown errors as typed values', async () => {
      start();
      expect(await host.call('orders:queryPage', { limit: 0 })).toMatchObject({
        ok: false,
        error: { kind: 'invalid-input', message: expect.stringContaining('limit must be 1 to 1000') },
      });
      expect(await host.call('orders.nope')).toMatchObject({ ok: false, error: { kind: 'unknown-operation' } });
      expect(await host.call('constructor')).toMatchObject({ ok: false, error: { kind: 'unknown-operation' } });
      expect(await host.call('test.echo', { f: () => 1 })).toMatchObject({
        ok: false,
        error: { kind: 'host-internal' },
      });
    });

    it('copies payloads and results (no shared objects), keeping exact types', async () => {
      start();
      const payload = { id: '18446744073709551615', at: new Date(0), list: [1, 2] };
      const r = await host.call('test.echo', payload);
      expect(r).toEqual({ ok: true, value: payload });
      expect(r.ok && r.value).not.toBe(payload);
    });

    it('cancels: an ordinary call ends as aborted, the operation sees its signal, the host goes on', async () => {
      start();
      const controller = new AbortController();
      const waiting = host.call('test.waitForCancel', undefined, { signal: controller.signal });
      await host.call('test.pid'); // the first call is in flight
      controller.abort();
      expect(await waiting).toMatchObject({ ok: false, error: { kind: 'aborted', operation: 'test.waitForCancel' } });
      const cancelledSync = new AbortController();
      cancelledSync.abort();
      expect(await host.call('sync:now', {}, { signal: cancelledSync.signal })).toMatchObject({
        ok: false,
        error: { kind: 'aborted' },
      });
      expect((await host.call('test.pid')).ok).toBe(true);
    });

    it('cancelling a money-moving call waits for its own answer instead of claiming it was cancelled', async () => {
      start();
      const controller = new AbortController();
      const sending = host.call('test.moneyWaitForCancel', undefined, { signal: controller.signal });
      await host.call('test.pid');
      controller.abort();
      expect(await sending).toEqual({
        ok: false,
        error: { kind: 'outcome-unknown', message: 'cancelled while sending' },
      });
    });

    it('delivers events to subscribers until they unsubscribe', async () => {
      start();
      const seen: unknown[] = [];
      const off = host.onEvent((e) => seen.push(e));
      const first = nextEvent(host, 'test.event');
      await host.call('test.emit', { n: 1 });
      expect(await first).toEqual({ name: 'test.event', data: { n: 1 } });
      off();
      await host.call('test.emit', { n: 2 });
      await host.call('test.pid');
      expect(seen).toEqual([{ name: 'test.event', data: { n: 1 } }]);
    });

    it('a host that cannot start (bad configuration) answers every call with host-failed', async () => {
      const d = tempDir('md-host-bad-');
      dirs.push(d);
      const config = { ...sessionConfig(p, d.dir), cacheFile: '' };
      host = make({ config, secrets: keychainFor(p) }).host;
      const r = await host.call('test.pid');
      expect(r).toMatchObject({ ok: false, error: { kind: 'host-failed' } });
      expect(host.status.state).toBe('failed');
    });

    it('after dispose, calls fail as host-stopped', async () => {
      start();
      await host.call('test.pid');
      await host.dispose();
      expect(host.status.state).toBe('stopped');
      expect(await host.call('test.pid')).toMatchObject({ ok: false, error: { kind: 'host-stopped' } });
    });
  });
}

let logDir: string;
beforeAll(() => {
  const d = tempDir('md-host-log-');
  dirs.push(d);
  logDir = d.dir;
});

coreHostSuite('in process', inProcessMaker(), true);
coreHostSuite(
  'out of process (Node child over the port)',
  outOfProcessMaker(
    () => child.entry,
    () => logDir,
  ),
  false,
);
