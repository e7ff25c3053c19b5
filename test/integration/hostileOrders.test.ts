import { mkdtempSync, rmSync } from 'node:fs';
import { OrderDocs } from '../../src/core/cache/orderDocs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedCredentials } from '../../src/core/credentials/credentials';
import { SellerApi } from '../../src/core/api/sellerApi';
import { openOrderCache } from '../../src/core/cache/openCache';
import type { OrderCache } from '../../src/core/cache/orderCache';
import { platformConfigSchema } from '../../src/core/config/platformConfig';
import { createAxiosTransport } from '../../src/core/http/axiosTransport';
import { SyncEngine } from '../../src/core/sync/syncEngine';

/**
 * A hostile platform on loopback: every order-list request gets the body the test sets (filters ignored, so one
 * page holds the whole list and every window of a sync sees the same orders).
 */
let body = '';
let server: http.Server;
let baseUrl = '';
let dir: string;
let cache: OrderCache;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'md-hostile-'));
  const opened = openOrderCache({ file: path.join(dir, 'c.sqlite'), identity: { baseUrl, merchantId: 'm1' } });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  cache = opened.value;
  return () => {
    cache.close();
    rmSync(dir, { recursive: true, force: true });
  };
});

const seller = () =>
  new SellerApi({
    config: platformConfigSchema.parse({ baseUrl, platformUrl: baseUrl, merchantId: 'm1', timeoutMs: 5_000 }),
    transport: createAxiosTransport({ keepAlive: false }),
    credentials: fixedCredentials({ token: 'abc123' }),
  });
const engine = () => new SyncEngine({ cache, source: seller() });
const TIME = '2026-03-01T00:00:00.000Z';
const order = (id: string, extra: Record<string, unknown> = {}) =>
  `{"id":${JSON.stringify(id)},"orderNum":"N${id}","createTime":"2026-02-0${(Number(id) % 9) + 1}T00:00:00.000Z"${Object.entries(
    extra,
  )
    .map(([k, v]) => `,${JSON.stringify(k)}:${v}`)
    .join('')}}`;
const pageOf = (orders: string[]) =>
  `{"code":"0000","msg":"Success","time":"${TIME}","data":{"pageIndex":1,"pageSize":100,"totalCount":${orders.length},"pageCount":1,"list":[${orders.join(',')}]}}`;
const storedJson = (id: string) => {
  const rid = cache.db.prepare('SELECT rid FROM orders WHERE id = ?').pluck().get(id) as number | undefined;
  return rid === undefined ? undefined : new OrderDocs(cache.db).json(rid);
};

describe('a hostile platform: one unreadable order is skipped, never blocks the sync', () => {
  it('5,000 levels of nesting inside one order: reported by ID, the rest stored, the next sync not blocked', async () => {
    const deep = `{"code":"E1","detail":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    body = pageOf([order('1'), order('2', { deliveryErrorInfo: deep }), order('3')]);
    const first = await engine().sync();
    expect(first).toMatchObject({ ok: true, value: { cached: 2, skipped: 1 } });
    if (!first.ok) return;
    expect(first.value.skippedOrders).toEqual([
      {
        id: '2',
        createTime: '2026-02-03T00:00:00.000Z',
        reason: expect.stringMatching(
          /^data\.list\[1\]\.deliveryErrorInfo\.detail\[0\].*: nested deeper than 64 levels$/,
        ),
      },
    ]);
    // Polls and full syncs go on; the order is asked for again by each full sync.
    expect(await engine().sync()).toMatchObject({ ok: true });
    expect(await engine().sync({ full: true })).toMatchObject({ ok: true, value: { skipped: 1, cached: 2 } });
    // Once the platform sends it readable, it is stored.
    body = pageOf([order('1'), order('2'), order('3')]);
    expect(await engine().sync({ full: true })).toMatchObject({ ok: true, value: { skipped: 0, cached: 3 } });
  });

  it('IDs out of range or of 20 digits are skipped; "0042" and "42" are one order; ID-like integers keep every digit', async () => {
    body = pageOf([
      order('0042', { orderItems: '[{"productSpuId":9007199254740993,"brandId":18446744073,"quantity":1}]' }),
      order('12345678901234567890'),
      order('0'),
      order('9223372036854775808'),
    ]);
    const first = await engine().sync();
    expect(first).toMatchObject({ ok: true, value: { cached: 1, skipped: 3 } });
    expect(first.ok && first.value.skippedOrders.map((s) => s.id)).toEqual([
      '"12345678901234567890"',
      '"0"',
      '"9223372036854775808"',
    ]);
    const stored = JSON.parse(storedJson('42')!) as { orderItems: Array<Record<string, unknown>> };
    expect(stored.orderItems[0]).toMatchObject({ productSpuId: '9007199254740993', brandId: '18446744073' });
    body = pageOf([order('42', { remark: '"changed"' })]);
    expect(await engine().sync({ full: true })).toMatchObject({ ok: true, value: { cached: 1, updated: 1 } });
    expect(JSON.parse(storedJson('42')!)).toMatchObject({ id: '42', remark: 'changed' });
  });
});

describe('a hostile platform: envelope and error text', () => {
  it('a body that is not JSON is quoted without the token it echoes', async () => {
    body = 'echo: Authorization: Bearer abc123 tok; retry later';
    const r = await seller().listOrders({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'protocol' } });
    expect(JSON.stringify(r)).not.toContain('abc123');
  });

  it('duplicate envelope keys are a protocol error, not the success of the last one', async () => {
    body = `{"code":"10003","msg":"request signature error","time":"${TIME}","data":{"totalCount":0,"list":[]},"code":"0000"}`;
    const r = await seller().listOrders({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'protocol', path: 'code' } });
  });
});
