import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIsoInstant } from '../../src/shared/time/isoInstant';
import { openOrderCache } from '../../src/core/cache/openCache';
import type { OrderCache } from '../../src/core/cache/orderCache';
import { Checkpoint } from '../../src/core/sync/checkpoint';
import { SyncEngine } from '../../src/core/sync/syncEngine';
import type { CreateWindow } from '../../src/core/sync/windowPlanner';
import type { OrderSource } from '../../src/core/sync/windowSync';
import { WRITER_THREAD_FILE } from '../../src/core/sync/writerThread';
import type { OrderListQueryInput } from '../../src/shared/domain/requests';
import { bundleChild, repoRoot } from '../helpers/bundleChild';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

const root = repoRoot;
const PAGE_SIZE = 25; // 2,500 orders per query: many windows from a few thousand orders
let childScript: string;
let outDir: string;
let p: TestPlatform;
let file: string;

/**
 * The child entry (our TypeScript) as one ESM file, with the writer thread beside it as in the CLI bundle: the
 * child's full syncs store their pages on the writer thread (killed with the process, mid-transaction or not).
 */
async function buildChild(): Promise<string> {
  outDir = path.join(root, 'node_modules', '.tmp', `sync-kill-child-${process.pid}`);
  const writer = await bundleChild('src/core/sync/pageWriterThread.ts', `${outDir}-writer`);
  const child = await bundleChild('src/core/sync/testing/syncChildMain.ts', outDir);
  copyFileSync(writer, path.join(outDir, WRITER_THREAD_FILE));
  return child;
}

beforeAll(async () => {
  childScript = await buildChild();
  p = await startTestPlatform({ orders: 9_000, seed: 21, faults: { latencyMs: 6 } });
  file = path.join(mkdtempSync(path.join(tmpdir(), 'md-kill-')), 'cache', 'default.sqlite');
}, 60_000);
afterAll(async () => {
  await p?.stop();
  if (outDir) for (const dir of [outDir, `${outDir}-writer`]) rmSync(dir, { recursive: true, force: true });
});

function startChild(): { child: ChildProcess; lines: string[]; exited: Promise<number | null> } {
  const settings = {
    baseUrl: p.sandbox.baseUrl,
    merchantId: p.sandbox.merchantId,
    token: p.sandbox.token,
    file,
    parallelism: 3,
    pageSize: PAGE_SIZE,
  };
  const child = spawn(process.execPath, [childScript, JSON.stringify(settings)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      lines.push(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (code !== null && code !== 0) console.error(stderr);
      resolve(code);
    }),
  );
  return { child, lines, exited };
}

async function until(cond: () => boolean, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

function open(): OrderCache {
  const r = openOrderCache({ file, identity: { baseUrl: p.sandbox.baseUrl, merchantId: p.sandbox.merchantId } });
  if (!r.ok) throw new Error(`cache unusable after kill -9: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** The file after a kill: sound, and every window the checkpoint calls finished holds all its orders. */
function checkConsistent(): { finished: CreateWindow[]; orders: number } {
  const cache = open();
  try {
    expect(cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const running = new Checkpoint(cache).status();
    if (!running.ok) throw new Error('status');
    const run = running.value.running;
    expect(run?.mode).toBe('full');
    const finished = new Checkpoint(cache).finishedWindows(run!.id);
    if (!finished.ok) throw new Error('windows');
    for (const w of finished.value) {
      const cached = cache.db
        .prepare('SELECT count(*) FROM orders WHERE create_ms >= ? AND create_ms <= ?')
        .pluck()
        .get(w.lo ?? -1, w.hi) as number;
      const platform = p.sandbox.store.ids().filter((id) => {
        const ms = parseIsoInstant(p.sandbox.store.get(id)!.order.createTime)!;
        return ms >= (w.lo ?? -Infinity) && ms <= w.hi;
      }).length;
      expect(cached, `finished window ${JSON.stringify(w)}`).toBe(platform);
    }
    // The search index and the rows agree once the waiting rows are indexed.
    expect(cache.indexPendingSearchRows().ok).toBe(true);
    expect(() =>
      cache.db.prepare("INSERT INTO orders_fts (orders_fts, rank) VALUES ('integrity-check', 1)").run(),
    ).not.toThrow();
    return {
      finished: finished.value,
      orders: cache.orderCount().ok ? (cache.orderCount() as { value: number }).value : -1,
    };
  } finally {
    cache.close();
  }
}

describe('kill -9 during a full sync', () => {
  it('leaves a consistent cache and resumes from the checkpoint without refetching finished windows (a killed sync holds no lease; a live one refuses others)', async () => {
    // 1. Killed right after its second window finished.
    const first = startChild();
    await until(() => first.lines.filter((l) => l.includes('windowDone')).length >= 2);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    expect(first.lines[0]).toBe(JSON.stringify({ writerThread: true }));
    const afterFirst = checkConsistent();
    expect(afterFirst.finished.length).toBeGreaterThanOrEqual(2);
    expect(afterFirst.orders).toBeGreaterThan(0);

    // 2. Resumed in a new process, killed again at an arbitrary moment (most likely mid-page).
    const sentBefore = p.sandbox.requestCount('orders');
    const second = startChild();
    // After it has checkpointed a window of its own (a line is printed only once its row is committed).
    await until(
      () => second.lines.some((l) => l.includes('windowDone')) && p.sandbox.requestCount('orders') >= sentBefore + 40,
    );
    // Meanwhile a sync from this process (say, the CLI while the app syncs) is refused, naming the child.
    const bystander = open();
    try {
      const busy = await new SyncEngine({ cache: bystander, source: p.seller() }).sync();
      expect(busy).toMatchObject({ ok: false, error: { kind: 'busy', holder: { pid: second.child.pid } } });
    } finally {
      bystander.close();
    }
    await new Promise((r) => setTimeout(r, 7));
    second.child.kill('SIGKILL');
    expect(await second.exited).toBeNull();
    const afterSecond = checkConsistent();
    expect(afterSecond.finished.length).toBeGreaterThan(afterFirst.finished.length); // it got further
    expect(afterSecond.orders).toBeGreaterThanOrEqual(afterFirst.orders); // and nothing was lost

    // 3. Resumed here: no request may touch a finished window.
    const finished = afterSecond.finished;
    const cache = open();
    const sent: OrderListQueryInput[] = [];
    const seller = p.seller();
    const recording: OrderSource = {
      listOrders: (input) => {
        sent.push(input);
        return seller.listOrders(input);
      },
    };
    try {
      const r = await new SyncEngine({
        cache,
        source: recording,
        settings: { parallelism: 3, pageSize: PAGE_SIZE },
      }).sync();
      expect(r).toMatchObject({ ok: true, value: { mode: 'full', resumed: true } });
      const windowRequests = sent.filter((q) => q.updateBeginDate === undefined);
      expect(windowRequests.length).toBeGreaterThan(0);
      for (const q of windowRequests) {
        const lo = q.createBeginDate === undefined ? -Infinity : parseIsoInstant(q.createBeginDate)!;
        const hi = q.createEndDate === undefined ? Infinity : parseIsoInstant(q.createEndDate)!;
        for (const w of finished)
          expect(
            lo <= w.hi && hi >= (w.lo ?? -Infinity),
            `${JSON.stringify(q)} overlaps finished ${JSON.stringify(w)}`,
          ).toBe(false);
      }
      // Less than a full sync's worth of requests: the finished part was not fetched again.
      expect(windowRequests.length).toBeLessThan(Math.ceil(p.sandbox.store.size / PAGE_SIZE));
      expect([...cache.iterateIds()].sort()).toEqual(p.sandbox.store.ids().sort());
    } finally {
      cache.close();
    }
  }, 120_000);
});
