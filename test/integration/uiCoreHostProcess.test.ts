import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../helpers/requires';
import type { IpcBridge } from '../../src/shared/ipc/contract';
import type { Order } from '../../src/shared/domain/order';
import { repoRoot } from '../helpers/bundleChild';
import { chromiumAvailable, launchChromium } from '../helpers/chromium';
import { spawnBuiltUi } from '../helpers/builtUi';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

// The built `merchant-desk ui` serves the page's calls from a core host in a child process of its own — the same
// supervised host, relay and operations as the desktop app's utility process. Killed for real (SIGKILL) mid-call,
// the page gets what a window gets in Electron: `host-restarted` for a sync, `outcome-unknown` (re-checked, never
// resent) for a decision; the restarted host answers the next call.

type PageGlobals = { merchantDesk: IpcBridge };

const built =
  existsSync(path.join(repoRoot, 'out/cli/core-host.js')) && existsSync(path.join(repoRoot, 'out/renderer/index.html'));
const linux = process.platform === 'linux';

/** The live child processes of `pid` whose command line names `needle` (Linux /proc). */
function childrenOf(pid: number, needle: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (after the parenthesised name, which may hold spaces) is the parent's pid.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

async function until<T>(probe: () => T | undefined, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeWith(
  built && chromiumAvailable && linux,
  linux
    ? 'needs `npm run build` and Chromium (CHROMIUM_PATH or /usr/bin/chromium)'
    : 'finds the core host child through /proc (Linux only)',
)('merchant-desk ui: the core host is a supervised child process', () => {
  let p: TestPlatform;
  let ui: ChildProcessWithoutNullStreams;
  let browser: Browser;
  let page: Page;
  const hostPid = () => {
    const [pid] = childrenOf(ui.pid!, 'core-host.js');
    return pid;
  };

  beforeAll(async () => {
    // Latency keeps a full sync running long enough to be killed in the middle of it.
    p = await startTestPlatform({ orders: 1_500, seed: 41, faults: { latencyMs: 15 } });
    let address: string;
    ({ ui, address } = await spawnBuiltUi(p, { timeoutMs: 20_000, prefix: 'md-ui-host-' }));
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    await page.goto(address);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).merchantDesk !== undefined);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    if (ui && ui.exitCode === null) ui.kill('SIGTERM');
    await p?.stop();
  });

  it('a sync killed with its host answers host-restarted; the restarted host (a new process) resumes it', async () => {
    const invoke = (channel: 'sync:now' | 'sync:status', request?: object) =>
      page.evaluate(
        ([c, r]) => (globalThis as unknown as PageGlobals).merchantDesk.invoke(c as 'sync:now', r as { full: true }),
        [channel, request] as const,
      );
    const sync = invoke('sync:now', { full: true });
    // The host starts with the first platform call; kill it once the sync has fetched a few pages.
    const first = await until(hostPid, 'the core host child');
    expect(first).not.toBe(ui.pid);
    await until(() => (p.sandbox.requestCount('orders') > 5 ? true : undefined), 'the sync to fetch');
    process.kill(first, 'SIGKILL');
    expect(await sync).toMatchObject({ ok: false, error: { kind: 'host-restarted' } });

    const resumed = await invoke('sync:now', {});
    expect(resumed).toMatchObject({ ok: true, data: { mode: 'full', resumed: true, cached: 1_500 } });
    const second = hostPid();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  }, 60_000);

  it('a decision whose host dies after the platform applied it is outcome-unknown, re-checked, sent once', async () => {
    const list = await p.seller().listOrders({ orderAfterSalesStatus: [1], pageSize: 1 });
    const order = list.ok ? (list.value.data.list[0] as Order | undefined) : undefined;
    if (!order) throw new Error('the sandbox has no order awaiting review');
    // The platform applies the decision and never answers: the host is killed while it waits.
    p.sandbox.failNext('audit', 'hang-after-processing');
    p.sandbox.resetCounts();
    const decision = page.evaluate(
      (orderId) =>
        (globalThis as unknown as PageGlobals).merchantDesk.invoke('afterSales:decide', {
          orderId,
          isApproved: true,
        }),
      order.id,
    );
    await until(() => (p.sandbox.requestCount('audit') === 1 ? true : undefined), 'the decision to reach the platform');
    process.kill((await until(hostPid, 'the core host child'))!, 'SIGKILL');
    const answer = await decision;
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'outcome-unknown', found: { kind: 'found', order: { id: order.id } } },
    });
    // Never resent: the platform saw exactly one decision.
    expect(p.sandbox.requestCount('audit')).toBe(1);
    // The restarted host reads the journal: "Outcome unknown", a second decision refused unsent, until the
    // after-sales filter settles it ("Check again").
    const invoke = (channel: string, request: unknown) =>
      page.evaluate(
        ([c, r]) =>
          (globalThis as unknown as PageGlobals).merchantDesk.invoke(c as 'afterSales:check', r as { orderId: string }),
        [channel, request] as const,
      );
    expect(await invoke('afterSales:status', { orderId: order.id })).toMatchObject({
      ok: true,
      data: { unsettled: { orderId: order.id, approved: true, state: 'pending' } },
    });
    const second = await invoke('afterSales:decide', {
      orderId: order.id,
      isApproved: false,
      rejectDescription: 'x',
    });
    expect(second).toMatchObject({ ok: false, error: { kind: 'outcome-unknown', code: 'decision-unsettled' } });
    expect(p.sandbox.requestCount('audit')).toBe(1);
    expect(await invoke('afterSales:check', { orderId: order.id })).toMatchObject({
      ok: true,
      data: { review: 'not-awaiting', settled: { state: 'applied' } },
    });
    expect(p.sandbox.store.get(order.id)!.decisions.map((d) => d.isApproved)).toEqual([true]);
  }, 60_000);
});
