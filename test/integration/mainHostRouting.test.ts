/**
 * Electron main's platform domains routed through a real supervised core host (a Node child process speaking the
 * utility process's messages) against a sandbox on loopback: the handlers main registers, called through the
 * contract's gate as a window would, with the active profile read from a real settings file. The host is killed
 * for real (SIGKILL) to check what reaches the window.
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CoreHost } from '../../src/core/host/coreHost';
import { createFileKeyStore } from '../../src/core/keys/keyStore';
import { createConfProfileStore } from '../../src/core/profiles/confProfileStore';
import type { ProfileStore } from '../../src/core/profiles/profileStore';
import { createEventPublisher } from '../../src/appHost/eventPublisher';
import { composedApp } from '../helpers/composedApp';
import type { Order } from '../../src/shared/domain/order';
import { SHOP } from '../helpers/appPorts';
import {
  PROFILE,
  buildHostChild,
  keychainFor,
  outOfProcessMaker,
  tempDir,
  untilState,
  type HostUnderTest,
} from '../helpers/coreHostFixture';
import { startTestPlatform, testKeys, type TestPlatform } from '../helpers/sandboxFixture';
import { strictGate } from '../helpers/stubImplementations';

let p: TestPlatform;
let child: Awaited<ReturnType<typeof buildHostChild>>;
let dir: { dir: string; remove(): void };
let profiles: ProfileStore;
let keychain: ReturnType<typeof keychainFor>;
const started: HostUnderTest[] = [];

beforeAll(async () => {
  // Latency keeps a sync running long enough to be killed in the middle of it.
  [p, child] = await Promise.all([
    startTestPlatform({ orders: 1_500, seed: 93, faults: { latencyMs: 10 } }),
    buildHostChild(),
  ]);
  dir = tempDir('md-main-host-');
  profiles = createConfProfileStore(dir.dir);
  const added = profiles.add({
    ...SHOP,
    id: PROFILE,
    baseUrl: p.sandbox.baseUrl,
    platformUrl: p.sandbox.platformUrl,
    merchantId: p.sandbox.merchantId,
  });
  expect(added.ok).toBe(true);
  expect(profiles.setActive(PROFILE).ok).toBe(true);
  // The signing key (a login link signs a buyer sync): on file in the data directory, its passphrase in the keychain.
  keychain = keychainFor(p);
  const saved = await createFileKeyStore({ dataDir: dir.dir, secrets: keychain }).save(
    PROFILE,
    createPrivateKey(testKeys().privateKeyPem),
  );
  expect(saved.ok).toBe(true);
}, 60_000);
afterAll(async () => {
  await p?.stop();
  child?.remove();
  dir?.remove();
});
afterEach(async () => {
  for (const s of started.splice(0)) {
    await s.host.dispose();
    await s.log?.close();
  }
});

/** Main's wiring with the Node launcher in place of the utility process, and a window that records its events. */
function mainUnderTest() {
  const sent: Array<{ event: string; payload: unknown }> = [];
  const copied: string[] = [];
  const window = {
    send: (event: string, payload: unknown) => void sent.push({ event, payload }),
    isDestroyed: () => false,
  };
  const make = outOfProcessMaker(
    () => child.entry,
    () => dir.dir,
  );
  const platform = composedApp({
    profiles,
    dataDir: dir.dir,
    startHost: (config) => {
      // Small pages split the sync into many requests (the host child serves the session operations directly).
      const s = make({ config: { ...config, sync: { pageSize: 50, parallelism: 1 } }, secrets: keychain });
      started.push(s);
      return s.host;
    },
    events: createEventPublisher(
      () => [window],
      (m) => {
        throw new Error(m);
      },
    ),
    clipboard: { writeSecret: (text) => void copied.push(text) },
    openExternal: async () => {},
  });
  const invoke = strictGate(platform.handlers);
  const host = (): CoreHost => started.at(-1)!.host;
  const pid = async () => {
    // The host starts with the first platform call.
    if (started.length === 0) await invoke('sync:status');
    const r = await host().call('test.pid');
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value as number;
  };
  return { invoke, sent, copied, host, pid, platform };
}

async function awaitingOrder(): Promise<Order> {
  const list = await p.seller().listOrders({ orderAfterSalesStatus: [1], pageSize: 1 });
  const order = list.ok ? (list.value.data.list[0] as Order | undefined) : undefined;
  if (!order) throw new Error('the sandbox has no order awaiting review');
  return order;
}

describe('main routes the platform domains through a supervised core host', () => {
  it('a sync relays its progress to the window; a query and a decision answer from the host process', async () => {
    const main = mainUnderTest();
    const synced = await main.invoke('sync:now', { full: true });
    expect(synced).toMatchObject({ ok: true, data: { mode: 'full' } });
    // The host runs in another process; main only relayed.
    expect(await main.pid()).not.toBe(process.pid);
    const progress = main.sent.filter((s) => s.event === 'sync:progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)!.payload).toMatchObject({ profileId: PROFILE, finished: true });
    expect(main.sent.find((s) => s.event === 'host:state')?.payload).toMatchObject({ state: 'starting' });

    expect(await main.invoke('orders:count', {})).toEqual({ ok: true, data: { count: 1_500 } });
    const attention = await main.invoke('orders:attention', { limitPerKind: 2 });
    expect(attention).toMatchObject({ ok: true, data: { counts: { total: expect.any(Number) } } });
    if (attention.ok) expect(attention.data.rows.length).toBeLessThanOrEqual(10);

    const order = await awaitingOrder();
    const decided = await main.invoke('afterSales:decide', { orderId: order.id, isApproved: true });
    expect(decided).toMatchObject({ ok: true, data: { orderId: order.id, approved: true, cached: true } });
    await main.platform.dispose();
  });

  it('a login link goes to the clipboard in main and never into the answer', async () => {
    const main = mainUnderTest();
    expect(await main.invoke('buyers:save', { merchantUserNo: 'u-1', email: 'a@example.com' })).toMatchObject({
      ok: true,
    });
    const r = await main.invoke('buyers:copyLoginLink', { merchantUserNo: 'u-1', itemId: '1001' });
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true, data: { copied: true } });
    expect(main.copied).toHaveLength(1);
    expect(main.copied[0]).toMatch(/^https?:\/\//);
    expect(JSON.stringify(r)).not.toContain(main.copied[0]);
    expect(JSON.stringify(main.sent)).not.toContain(main.copied[0]);
    await main.platform.dispose();
    // Nor into the host's log (its output and the supervisor's reports).
    const log = started.at(-1)!.log!;
    await log.close();
    expect(readFileSync(log.file, 'utf8')).not.toContain(new URL(main.copied[0]!).search);
  });

  it('a killed host: the sync in flight answers host-restarted, a decision in flight outcome-unknown', async () => {
    const main = mainUnderTest();
    let pid = await main.pid();
    const firstProgress = new Promise<void>((resolve) => {
      const off = main.host().onEvent(() => {
        off();
        resolve();
      });
    });
    const sync = main.invoke('sync:now', { full: true });
    await firstProgress;
    process.kill(pid, 'SIGKILL');
    expect(await sync).toMatchObject({ ok: false, error: { kind: 'host-restarted', action: expect.any(String) } });
    expect(main.sent.map((s) => s.event)).toContain('host:state');
    expect(
      main.sent.filter((s) => s.event === 'host:state').map((s) => (s.payload as { state: string }).state),
    ).toContain('restarting');
    await untilState(main.host(), 'ready');

    pid = await main.pid();
    const order = await awaitingOrder();
    // The platform applies the decision and never answers: the host is waiting when it dies.
    p.sandbox.failNext('audit', 'hang-after-processing');
    const decision = main.invoke('afterSales:decide', { orderId: order.id, isApproved: true });
    for (;;) {
      const now = await p.seller().getOrder(order.id);
      if (now.ok && now.value?.orderAfterSalesStatus !== 1) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    process.kill(pid, 'SIGKILL');
    const r = await decision;
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'outcome-unknown', action: expect.stringMatching(/re-check/i) },
    });
    expect((r as { error: { message: string } }).error.message).toContain('NOT resent');
    // Main re-checked on the restarted host: the platform shows the decision applied, and so does the cache now.
    const found = !r.ok ? r.error.found : undefined;
    const seen = found?.kind === 'found' ? (found.order as Order) : undefined;
    expect(found).toMatchObject({ kind: 'found', order: { id: order.id } });
    expect(seen?.orderAfterSalesStatus).not.toBe(1);
    const cached = await main.invoke('orders:get', { id: order.id });
    expect(cached.ok && cached.data.order.orderAfterSalesStatus).toBe(seen?.orderAfterSalesStatus);
    await main.platform.dispose();
  });
});
