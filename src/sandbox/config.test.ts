import { describe, expect, it } from 'vitest';
import { resolveConfig } from './config';
import { Router, normalizePrefix } from './router';
import { listOrders, readResponse, signedBuyerSync, startTestSandbox } from '../../test/helpers/sandboxTestKit';

describe('resolveConfig', () => {
  it('applies the documented defaults', () => {
    expect(resolveConfig({ publicKeyPem: 'x' })).toMatchObject({
      host: '127.0.0.1',
      port: 0,
      orders: 300,
      seed: 1,
      merchantId: 'sandbox-merchant',
      token: 'sandbox-token',
      apiPrefix: '/merchant-api',
      platformPathPrefix: '/platform',
      timestampWindowSeconds: 300,
      authCodeTtlMs: 60_000,
      now: Date.now,
    });
  });

  it.each([
    { port: 70000 },
    { orders: -1 },
    { orders: 1.5 },
    { orders: 5_000_000 },
    { merchantId: 'a/b' },
    { token: 'a b' },
    { authCodeTtlMs: 0 },
  ])('refuses %j', (bad) => {
    expect(() => resolveConfig({ publicKeyPem: 'x', ...bad })).toThrow(RangeError);
  });
});

describe('routing', () => {
  it('normalises prefixes', () => {
    expect(normalizePrefix('api/')).toBe('/api');
    expect(normalizePrefix('/')).toBe('');
    expect(normalizePrefix('')).toBe('');
  });

  it('matches the four routes and nothing else', () => {
    const r = new Router('/merchant-api', '/platform');
    expect(r.match('POST', '/merchant-api/seller/order?x=1')).toEqual({ kind: 'orders' });
    expect(r.match('POST', '/merchant-api/seller/order/123/after-sales/seller-audit')).toEqual({
      kind: 'audit',
      orderId: '123',
    });
    expect(r.match('POST', '/platform/pay-fac/m%201/v1/user')).toEqual({
      kind: 'buyer-sync',
      merchant: 'm%201',
      ver: 'v1',
    });
    expect(r.match('GET', '/platform/items/abc?authorizationCode=x')).toEqual({ kind: 'landing', itemId: 'abc' });
    expect(r.match('GET', '/platform/items/abc/more')).toEqual({ kind: 'not-found', style: 'buyer-sync' });
    expect(r.match('POST', '/merchant-api/seller/order/')).toEqual({ kind: 'not-found', style: 'seller' });
    expect(r.match('POST', '/merchant-apix/seller/order')).toEqual({ kind: 'not-found', style: 'seller' });
  });

  it('serves under custom prefixes end to end (empty API prefix, other platform prefix, other merchant and token)', async () => {
    const h = await startTestSandbox({
      orders: 5,
      apiPrefix: '',
      platformPathPrefix: '/gw/platform/',
      merchantId: 'M-77',
      token: 'tok',
    });
    try {
      expect(h.apiPrefix).toBe('');
      expect(h.platformUrl).toBe(`${h.origin}/gw/platform`);
      const list = await listOrders(h, {});
      expect(list.json.data.totalCount).toBe(5);
      expect(
        (await readResponse(await fetch(`${h.origin}/merchant-api/seller/order`, { method: 'POST' }))).status,
      ).toBe(404);
      const sync = await signedBuyerSync(h, { merchantUserNo: 'u', email: 'u@example.com' });
      expect(sync.json.code).toBe('0000');
    } finally {
      await h.stop();
    }
  });

  it('refuses an invalid public key at start', async () => {
    await expect(startTestSandbox({ publicKeyPem: 'not a key' })).rejects.toThrow();
  });
});
