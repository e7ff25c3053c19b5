import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformConfigSchema } from '../config/platformConfig';
import { fingerprintOf } from '../keys/keyMaterial';
import { inspectSignature, sameKeyPair, verifyWithPastedKey, visibleControlCharacters } from './signatureInspector';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();
const config = (signatureProfile?: unknown) =>
  platformConfigSchema.parse({
    baseUrl: 'https://api.example.com',
    platformUrl: 'https://platform.example.com/gw',
    merchantId: 'M-42',
    ...(signatureProfile ? { signatureProfile } : {}),
  });

function opensslVerifies(text: string, signatureBase64: string): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-insp-'));
  writeFileSync(path.join(dir, 'pub.pem'), publicPem);
  writeFileSync(path.join(dir, 'data'), Buffer.from(text, 'utf8'));
  writeFileSync(path.join(dir, 'sig'), Buffer.from(signatureBase64, 'base64'));
  try {
    return execFileSync('openssl', ['dgst', '-sha256', '-verify', 'pub.pem', '-signature', 'sig', 'data'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).includes('Verified OK');
  } catch {
    return false;
  }
}

describe('signature inspector', () => {
  it('shows the exact string-to-sign, headers and body of a sample buyer sync (canonical default); openssl verifies it', () => {
    const r = inspectSignature({
      config: config(),
      privateKey,
      buyer: { merchantUserNo: 'u-7', email: 'ana@example.com' },
    });
    expect(r.url).toBe('https://platform.example.com/gw/pay-fac/M-42/v1/user');
    expect(r.body).toBe('{"merchantUserNo":"u-7","email":"ana@example.com"}');
    // A fixed example, never replayable: a 2001 timestamp and a marked nonce (see EXAMPLE_STAMP).
    expect(r.headers.timestamp).toBe('1000000000');
    expect(r.headers.nonce).toBe('EXAMPLE-NONCE-NOT-SENDABLE');
    expect(r.stringToSign).toBe(`POST\n/gw/pay-fac/M-42/v1/user\n1000000000\n${r.headers.nonce}\n${r.body}\n`);
    expect(r.stringToSignVisible).toBe(
      `POST\\n\n/gw/pay-fac/M-42/v1/user\\n\n1000000000\\n\n${r.headers.nonce}\\n\n${r.body}\\n\n`,
    );
    expect(r.stringToSignBytes).toBe(Buffer.byteLength(r.stringToSign));
    expect(r.selfCheck).toBe(true);
    expect(r.keyFingerprint).toEqual(fingerprintOf(publicKey));
    expect(opensslVerifies(r.stringToSign, r.headers.signature)).toBe(true);
  });

  it('follows the profile: body-only and template modes', () => {
    const body = inspectSignature({ config: config({ mode: 'body', algorithm: 'RSA-SHA256' }), privateKey });
    expect(body.stringToSign).toBe(body.body);
    expect(opensslVerifies(body.body, body.headers.signature)).toBe(true);
    const tpl = inspectSignature({
      config: config({ mode: 'template', template: '{merchant}|{timestamp}\\t{nonce}', algorithm: 'RSA-PSS-SHA256' }),
      privateKey,
    });
    expect(tpl.stringToSign).toBe(`M-42|${tpl.headers.timestamp}\t${tpl.headers.nonce}`);
    expect(tpl.stringToSignVisible).toBe(`M-42|${tpl.headers.timestamp}\\t${tpl.headers.nonce}`);
    expect(tpl.selfCheck).toBe(true);
  });

  it('makes control characters and backslashes visible', () => {
    expect(visibleControlCharacters('a\r\nb\\c\u0000')).toBe('a\\r\\n\nb\\\\c\\u{0}');
  });

  it('verifies a signature against a pasted public key', () => {
    const r = inspectSignature({ config: config(), privateKey });
    const good = verifyWithPastedKey({
      publicKey: publicPem,
      algorithm: 'RSA-SHA256',
      stringToSign: r.stringToSign,
      signature: r.headers.signature,
    });
    expect(good).toMatchObject({ ok: true, value: { valid: true } });
    const wrongKey = verifyWithPastedKey({
      publicKey: other,
      algorithm: 'RSA-SHA256',
      stringToSign: r.stringToSign,
      signature: r.headers.signature,
    });
    expect(wrongKey.ok && wrongKey.value.valid).toBe(false);
    expect(wrongKey.ok && wrongKey.value.action).toMatch(/fingerprint/);
    // A lost trailing newline is enough to break it.
    const edited = verifyWithPastedKey({
      publicKey: publicPem,
      algorithm: 'RSA-SHA256',
      stringToSign: r.stringToSign.slice(0, -1),
      signature: r.headers.signature,
    });
    expect(edited.ok && edited.value.valid).toBe(false);
    const wrongAlg = verifyWithPastedKey({
      publicKey: publicPem,
      algorithm: 'RSA-PSS-SHA256',
      stringToSign: r.stringToSign,
      signature: r.headers.signature,
    });
    expect(wrongAlg.ok && wrongAlg.value.valid).toBe(false);
    expect(
      verifyWithPastedKey({ publicKey: 'not a key', algorithm: 'RSA-SHA256', stringToSign: 'x', signature: 'AAAA' }),
    ).toMatchObject({ ok: false, error: { kind: 'not-a-public-key' } });
    expect(sameKeyPair(publicPem, privateKey)).toEqual({ ok: true, value: true });
    expect(sameKeyPair(other, privateKey)).toEqual({ ok: true, value: false });
  });
});
