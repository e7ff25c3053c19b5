import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openOrderCache } from '../cache/openCache';
import type { OrderCache } from '../cache/orderCache';
import { describeSyncError } from '../../shared/errors/syncErrors';
import { SyncEngine } from './syncEngine';
import { SyncLease, processIsAlive } from './syncLease';
import { FakePlatform } from './testing/fakePlatform';

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
const opened: OrderCache[] = [];
afterEach(() => {
  for (const c of opened.splice(0)) c.close();
});

/** Two handles on one file: two processes, as far as SQLite is concerned. */
function twoHandles(): [OrderCache, OrderCache] {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-lease-')), 'c.sqlite');
  const open = () => {
    const r = openOrderCache({ file });
    if (!r.ok) throw new Error(r.error.kind);
    opened.push(r.value);
    return r.value;
  };
  return [open(), open()];
}

const holderOf = (c: OrderCache) =>
  c.db.prepare("SELECT value FROM meta WHERE key = 'sync.lease'").pluck().get() as string | undefined;

describe('the cross-process sync lease', () => {
  it('refuses a second holder while the first is alive, naming it; free again once released', () => {
    const [a, b] = twoHandles();
    const alive = () => true;
    const first = SyncLease.acquire(a, { pid: 101, host: 'desk', isAlive: alive, heartbeatEveryMs: 0 });
    expect(first.ok).toBe(true);
    const second = SyncLease.acquire(b, { pid: 202, host: 'desk', isAlive: alive, heartbeatEveryMs: 0 });
    expect(second).toMatchObject({ ok: false, error: { kind: 'busy', holder: { pid: 101, host: 'desk' } } });
    if (!second.ok) expect(describeSyncError(second.error)).toMatch(/process 101 on desk.*Wait for it to finish/);
    if (first.ok) first.value.release();
    expect(holderOf(a)).toBeUndefined();
    expect(SyncLease.acquire(b, { pid: 202, host: 'desk', isAlive: alive, heartbeatEveryMs: 0 }).ok).toBe(true);
  });

  it('takes over the lease of a process that is gone (a killed sync) on this host', () => {
    const [a, b] = twoHandles();
    expect(SyncLease.acquire(a, { pid: 101, host: 'desk', heartbeatEveryMs: 0 }).ok).toBe(true); // never released
    const dead = (pid: number) => pid !== 101;
    const r = SyncLease.acquire(b, { pid: 202, host: 'desk', isAlive: dead, heartbeatEveryMs: 0 });
    expect(r).toMatchObject({ ok: true, value: { holder: { pid: 202 } } });
  });

  it('takes over a lease whose heartbeat stopped (another host, or a reused PID), not one that beats', () => {
    const [a, b] = twoHandles();
    let t = 1_000_000;
    const now = () => t;
    const first = SyncLease.acquire(a, { pid: 101, host: 'other', now, heartbeatEveryMs: 0 });
    if (!first.ok) throw new Error('first');
    const opts = { pid: 202, host: 'desk', now, staleMs: 60_000, isAlive: () => true, heartbeatEveryMs: 0 };
    t += 50_000;
    first.value.heartbeat();
    t += 50_000; // 100 s after taking it, 50 s after its heartbeat
    expect(SyncLease.acquire(b, opts)).toMatchObject({ ok: false, error: { kind: 'busy' } });
    t += 20_000; // 70 s without a heartbeat
    expect(SyncLease.acquire(b, opts)).toMatchObject({ ok: true });
    // The old holder's release does not free the new holder's lease.
    first.value.release();
    expect(JSON.parse(holderOf(a)!)).toMatchObject({ pid: 202 });
  });

  it('a sync engine holds it for the whole sync and releases it after, also after a failure', async () => {
    const [a, b] = twoHandles();
    const platform = new FakePlatform(NOW);
    platform.add([NOW - 5_000, NOW - 4_000, NOW - 3_000]);
    let seen: string | undefined;
    const slow = {
      listOrders: async (input: Parameters<FakePlatform['listOrders']>[0]) => {
        seen ??= holderOf(b);
        return platform.listOrders(input);
      },
    };
    const r = await new SyncEngine({ cache: a, source: slow, now: () => platform.clock }).sync();
    expect(r.ok).toBe(true);
    expect(JSON.parse(seen!)).toMatchObject({ pid: process.pid });
    expect(holderOf(b)).toBeUndefined();

    const failing = { listOrders: async () => Promise.reject(new Error('boom')) };
    await expect(new SyncEngine({ cache: a, source: failing, now: () => platform.clock }).sync()).rejects.toThrow(
      'boom',
    );
    expect(holderOf(b)).toBeUndefined();
  });

  it('a sync whose lease was taken over (it looked dead) stops at its next heartbeat, keeping what it stored', async () => {
    const [a, b] = twoHandles();
    const platform = new FakePlatform(NOW);
    platform.add(Array.from({ length: 3_000 }, (_, i) => NOW - 1_000 - i * 60_000));
    let calls = 0;
    const slow = {
      listOrders: async (input: Parameters<FakePlatform['listOrders']>[0]) => {
        if (++calls === 3) {
          // Meanwhile another process judged this holder dead and took the lease over.
          b.db
            .prepare("UPDATE meta SET value = json_set(value, '$.token', 'someone-else') WHERE key = 'sync.lease'")
            .run();
        }
        await new Promise((r) => setTimeout(r, 15));
        return platform.listOrders(input);
      },
    };
    const r = await new SyncEngine({
      cache: a,
      source: slow,
      now: () => platform.clock,
      settings: { parallelism: 1 },
      lease: { heartbeatEveryMs: 20 },
    }).sync();
    expect(r).toMatchObject({ ok: false, error: { kind: 'lease-lost' } });
    if (!r.ok) expect(describeSyncError(r.error)).toMatch(/another process took over/);
    expect(calls).toBeLessThan(30); // stopped early, not after all 30 pages
    const kept = a.orderCount();
    expect(kept.ok && kept.value).toBeGreaterThan(0);
    // The new holder's lease is left alone.
    expect(JSON.parse(holderOf(b)!)).toMatchObject({ token: 'someone-else' });
  });

  it('knows this process is alive and a finished one is not', () => {
    expect(processIsAlive(process.pid)).toBe(true);
    expect(processIsAlive(2 ** 22 + 12_345)).toBe(false); // above Linux's pid_max
  });
});
