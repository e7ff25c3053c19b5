import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';
import { fixedCredentials } from '../../src/core/credentials/credentials';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ orders: 10 });
});
afterAll(() => p.stop());
beforeEach(() => {
  p.transport.sent.length = 0;
});

const buyer = { merchantUserNo: 'shop-user-001', email: 'ana@example.com', firstName: 'Ana', lastName: '李' };

describe('buyer sync against the sandbox', () => {
  it('registers a buyer: same user number → same platform user ID, a new code every time', async () => {
    const a = await p.buyers().syncBuyer(buyer);
    const b = await p.buyers().syncBuyer({ ...buyer, email: 'ana.new@example.com' });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.value.userId).toMatch(/^\d+$/);
    expect(b.value.userId).toBe(a.value.userId);
    expect(b.value.authorizationCode).not.toBe(a.value.authorizationCode);
    const sent = p.transport.sent[0]!;
    expect(sent.url).toBe(`${p.sandbox.platformUrl}/pay-fac/${p.sandbox.merchantId}/v1/user`);
    expect(Object.keys(sent.headers).sort()).toEqual(['Content-Type', 'nonce', 'signature', 'timestamp']);
  });

  it('a wrong merchant or version is 10001 with the spec action', async () => {
    expect(await p.buyers({ config: { merchantId: 'someone-else' } }).syncBuyer(buyer)).toMatchObject({
      ok: false,
      error: { kind: 'http', envelope: { code: '10001' } },
    });
    expect(await p.buyers({ config: { apiVersion: 'v2' } }).syncBuyer(buyer)).toMatchObject({
      ok: false,
      error: { envelope: { code: '10001' } },
    });
  });

  it('a signature by another key, or under other signature settings, is 10003', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const wrongKey = await p.buyers({ credentials: fixedCredentials({ key: other }) }).syncBuyer(buyer);
    expect(wrongKey).toMatchObject({
      ok: false,
      error: { kind: 'platform', code: '10003', action: expect.stringContaining('signature') },
    });
    const wrongProfile = await p
      .buyers({ config: { signatureProfile: { mode: 'body', algorithm: 'RSA-SHA256' } } })
      .syncBuyer(buyer);
    expect(wrongProfile).toMatchObject({ ok: false, error: { code: '10003' } });
    expect(p.transport.sent).toHaveLength(2); // 10003 is not retried
  });

  it('10004 is retried with a fresh nonce, timestamp and signature', async () => {
    p.sandbox.failNext('buyer-sync', 'platform-10004', 'http-503');
    const r = await p.buyers().syncBuyer(buyer);
    expect(r.ok).toBe(true);
    expect(p.transport.sent).toHaveLength(3);
    expect(new Set(p.transport.sent.map((s) => s.headers.nonce)).size).toBe(3);
  });

  it.each([
    [{ merchantUserNo: '', email: 'a@b.co' }, 'merchantUserNo'],
    [{ merchantUserNo: '  ', email: 'a@b.co' }, 'merchantUserNo'],
    [{ merchantUserNo: 'u', email: 'not-an-email' }, 'email'],
    [{ email: 'a@b.co' }, 'merchantUserNo'],
  ])('invalid buyer %j sends nothing', async (input, path) => {
    const r = await p.buyers().syncBuyer(input);
    expect(r.ok).toBe(false);
    if (!r.ok && r.error.kind === 'invalid-input') expect(r.error.issues.map((i) => i.path)).toContain(path);
    else throw new Error('expected invalid-input');
    expect(p.transport.sent).toHaveLength(0);
  });
});

describe('SSO links', () => {
  it('a link signs the buyer in once; the code is then spent', async () => {
    const r = await p.buyers().createSsoLink(buyer, '42');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const url = new URL(r.value.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${p.sandbox.platformUrl}/items/42`);
    const first = await fetch(r.value.url);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('shop-user-001');
    const second = await fetch(r.value.url);
    expect(second.status).toBe(401);
  });

  it('every link carries a new code, URL-encoded', async () => {
    const links = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const r = await p.buyers().createSsoLink(buyer, '42');
      if (!r.ok) throw new Error('link failed');
      const code = new URL(r.value.url).searchParams.get('authorizationCode')!;
      expect(r.value.url.endsWith(`authorizationCode=${encodeURIComponent(code)}`)).toBe(true);
      links.add(code);
    }
    expect(links.size).toBe(5);
  });

  it('an invalid item ID sends nothing: the item is a product ID, a whole number from 1 to 2^63-1', async () => {
    for (const item of [
      '..',
      'a b',
      '',
      'x\u0000',
      'x\ud800',
      '../admin?x=1#y',
      '../../x',
      '-1',
      '42?x=1',
      '0',
      'item-42',
    ]) {
      const r = await p.buyers().createSsoLink(buyer, item);
      expect(r, item).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    }
    expect(p.transport.sent).toHaveLength(0);
  });

  it('an item ID with leading zeros is the same product', async () => {
    const r = await p.buyers().createSsoLink(buyer, '0042');
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(new URL(r.value.url).pathname.endsWith('/items/42')).toBe(true);
  });
});
