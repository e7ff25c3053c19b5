/**
 * Supervision of the out-of-process core host: the test kills the host process for real (SIGKILL) and checks
 * what callers get — never a hang, a typed error, "outcome unknown" for a decision in flight — and that three
 * crashes within a minute leave the host failed with an error naming its log file.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CoreHost } from '../../src/core/host/coreHost';
import type { Order } from '../../src/shared/domain/order';
import {
  buildHostChild,
  keychainFor,
  nextEvent,
  outOfProcessMaker,
  sessionConfig,
  tempDir,
  untilState,
  type HostUnderTest,
} from '../helpers/coreHostFixture';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

let p: TestPlatform;
let child: Awaited<ReturnType<typeof buildHostChild>>;
let dir: { dir: string; remove(): void };
let subject: HostUnderTest;

beforeAll(async () => {
  // Latency keeps a sync running long enough to be killed in the middle of it.
  [p, child] = await Promise.all([
    startTestPlatform({ orders: 2_000, seed: 92, faults: { latencyMs: 15 } }),
    buildHostChild(),
  ]);
  dir = tempDir('md-host-crash-');
}, 60_000);
afterAll(async () => {
  await p?.stop();
  child?.remove();
  dir?.remove();
});
afterEach(async () => {
  await subject?.host.dispose();
  await subject?.log?.close();
});

function startHost(): CoreHost {
  const make = outOfProcessMaker(
    () => child.entry,
    () => dir.dir,
  );
  subject = make({ config: sessionConfig(p, dir.dir, { pageSize: 50, parallelism: 1 }), secrets: keychainFor(p) });
  return subject.host;
}

async function hostPid(host: CoreHost): Promise<number> {
  const r = await host.call('test.pid');
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as number;
}

describe('core host supervision (a real child process, killed for real)', () => {
  it('a sync in flight fails as host-restarted; the host restarts after a backoff and serves again', async () => {
    const host = startHost();
    const pid = await hostPid(host);
    const firstProgress = nextEvent(host, 'sync:progress');
    const sync = host.call('sync:now', { full: true });
    await firstProgress;
    process.kill(pid, 'SIGKILL');
    expect(await sync).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'host-restarted', operation: 'sync:now', action: expect.any(String) }),
    });
    // A call made while it restarts waits for the new process instead of failing.
    const queued = host.call('test.pid');
    expect(host.status).toMatchObject({ state: 'restarting', crashes: 1 });
    const newPid = await queued;
    expect(newPid.ok && newPid.value).not.toBe(pid);
    expect(host.status.state).toBe('ready');
    expect(subject.waits).toEqual([500]);
    // The killed sync's checkpoint is resumed by the next one.
    expect(await host.call('sync:now', {})).toMatchObject({ ok: true, value: { mode: 'full', resumed: true } });
  });

  it('an after-sales decision in flight becomes outcome-unknown (to re-check), never host-restarted', async () => {
    const host = startHost();
    const pid = await hostPid(host);
    const list = await p.seller().listOrders({ orderAfterSalesStatus: [1], pageSize: 1 });
    const order = list.ok ? (list.value.data.list[0] as Order) : undefined;
    expect(order).toBeDefined();
    // The platform applies the decision and never answers: the host is waiting when it dies.
    p.sandbox.failNext('audit', 'hang-after-processing');
    const decision = host.call('afterSales:decide', { orderId: order!.id, isApproved: true });
    for (;;) {
      const now = await p.seller().getOrder(order!.id);
      if (now.ok && now.value?.orderAfterSalesStatus !== 1) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    process.kill(pid, 'SIGKILL');
    const r = await decision;
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'outcome-unknown', operation: 'afterSales:decide', recheck: true },
    });
    const error = (r as { error: { message: string; action: string } }).error;
    expect(error.message).toContain('NOT resent');
    expect(error.action).toMatch(/re-check/i);
    await untilState(host, 'ready');
  });

  it('three crashes within a minute stop the restarts: failed, with an error naming the log file', async () => {
    const host = startHost();
    for (let crash = 1; crash <= 3; crash++) {
      const pid = await hostPid(host);
      const running = host.call('test.waitForCancel');
      process.kill(pid, 'SIGKILL');
      expect(await running).toMatchObject({ ok: false, error: { kind: crash < 3 ? 'host-restarted' : 'host-failed' } });
    }
    const logFile = path.join(dir.dir, 'core-host.log');
    expect(host.status).toMatchObject({ state: 'failed', crashes: 3, error: { kind: 'host-failed', logFile } });
    expect(host.status.error!.message).toContain(logFile);
    expect(subject.waits).toEqual([500, 1000]);
    // No more restarts: calls fail at once, typed.
    expect(await host.call('test.pid')).toMatchObject({ ok: false, error: { kind: 'host-failed', logFile } });
    await subject.log!.close();
    expect(existsSync(logFile)).toBe(true);
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('killed by SIGKILL');
    expect(log).toContain('was not restarted again');
  });

  it('a host that cannot start (bad configuration) is retried, then fails with the reason in the log', async () => {
    const make = outOfProcessMaker(
      () => child.entry,
      () => dir.dir,
    );
    subject = make({
      config: { ...sessionConfig(p, dir.dir), cacheFile: '' } as never,
      secrets: keychainFor(p),
    });
    const host = subject.host;
    // Calls made meanwhile wait for a host that never comes, then fail typed, not hang.
    expect(await host.call('test.pid')).toMatchObject({ ok: false, error: { kind: 'host-failed' } });
    expect(host.status).toMatchObject({ state: 'failed', crashes: 3 });
    await subject.log!.close();
    expect(readFileSync(path.join(dir.dir, 'core-host.log'), 'utf8')).toContain(
      'start-up failed: invalid session configuration',
    );
  });

  it('a crash of the host itself (process exit inside an operation) is handled the same way', async () => {
    const host = startHost();
    const pid = await hostPid(host);
    expect(await host.call('test.crash')).toMatchObject({ ok: false, error: { kind: 'host-restarted' } });
    await untilState(host, 'ready');
    expect(await hostPid(host)).not.toBe(pid);
  });
});
