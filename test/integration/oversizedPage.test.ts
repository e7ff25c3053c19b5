import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedCredentials } from '../../src/core/credentials/credentials';
import { SellerApi } from '../../src/core/api/sellerApi';
import { openOrderCache } from '../../src/core/cache/openCache';
import { platformConfigSchema } from '../../src/core/config/platformConfig';
import { createAxiosTransport } from '../../src/core/http/axiosTransport';
import { SyncEngine } from '../../src/core/sync/syncEngine';
import { describeApiError } from '../../src/shared/errors/apiError';

/**
 * A platform on loopback that pages and filters like the spec (newest first) and holds one order whose remark alone
 * is larger than the response cap (maxResponseMB 1): every page listing it is too large to read.
 */
const N = 250;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);
const created = (i: number) => T0 + i * 3 * DAY; // i = 1 oldest … N newest
const HUGE = 30; // the 221st newest: deep in the list (page 3 of 100), past what one-order pages can reach
const idOf = (i: number) => (1_575_510_000_000_000_000n + BigInt(i)).toString();
const orders = Array.from({ length: N }, (_, k) => {
  const i = k + 1;
  return {
    ms: created(i),
    json: JSON.stringify({
      id: idOf(i),
      orderNum: `SO${i}`,
      createTime: new Date(created(i)).toISOString(),
      orderStatus: 2,
      remark: i === HUGE ? 'x'.repeat(1_300_000) : `order ${i}`,
    }),
  };
}).reverse();

let server: http.Server;
let baseUrl = '';
const sizes: number[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const q = JSON.parse(raw || '{}') as Record<string, unknown>;
      const lo = typeof q.createBeginDate === 'string' ? Date.parse(q.createBeginDate) : -Infinity;
      const hi = typeof q.createEndDate === 'string' ? Date.parse(q.createEndDate) : Infinity;
      const pageIndex = Number(q.pageIndex ?? 1);
      const pageSize = Number(q.pageSize ?? 10);
      sizes.push(pageSize);
      const matching = orders.filter((o) => o.ms >= lo && o.ms <= hi);
      const list = matching.slice((pageIndex - 1) * pageSize, pageIndex * pageSize).map((o) => o.json);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        `{"code":"0000","msg":"Success","time":"2026-11-01T00:00:00.000Z","data":{"pageIndex":${pageIndex},"pageSize":${pageSize},"totalCount":${matching.length},"list":[${list.join(',')}]}}`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const seller = () =>
  new SellerApi({
    config: platformConfigSchema.parse({
      baseUrl,
      platformUrl: baseUrl,
      merchantId: 'm1',
      timeoutMs: 10_000,
      maxResponseMB: 1,
    }),
    transport: createAxiosTransport({ keepAlive: false }),
    credentials: fixedCredentials({ token: 'abc123' }),
  });

describe('an order whose answer passes the response cap', () => {
  it('is skipped and reported by ID; every other order is stored; the next sync is not blocked', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-oversize-'));
    const opened = openOrderCache({ file: path.join(dir, 'c.sqlite'), identity: { baseUrl, merchantId: 'm1' } });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    const cache = opened.value;
    try {
      const first = await new SyncEngine({ cache, source: seller() }).sync();
      expect(first).toMatchObject({ ok: true, value: { mode: 'full', cached: N - 1, skipped: 1 } });
      if (!first.ok) return;
      expect(first.value.skippedOrders).toEqual([
        { id: idOf(HUGE), reason: expect.stringMatching(/answer alone is larger than 1 MB/) },
      ]);
      expect(cache.getOrder(idOf(HUGE + 1))).toMatchObject({ ok: true, value: { remark: `order ${HUGE + 1}` } });
      expect(Math.min(...sizes)).toBe(1); // shrunk down to one order a page
      // Bounded: far fewer requests than one-order pages for the whole list.
      expect(sizes.length).toBeLessThan(100); // 74 measured; one-order pages throughout would take 250
      const again = await new SyncEngine({ cache, source: seller() }).sync({ full: true });
      expect(again).toMatchObject({ ok: true, value: { cached: N - 1, skipped: 1 } });
    } finally {
      cache.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a single fetch of it says the answer is too large, and names no URL setting', async () => {
    const r = await seller().listOrders({ pageIndex: 3, pageSize: 100 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const text = describeApiError(r.error);
    expect(text).toMatch(/answer is larger than 1 MB/);
    expect(text).not.toMatch(/base URL|API prefix/);
  });
});
