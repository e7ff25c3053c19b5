import { describe, expect, it } from 'vitest';
import type { CoreHost, HostStatus } from '../../core/host/coreHost';
import { hostFailed } from '../../core/host/hostErrors';
import type { HostEvent } from '../../core/host/operations';
import { ordersChangedEvent, syncProgressEvent } from '../../core/host/operations/hostEvents';
import type { OrderSessionConfig } from '../../core/host/operations/sessionOperations';
import type { SyncProgress } from '../../core/sync/progress';
import { ok, type Result } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import { createEventPublisher } from '../eventPublisher';
import { createProfileHost } from './profileHost';

/** A host whose events and status changes the test pushes. */
function fakeHost(config: OrderSessionConfig) {
  const eventHandlers = new Set<(e: HostEvent) => void>();
  const statusHandlers = new Set<(s: HostStatus) => void>();
  const host = {
    config,
    disposed: false,
    status: { state: 'starting', crashes: 0 } as HostStatus,
    calls: [] as string[],
    call: async (operation: string) => (host.calls.push(operation), ok(null)),
    onEvent: (h: (e: HostEvent) => void) => (eventHandlers.add(h), () => void eventHandlers.delete(h)),
    onStatus: (h: (s: HostStatus) => void) => (statusHandlers.add(h), () => void statusHandlers.delete(h)),
    dispose: async () => void (host.disposed = true),
    emit: (e: HostEvent) => eventHandlers.forEach((h) => h(e)),
    setStatus: (s: HostStatus) => statusHandlers.forEach((h) => h(s)),
  };
  return host satisfies CoreHost;
}

const shop = (profileId: string, baseUrl = 'https://api.example.com'): OrderSessionConfig => ({
  profileId,
  platform: { baseUrl, platformUrl: 'https://platform.example.com', merchantId: 'M-1' },
  cacheFile: `/data/cache/${profileId}.sqlite`,
  dataDir: '/data',
});

function subject(initial: Result<OrderSessionConfig | null, AppError>) {
  let active = initial;
  const hosts: Array<ReturnType<typeof fakeHost>> = [];
  const sent: Array<{ event: string; payload: unknown }> = [];
  const window = {
    send: (event: string, payload: unknown) => void sent.push({ event, payload }),
    isDestroyed: () => false,
  };
  const warnings: string[] = [];
  const profileHost = createProfileHost({
    warn: (m) => void warnings.push(m),
    sessionConfig: () => active,
    startHost: (config) => {
      const h = fakeHost(config);
      hosts.push(h);
      return h;
    },
    // The real publisher: every relayed payload is checked against the event contract.
    events: createEventPublisher(
      () => [window],
      (m) => {
        throw new Error(m);
      },
    ),
  });
  return {
    profileHost,
    hosts,
    sent,
    warnings,
    activate: (c: Result<OrderSessionConfig | null, AppError>) => (active = c),
  };
}

const PROGRESS: SyncProgress = {
  phase: 'windows',
  windowsDone: 1,
  windowsKnown: 4,
  pagesDone: 2,
  pagesPlanned: 8,
  ordersFetched: 100,
  ordersExpected: undefined,
  requests: 3,
  elapsedMs: 40,
  etaMs: undefined,
  finished: false,
  clockSkew: undefined,
};

describe('the core host of the active profile', () => {
  it('starts with the first call, then serves every call from the same host', () => {
    const t = subject(ok(shop('shop-eu')));
    expect(t.hosts).toHaveLength(0);
    const first = t.profileHost.host();
    expect(first.ok && first.value.host).toBe(t.hosts[0]);
    expect(t.profileHost.profileId()).toBe('shop-eu');
    expect(t.profileHost.host().ok).toBe(true);
    expect(t.hosts).toHaveLength(1);
    expect(t.hosts[0]!.config.profileId).toBe('shop-eu');
  });

  it('no active profile: a settings error and no host', () => {
    const t = subject(ok(null));
    expect(t.profileHost.host()).toMatchObject({ ok: false, error: { kind: 'settings', code: 'no-profile' } });
    expect(t.hosts).toHaveLength(0);
  });

  it('relays the host events the windows take, checked; host state; nothing else', () => {
    const t = subject(ok(shop('shop-eu')));
    t.profileHost.host();
    const h = t.hosts[0]!;
    // The host shapes its events as the contract's (hostEvents.ts): null for "not known", no outbox sequence.
    h.emit({ name: 'sync:progress', data: syncProgressEvent('shop-eu', PROGRESS) });
    const change = { type: 'dispute-opened', orderId: '7', orderNum: null, atMs: 5 } as const;
    h.emit({ name: 'orders:changed', data: ordersChangedEvent('shop-eu', [{ ...change, seq: 12 }]) });
    // Not relayed: an event the windows do not take, and one that breaks its schema.
    h.emit({ name: 'test.event', data: 1 });
    h.emit({ name: 'orders:changed', data: { profileId: 'shop-eu', events: [] } });
    h.setStatus({ state: 'restarting', crashes: 1 });
    h.setStatus({ state: 'failed', crashes: 3, error: hostFailed('/data/logs/core-host.log', 3, 60_000) });
    expect(t.sent).toEqual([
      { event: 'host:state', payload: { state: 'starting', message: null, logFile: null } },
      {
        event: 'sync:progress',
        payload: { profileId: 'shop-eu', ...PROGRESS, ordersExpected: null, etaMs: null, clockSkew: null },
      },
      { event: 'orders:changed', payload: { profileId: 'shop-eu', events: [change] } },
      { event: 'host:state', payload: { state: 'restarting', message: expect.any(String), logFile: null } },
      {
        event: 'host:state',
        payload: { state: 'failed', message: expect.stringContaining('log file'), logFile: '/data/logs/core-host.log' },
      },
    ]);
    expect(t.warnings).toEqual([expect.stringContaining('orders:changed')]);
  });

  it('a profile change stops the old host and its relays; the next call starts the new profile', async () => {
    const t = subject(ok(shop('shop-eu')));
    t.profileHost.host();
    expect(await t.profileHost.reopen()).toBe(false);
    expect(t.hosts[0]!.disposed).toBe(false);

    t.activate(ok(shop('shop-us')));
    expect(await t.profileHost.reopen()).toBe(true);
    expect(t.hosts[0]!.disposed).toBe(true);
    t.hosts[0]!.emit({ name: 'sync:progress', data: syncProgressEvent('shop-eu', PROGRESS) });
    expect(t.sent.filter((s) => s.event === 'sync:progress')).toEqual([]);
    const next = t.profileHost.host();
    expect(next.ok && next.value.host).toBe(t.hosts[1]);
    expect(t.hosts[1]!.config.profileId).toBe('shop-us');

    // The same profile with another platform address is a new session too.
    t.activate(ok(shop('shop-us', 'https://api2.example.com')));
    await t.profileHost.reopen();
    expect(t.hosts[1]!.disposed).toBe(true);

    t.activate(ok(null));
    await t.profileHost.reopen();
    expect(t.profileHost.host()).toMatchObject({ ok: false, error: { code: 'no-profile' } });
  });
});

describe('startAhead', () => {
  it('starts the active profile’s host and opens its cache before any window asks; the first call reuses it', async () => {
    const s = subject(ok(shop('shop-1')));
    s.profileHost.startAhead();
    expect(s.hosts).toHaveLength(1);
    expect(s.hosts[0]!.calls).toEqual(['orders:openCache']);
    const host = s.profileHost.host();
    expect(host.ok && host.value.host).toBe(s.hosts[0]);
    s.profileHost.startAhead();
    expect(s.hosts).toHaveLength(1);
  });

  it('starts nothing without a profile', () => {
    const s = subject(ok(null));
    s.profileHost.startAhead();
    expect(s.hosts).toHaveLength(0);
  });
});
