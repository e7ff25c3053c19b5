import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkEvent } from '../../shared/ipc/events';
import type { UpkeepReport } from '../cache/cacheUpkeep';
import { openOrderCache } from '../cache/openCache';
import { platformConfigSchema } from '../config/platformConfig';
import { fixedCredentials } from '../credentials/credentials';
import { createAxiosTransport } from '../http/axiosTransport';
import { relayingUpkeep, sessionOperations } from '../host/operations/sessionOperations';
import type { HostEvent, OperationContext } from '../host/operations';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { createSession, type Session } from './session';

const NOW = Date.UTC(2026, 2, 10, 12, 0);
const dirs: string[] = [];
const sessions: Session[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const config = platformConfigSchema.parse({
  baseUrl: 'https://api.example.com',
  platformUrl: 'https://platform.example.com',
  merchantId: 'm-1',
});

/** A session (as the core host makes it: upkeep after open) whose cache holds `n` orders. */
function sessionWith(n: number, upkeepDelayMs?: number): Session {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-upkeep-reports-'));
  dirs.push(dataDir);
  const session = createSession({
    config,
    credentials: fixedCredentials({}),
    profileId: 'shop',
    dataDir,
    cacheOwner: { baseUrl: config.baseUrl, merchantId: config.merchantId },
    transport: () => createAxiosTransport(),
    upkeepAfterOpen: true,
    ...(upkeepDelayMs !== undefined ? { upkeepDelayMs } : {}),
  });
  sessions.push(session);
  const c = openOrderCache({ file: session.cacheFile, identity: { baseUrl: config.baseUrl, merchantId: 'm-1' } });
  if (!c.ok) throw new Error(c.error.kind);
  const orders = Array.from({ length: n }, (_, i) => fakeOrder(i + 1, NOW - i * 60_000));
  for (let i = 0; i < n; i += 500) c.value.applyPage(orders.slice(i, i + 500), { seenAtMs: NOW, baseline: false });
  c.value.close();
  return session;
}

describe('the cache upkeep after opening reports its progress (cache:upkeep push events)', () => {
  it('reports each step while running, then how it ended; every report is a valid push event', async () => {
    const session = sessionWith(4_500);
    const reports: UpkeepReport[] = [];
    session.relayUpkeep((r) => reports.push(r));
    expect(session.existingCache().ok).toBe(true);
    const r = await session.upkeep!;
    expect(r.ok && r.value.cancelled).toBe(false);
    const scans = reports.filter((p) => p.phase === 'scan').map((p) => [p.done, p.total]);
    expect(scans).toEqual([
      [2_000, 4_500],
      [4_000, 4_500],
      [4_500, 4_500],
    ]);
    const checks = reports.filter((p) => p.phase === 'check');
    expect(checks.length).toBeGreaterThan(3); // table by table
    expect(checks.at(-1)!.done).toBe(checks.at(-1)!.total);
    expect(reports.slice(0, -1).every((p) => p.state === 'running')).toBe(true);
    expect(reports.at(-1)).toMatchObject({ state: 'done', damagedOrders: 0, phase: 'check' });
    for (const report of reports) {
      const event = { profileId: 'shop', ...report };
      expect(checkEvent('cache:upkeep', event)).toEqual({ ok: true, payload: event });
    }
  });

  it('is cancellable: it stops at the next step and says so; the cache stays open for reading', async () => {
    const session = sessionWith(4_500);
    const reports: UpkeepReport[] = [];
    session.relayUpkeep((r) => reports.push(r));
    const cache = session.existingCache();
    session.cancelUpkeep();
    const r = await session.upkeep!;
    expect(r.ok && r.value.cancelled).toBe(true);
    expect(reports.map((p) => p.state)).toEqual(['cancelled']);
    expect(cache.ok && cache.value.orderCount()).toEqual({ ok: true, value: 4_500 });
  });

  it('leaves the core host as events: an operation that opens the cache relays the upkeep through its emit', async () => {
    const session = sessionWith(2_500);
    const events: HostEvent[] = [];
    const ctx: OperationContext = {
      signal: new AbortController().signal,
      emit: (name, data) => events.push({ name, data }),
    };
    const table = relayingUpkeep(session, sessionOperations(session));
    const counted = await table['orders:count'].run({}, ctx);
    expect(counted.ok).toBe(true);
    await session.upkeep!;
    const upkeep = events.filter((e) => e.name === 'cache:upkeep');
    expect(upkeep.length).toBeGreaterThan(3);
    expect(upkeep.at(-1)!.data).toMatchObject({ profileId: 'shop', state: 'done' });
    for (const e of upkeep) expect(checkEvent('cache:upkeep', e.data).ok).toBe(true);
  });

  it('answers orders:upkeepState with the latest report, for a window opened after the events went by', async () => {
    const session = sessionWith(2_500);
    const ctx: OperationContext = { signal: new AbortController().signal, emit: () => {} };
    const table = relayingUpkeep(session, sessionOperations(session));
    // None started yet: asking does not open the cache (nor start the upkeep).
    expect(await table['orders:upkeepState'].run(undefined, ctx)).toEqual({ ok: true, value: { report: null } });
    expect(session.upkeep).toBeUndefined();
    const reports: UpkeepReport[] = [];
    session.relayUpkeep((r) => reports.push(r));
    expect(session.existingCache().ok).toBe(true);
    await session.upkeep!;
    const answer = await table['orders:upkeepState'].run(undefined, ctx);
    expect(answer).toEqual({ ok: true, value: { report: reports.at(-1) } });
    expect(answer).toMatchObject({ value: { report: { state: 'done', damagedOrders: 0, phase: 'check' } } });
  });
});

describe('the upkeep after a delay (the core host: the first screen is read before it starts)', () => {
  it('reads nothing until the delay has passed, while the cache answers; then runs to the end', async () => {
    const session = sessionWith(3_000, 300);
    const reports: UpkeepReport[] = [];
    session.relayUpkeep((r) => reports.push({ ...r }));
    const opened = performance.now();
    const cache = session.existingCache();
    expect(cache.ok && cache.value.orderCount()).toEqual({ ok: true, value: 3_000 });
    expect(session.upkeepRunning).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(reports).toEqual([]);
    const r = await session.upkeep!;
    expect(r.ok && r.value.cancelled).toBe(false);
    expect(performance.now() - opened).toBeGreaterThanOrEqual(290);
    expect(reports.at(-1)).toMatchObject({ state: 'done', damagedOrders: 0 });
  });

  it('a cancel or a close during the delay starts nothing on the cache', async () => {
    const cancelled = sessionWith(100, 10_000);
    const reports: UpkeepReport[] = [];
    cancelled.relayUpkeep((r) => reports.push({ ...r }));
    expect(cancelled.existingCache().ok).toBe(true);
    expect(cancelled.cancelUpkeep()).toBe(true);
    expect(await cancelled.upkeep!).toMatchObject({ ok: true, value: { cancelled: true, converted: 0 } });
    expect(reports.map((p) => p.state)).toEqual(['cancelled']);

    const closed = sessionWith(100, 10_000);
    expect(closed.existingCache().ok).toBe(true);
    const upkeep = closed.upkeep!;
    closed.close();
    expect(await upkeep).toMatchObject({ ok: true, value: { cancelled: true } });
  });
});
