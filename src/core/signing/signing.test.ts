import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuyerSyncApi } from '../api/buyerSyncApi';
import { platformConfigSchema } from '../config/platformConfig';
import type { HttpRequest, HttpTransport } from '../http/transport';
import { ok } from '../result';
import { newNonce } from './nonce';
import { signText, verifyText } from './rsaSignature';
import type { SignatureAlgorithm, SignatureProfile } from '../config/signatureProfile';
import { buildStringToSign } from './stringToSign';
import { fixedCredentials } from '../credentials/credentials';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const dir = mkdtempSync(path.join(tmpdir(), 'md-sign-'));
const pubFile = path.join(dir, 'pub.pem');
writeFileSync(pubFile, publicPem);

/** Verifies with the openssl command line — an implementation independent of ours. */
function opensslVerifies(algorithm: SignatureAlgorithm, text: string, signatureBase64: string): boolean {
  const dataFile = path.join(dir, `data-${Math.random()}.txt`);
  const sigFile = path.join(dir, `sig-${Math.random()}.bin`);
  writeFileSync(dataFile, Buffer.from(text, 'utf8'));
  writeFileSync(sigFile, Buffer.from(signatureBase64, 'base64'));
  const digest = algorithm === 'RSA-SHA1' ? '-sha1' : '-sha256';
  const pss =
    algorithm === 'RSA-PSS-SHA256' ? ['-sigopt', 'rsa_padding_mode:pss', '-sigopt', 'rsa_pss_saltlen:-1'] : [];
  try {
    const out = execFileSync('openssl', ['dgst', digest, ...pss, '-verify', pubFile, '-signature', sigFile, dataFile], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return out.includes('Verified OK');
  } catch {
    return false;
  }
}

function capturingTransport(): HttpTransport & { requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  return {
    requests,
    async send(request) {
      requests.push(request);
      return ok({
        status: 200,
        headers: {},
        body: JSON.stringify({
          code: '0000',
          msg: 'Success',
          time: '2026-01-01 00:00:00',
          data: { userId: '9007199254740993', authorizationCode: 'c0de' },
        }),
      });
    },
  };
}

async function signedWireRequest(profile: SignatureProfile, platformUrl = 'https://platform.example.com/gw') {
  const transport = capturingTransport();
  const api = new BuyerSyncApi({
    config: platformConfigSchema.parse({
      baseUrl: 'https://api.example.com',
      platformUrl,
      merchantId: 'M-42',
      signatureProfile: profile,
    }),
    transport,
    credentials: fixedCredentials({ key: privateKey }),
    now: () => 1_767_225_600_123,
  });
  const r = await api.syncBuyer({
    merchantUserNo: 'u-1',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Müller 李',
  });
  expect(r.ok).toBe(true);
  return transport.requests[0]!;
}

describe('buyer-sync signatures', () => {
  it('default profile: canonical string, SHA256withRSA, verified by openssl', async () => {
    const req = await signedWireRequest({ mode: 'canonical', algorithm: 'RSA-SHA256' });
    const h = req.headers;
    expect(h.timestamp).toBe('1767225600');
    expect(h.nonce).toMatch(/^[A-Za-z0-9]{6,32}$/);
    expect(h.signature).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    // Built here by hand from the documented default, not with the project's builder.
    const expected = `POST\n/gw/pay-fac/M-42/v1/user\n${h.timestamp}\n${h.nonce}\n${req.body}\n`;
    expect(opensslVerifies('RSA-SHA256', expected, h.signature!)).toBe(true);
    expect(opensslVerifies('RSA-SHA256', expected.replace('M-42', 'M-43'), h.signature!)).toBe(false);
    expect(req.body).toBe(
      '{"merchantUserNo":"u-1","email":"ana@example.com","firstName":"Ana","lastName":"Müller 李"}',
    );
  });

  it('body-only profile signs exactly the body bytes sent', async () => {
    const req = await signedWireRequest({ mode: 'body', algorithm: 'RSA-SHA256' });
    expect(opensslVerifies('RSA-SHA256', req.body!, req.headers.signature!)).toBe(true);
  });

  it('template profile substitutes every placeholder', async () => {
    const req = await signedWireRequest({
      mode: 'template',
      template: '{merchant}|{method}|{path}|{timestamp}|{nonce}|{body}',
      algorithm: 'RSA-SHA1',
    });
    const h = req.headers;
    expect(
      opensslVerifies(
        'RSA-SHA1',
        `M-42|POST|/gw/pay-fac/M-42/v1/user|${h.timestamp}|${h.nonce}|${req.body}`,
        h.signature!,
      ),
    ).toBe(true);
  });

  it('RSA-PSS-SHA256 verifies with openssl', async () => {
    const req = await signedWireRequest({ mode: 'body', algorithm: 'RSA-PSS-SHA256' });
    expect(opensslVerifies('RSA-PSS-SHA256', req.body!, req.headers.signature!)).toBe(true);
    expect(opensslVerifies('RSA-SHA256', req.body!, req.headers.signature!)).toBe(false);
  });

  it('a template honours \\n escapes typed in a settings field', () => {
    const s = buildStringToSign(
      { mode: 'template', template: '{method}\\n{nonce}', algorithm: 'RSA-SHA256' },
      { method: 'POST', path: '/', timestamp: '1', nonce: 'abcdef', body: '{}', merchant: 'm' },
    );
    expect(s).toBe('POST\nabcdef');
  });

  it('verifyText accepts our signatures and rejects tampering and garbage', () => {
    for (const alg of ['RSA-SHA256', 'RSA-SHA1', 'RSA-PSS-SHA256'] as const) {
      const sig = signText(alg, privateKey, 'hello');
      expect(verifyText(alg, publicPem, 'hello', sig)).toBe(true);
      expect(verifyText(alg, publicPem, 'hellO', sig)).toBe(false);
    }
    expect(verifyText('RSA-SHA256', publicPem, 'hello', 'not base64!')).toBe(false);
  });
});

describe('nonce', () => {
  it('is alphanumeric, within 6-32 characters and new every time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) seen.add(newNonce());
    expect(seen.size).toBe(1000);
    for (const n of seen) expect(n).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(newNonce(6)).toHaveLength(6);
    expect(() => newNonce(5)).toThrow(RangeError);
    expect(() => newNonce(33)).toThrow(RangeError);
  });

  it('a retried buyer sync signs each attempt with a fresh nonce and timestamp', async () => {
    let t = 1_000_000_000_000;
    const requests: HttpRequest[] = [];
    const api = new BuyerSyncApi({
      config: platformConfigSchema.parse({
        baseUrl: 'https://a.example',
        platformUrl: 'https://p.example',
        merchantId: 'M',
      }),
      transport: {
        async send(request) {
          requests.push(request);
          const code = requests.length < 3 ? '10004' : '0000';
          return ok({
            status: 200,
            headers: {},
            body: JSON.stringify({
              code,
              msg: code === '0000' ? 'Success' : 'Server error',
              time: '2026-01-01 00:00:00',
              data: code === '0000' ? { userId: '1', authorizationCode: 'x' } : null,
            }),
          });
        },
      },
      credentials: fixedCredentials({ key: privateKey }),
      now: () => (t += 1500),
      sleeper: { sleep: async () => {} },
    });
    const r = await api.syncBuyer({ merchantUserNo: 'u', email: 'a@b.co' });
    expect(r.ok).toBe(true);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((q) => q.headers.nonce)).size).toBe(3);
    expect(new Set(requests.map((q) => q.headers.timestamp)).size).toBe(3);
    expect(new Set(requests.map((q) => q.headers.signature)).size).toBe(3);
  });
});
