import { generateKeyPairSync } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { dripForever, startHostileServer, type HostileServer } from '../../../test/helpers/hostileServer';
import { platformConfigSchema } from '../config/platformConfig';
import { describeApiError } from '../../shared/errors/apiError';
import { createAxiosTransport } from '../http/axiosTransport';
import { BuyerSyncApi } from './buyerSyncApi';
import { type ClientDeps } from './clientDeps';
import { fixedCredentials } from '../credentials/credentials';
import type { RequestLogEntry } from '../logging/requestLog';
import { SellerApi } from './sellerApi';

// Both clients send through one path: the same cap, deadline, error mapping and log line for every endpoint.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
let server: HostileServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function deps(origin: string, log: RequestLogEntry[] = [], timeoutMs = 5_000): ClientDeps {
  return {
    config: platformConfigSchema.parse({
      baseUrl: origin,
      platformUrl: origin,
      merchantId: 'M-1',
      maxResponseMB: 1,
      timeoutMs,
    }),
    transport: createAxiosTransport(),
    credentials: fixedCredentials({ token: 't', key: privateKey }),
    sleeper: { sleep: async () => {} },
    onRequest: (e) => log.push(e),
  };
}

const gzipBomb = gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20));
const serveBomb = () =>
  startHostileServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    res.end(gzipBomb);
  });

describe('one send path: answers over maxResponseMB', () => {
  it('an order list page that unpacks past the cap is a protocol error, not retried, not "network"', async () => {
    server = await serveBomb();
    const log: RequestLogEntry[] = [];
    const r = await new SellerApi(deps(server.origin, log)).listOrders({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'protocol' } });
    if (r.ok) return;
    expect(describeApiError(r.error)).toMatch(/larger than 1 MB once decompressed.*maxResponseMB/);
    expect(describeApiError(r.error)).not.toMatch(/may have reached the platform/);
    expect(server.requests).toBe(1);
    expect(log).toMatchObject([{ endpoint: 'orders', attempt: 1, outcome: 'protocol' }]);
  });

  it('buyer sync: the same', async () => {
    server = await serveBomb();
    const r = await new BuyerSyncApi(deps(server.origin)).syncBuyer({ merchantUserNo: 'u-1', email: 'u@example.com' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'protocol' } });
    expect(server.requests).toBe(1);
  });
});

describe('one send path: an approve/reject whose answer is over the cap', () => {
  it('is never resent: outcome unknown, with the re-fetch reported', async () => {
    server = await serveBomb();
    const log: RequestLogEntry[] = [];
    const r = await new SellerApi(deps(server.origin, log)).auditAfterSales({ orderId: '42', isApproved: true });
    expect(r).toMatchObject({ ok: false, error: { kind: 'outcome-unknown', cause: { kind: 'protocol' } } });
    expect(log.map((e) => e.endpoint)).toEqual(['audit', 'orders']);
  });
});

describe('one send path: the deadline covers the body', () => {
  it('every attempt of a read ends at the time limit while the body drips', async () => {
    server = await startHostileServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      dripForever(res, 50);
    });
    const log: RequestLogEntry[] = [];
    const d = deps(server.origin, log, 300);
    const r = await new SellerApi({
      ...d,
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    }).listOrders({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'timeout', timeoutMs: 300 } });
    expect(log.map((e) => e.outcome)).toEqual(['timeout', 'timeout']);
  });
});
