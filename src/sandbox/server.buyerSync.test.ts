import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from './server';
import { FakeClock, landing, readResponse, signedBuyerSync, startTestSandbox } from '../../test/helpers/sandboxTestKit';

const clock = new FakeClock();
let h: SandboxHandle;
beforeAll(async () => {
  h = await startTestSandbox({ orders: 10, now: clock.now, authCodeTtlMs: 60_000, timestampWindowSeconds: 300 });
});
afterAll(() => h.stop());

const BUYER_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const buyer = { merchantUserNo: 'shop-user-001', email: 'ana@example.com', firstName: 'Zoë', lastName: '李' };
const sync = (body: unknown, o: Parameters<typeof signedBuyerSync>[2] = {}) =>
  signedBuyerSync(h, body, { nowMs: clock.ms, ...o });

describe('buyer sync: success', () => {
  it('a correctly signed call (path with the /platform prefix) returns userId and a code, buyer-sync time format', async () => {
    expect(new URL(h.platformUrl).pathname).toBe('/platform');
    const r = await sync(buyer);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      code: '0000',
      msg: 'Success',
      time: new Date(clock.ms).toISOString().slice(0, 19).replace('T', ' '),
      data: { userId: expect.stringMatching(/^\d{19}$/), authorizationCode: expect.any(String) },
    });
    expect(r.json.time).toMatch(BUYER_TIME);
    expect(BigInt(r.json.data.userId) > 2n ** 53n).toBe(true);
    expect(h.authCodes.get(r.json.data.authorizationCode)).toMatchObject({
      merchantUserNo: 'shop-user-001',
      userId: r.json.data.userId,
    });
  });

  it('the same merchantUserNo keeps its userId and gets its e-mail and names updated; every call issues a new code', async () => {
    const a = await sync(buyer);
    const b = await sync({ merchantUserNo: 'shop-user-001', email: 'ana.new@example.com', firstName: 'Ana' });
    const other = await sync({ merchantUserNo: 'shop-user-002', email: 'bo@example.com' });
    expect(b.json.data.userId).toBe(a.json.data.userId);
    expect(other.json.data.userId).not.toBe(a.json.data.userId);
    expect(b.json.data.authorizationCode).not.toBe(a.json.data.authorizationCode);
    expect(h.buyers.get('shop-user-001')).toMatchObject({
      email: 'ana.new@example.com',
      firstName: 'Ana',
      lastName: '李',
    });
  });

  it('codes need URL-encoding: they always hold "+" and end with "="', async () => {
    for (let i = 0; i < 20; i++) {
      const code: string = (await sync(buyer)).json.data.authorizationCode;
      expect(code).toMatch(/^[A-Za-z0-9+/]{31}=$/);
      expect(code).toContain('+');
    }
  });

  it('verifies under other signature profiles when configured so', async () => {
    const profiles = [
      { mode: 'body', algorithm: 'RSA-SHA1' },
      { mode: 'template', template: '{merchant}|{timestamp}|{nonce}|{body}', algorithm: 'RSA-PSS-SHA256' },
    ] as const;
    for (const profile of profiles) {
      const s = await startTestSandbox({ orders: 1, now: clock.now, signatureProfile: profile });
      try {
        expect((await signedBuyerSync(s, buyer, { nowMs: clock.ms, profile })).json.code).toBe('0000');
        expect((await signedBuyerSync(s, buyer, { nowMs: clock.ms })).json.code).toBe('10003');
      } finally {
        await s.stop();
      }
    }
  });
});

describe('buyer sync: 10001', () => {
  it('a wrong merchant or version is HTTP 404, code 10001, buyer-sync time format', async () => {
    for (const o of [{ merchant: 'someone-else' }, { ver: 'v2' }, { ver: 'V1' }]) {
      const r = await sync(buyer, o);
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ code: '10001', data: null, msg: expect.stringMatching(/^URL parsing error: /) });
      expect(r.json.time).toMatch(BUYER_TIME);
    }
  });

  it('unknown platform paths are 404 / 10001 too', async () => {
    const r = await readResponse(await fetch(`${h.platformUrl}/pay-fac/${h.merchantId}/v1/users`, { method: 'POST' }));
    expect(r.status).toBe(404);
    expect(r.json.code).toBe('10001');
    expect(r.json.time).toMatch(BUYER_TIME);
  });
});

describe('buyer sync: 10003', () => {
  const expect10003 = (
    r: { status: number; json: { code: string; msg: string; data: unknown } },
    reason: string | RegExp,
  ) => {
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: '10003', data: null });
    expect(r.json.msg).toMatch(/^request signature error: /);
    expect(r.json.msg).toMatch(reason);
  };

  it('a signature by another key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect10003(await sync(buyer, { privateKey: other }), /does not verify/);
  });

  it('a body, path or query other than the signed one', async () => {
    expect10003(
      await sync(buyer, { signedBody: JSON.stringify({ ...buyer, email: 'evil@example.com' }) }),
      /does not verify/,
    );
    expect10003(await sync(buyer, { signedPath: `/pay-fac/${h.merchantId}/v1/user` }), /does not verify/); // without the /platform prefix
    expect10003(
      await sync(buyer, { query: '?a=1', signedPath: `/platform/pay-fac/${h.merchantId}/v1/user` }),
      /does not verify/,
    );
    expect((await sync(buyer, { query: '?a=1' })).json.code).toBe('0000'); // signed with the query: fine
  });

  it('a timestamp outside ±300 s (boundary included), or in milliseconds', async () => {
    const sec = Math.floor(clock.ms / 1000);
    expect((await sync(buyer, { timestamp: String(sec - 300) })).json.code).toBe('0000');
    expect((await sync(buyer, { timestamp: String(sec + 300) })).json.code).toBe('0000');
    expect10003(await sync(buyer, { timestamp: String(sec - 301) }), /timestamp .* behind/);
    expect10003(await sync(buyer, { timestamp: String(sec + 301) }), /timestamp .* ahead/);
    expect10003(await sync(buyer, { timestamp: String(clock.ms) }), /milliseconds/);
  });

  it('a replayed nonce, even with a fresh timestamp; remembered for the whole window', async () => {
    const first = await sync(buyer, { nonce: 'replay-nonce-1' });
    expect(first.json.code).toBe('0000');
    clock.advance(200_000);
    expect10003(await sync({ ...buyer, firstName: 'Other' }, { nonce: 'replay-nonce-1' }), /already used/);
    clock.advance(500_000); // past 2 × window: the old request can no longer be replayed anyway
    expect((await sync(buyer, { nonce: 'replay-nonce-1' })).json.code).toBe('0000');
  });

  it.each([
    [{ nonce: undefined }, /nonce header missing/],
    [{ nonce: 'abcde' }, /6 to 32/],
    [{ nonce: 'a'.repeat(33) }, /6 to 32/],
    [{ timestamp: undefined }, /timestamp header missing/],
    [{ timestamp: '17e8' }, /digits/],
    [{ timestamp: '' }, /digits/],
    [{ signature: undefined }, /signature header missing/],
    [{ signature: 'not base64!' }, /Base64/],
    [{ signature: 'abc' }, /Base64/],
  ])('headers %j', async (headers, reason) => {
    expect10003(await sync(buyer, { headers }), reason);
  });
});

describe('buyer sync: 10002 (after a valid signature)', () => {
  it.each([
    [{ email: 'a@b.co' }, 'merchantUserNo'],
    [{ merchantUserNo: '', email: 'a@b.co' }, 'merchantUserNo'],
    [{ merchantUserNo: 'u1', email: 'nope' }, 'email'],
    [{ merchantUserNo: 'u1', email: 'a@b.co', lastName: 5 }, 'lastName'],
    ['{"merchantUserNo":', 'not valid JSON'],
    ['["u1"]', 'JSON object'],
  ])('body %j', async (body, reason) => {
    const r = await sync(body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: '10002', data: null, msg: expect.stringContaining(reason) });
    expect(r.json.time).toMatch(BUYER_TIME);
  });

  it('Content-Type must be application/json', async () => {
    const r = await sync(buyer, { headers: { 'content-type': 'text/plain' } });
    expect(r.json).toMatchObject({ code: '10002', msg: expect.stringContaining('Content-Type') });
  });
});

describe('SSO landing page', () => {
  async function newCode(merchantUserNo = 'shop-user-001'): Promise<string> {
    const r = await sync({ merchantUserNo, email: 'x@example.com' });
    return r.json.data.authorizationCode;
  }

  it('a fresh code signs in once; the same code is then refused', async () => {
    const code = await newCode('käufer-7');
    expect(h.authCodes.isConsumed(code)).toBe(false);
    const first = await landing(h, 'item-42', code);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    expect(first.text).toContain('Signed in as käufer-7, item item-42');
    expect(h.authCodes.isConsumed(code)).toBe(true);
    expect(h.authCodes.get(code)).toMatchObject({ consumedItemId: 'item-42', consumedAtMs: clock.ms });
    const second = await landing(h, 'item-42', code);
    expect(second.status).toBe(401);
    expect(second.text).toContain('authorization code invalid or already used');
  });

  it('a code expires after authCodeTtlMs (and is not consumed by the failed attempt)', async () => {
    const code = await newCode();
    clock.advance(59_999);
    const stillValid = await newCode();
    clock.advance(1);
    expect((await landing(h, 'i1', code)).status).toBe(401);
    expect(h.authCodes.isConsumed(code)).toBe(false);
    expect((await landing(h, 'i1', stillValid)).status).toBe(200);
  });

  it('an unencoded code ("+" arrives as a space) is refused and stays unused', async () => {
    const code = await newCode();
    const r = await landing(h, 'i2', code, true);
    expect(r.status).toBe(401);
    expect(h.authCodes.isConsumed(code)).toBe(false);
    expect((await landing(h, 'i2', code)).status).toBe(200);
  });

  it('unknown or missing codes are refused', async () => {
    expect((await landing(h, 'i3', 'made-up')).status).toBe(401);
    const r = await readResponse(await fetch(`${h.platformUrl}/items/i3`));
    expect(r.status).toBe(401);
    expect(r.text).toContain('authorization code invalid or already used');
  });

  it('item IDs are URL-decoded and HTML-escaped in the page', async () => {
    const r = await landing(h, encodeURIComponent('<b>Ärger</b>'), await newCode());
    expect(r.status).toBe(200);
    expect(r.text).toContain('item &#60;b&#62;Ärger&#60;/b&#62;');
    expect(r.text).not.toContain('<b>');
  });
});
