import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fingerprintOf,
  generateRsaPrivateKey,
  isEncryptedPem,
  parsePrivateKeyPem,
  parsePublicKey,
  publicKeyInfo,
} from './keyMaterial';

/** Key files made by the openssl command line — an implementation independent of ours. */
const dir = mkdtempSync(path.join(tmpdir(), 'md-keymat-'));
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'pkcs8.pem');
openssl('rsa', '-in', 'pkcs8.pem', '-traditional', '-out', 'pkcs1.pem');
openssl(
  'pkcs8',
  '-topk8',
  '-in',
  'pkcs8.pem',
  '-v2',
  'aes-256-cbc',
  '-passout',
  'pass:correct horse',
  '-out',
  'pkcs8-enc.pem',
);
openssl(
  'rsa',
  '-in',
  'pkcs8.pem',
  '-traditional',
  '-aes256',
  '-passout',
  'pass:correct horse',
  '-out',
  'pkcs1-enc.pem',
);
openssl('pkey', '-in', 'pkcs8.pem', '-pubout', '-out', 'pub.pem');
const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
/** openssl's SHA-256 of the DER SubjectPublicKeyInfo, as upper-case hex pairs. */
const opensslFingerprint = execFileSync(
  'sh',
  ['-c', 'openssl pkey -in pkcs8.pem -pubout -outform DER | openssl dgst -sha256 -binary | od -An -tx1 -v'],
  { cwd: dir, encoding: 'utf8' },
)
  .trim()
  .split(/\s+/)
  .map((h) => h.toUpperCase())
  .join(':');

describe('importing PEM private keys', () => {
  it.each(['pkcs8.pem', 'pkcs1.pem'])('reads an unencrypted %s', (file) => {
    const key = parsePrivateKeyPem(read(file));
    expect(key.ok).toBe(true);
    if (key.ok) expect(fingerprintOf(key.value).hex).toBe(opensslFingerprint);
  });

  it.each(['pkcs8-enc.pem', 'pkcs1-enc.pem'])(
    'asks for the passphrase of %s, refuses a wrong one, accepts the right one',
    (file) => {
      const pem = read(file);
      expect(isEncryptedPem(pem)).toBe(true);
      const none = parsePrivateKeyPem(pem);
      expect(!none.ok && none.error.kind).toBe('needs-passphrase');
      const wrong = parsePrivateKeyPem(pem, 'wrong');
      expect(!wrong.ok && wrong.error.kind).toBe('wrong-passphrase');
      const right = parsePrivateKeyPem(pem, 'correct horse');
      expect(right.ok).toBe(true);
      if (right.ok) expect(fingerprintOf(right.value).hex).toBe(opensslFingerprint);
    },
  );

  it('refuses public keys, non-RSA keys, weak keys and garbage with an action', () => {
    const pub = parsePrivateKeyPem(read('pub.pem'));
    expect(!pub.ok && pub.error.kind).toBe('not-a-private-key');
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const ecResult = parsePrivateKeyPem(ec);
    expect(!ecResult.ok && ecResult.error.kind).toBe('not-rsa');
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString();
    const weakResult = parsePrivateKeyPem(weak);
    expect(!weakResult.ok && weakResult.error.kind).toBe('too-weak');
    const truncated = parsePrivateKeyPem(read('pkcs8.pem').slice(0, 400));
    expect(!truncated.ok && truncated.error.kind).toBe('not-a-private-key');
    for (const r of [pub, ecResult, weakResult, truncated])
      if (!r.ok) expect(r.error.action.length).toBeGreaterThan(10);
  });
});

describe('generated keys and fingerprints', () => {
  it.each([2048, 3072] as const)('generates %i-bit RSA keys whose public PEM openssl reads', async (bits) => {
    const key = await generateRsaPrivateKey(bits);
    const info = publicKeyInfo(key);
    expect(info.bits).toBe(bits);
    expect(info.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/);
    const text = execFileSync('openssl', ['pkey', '-pubin', '-noout', '-text'], {
      input: info.publicKeyPem,
      encoding: 'utf8',
    });
    expect(text).toContain(`(${bits} bit)`);
    expect(info.fingerprint.hex).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(Buffer.from(info.fingerprint.base64, 'base64').toString('hex').toUpperCase()).toBe(
      info.fingerprint.hex.replaceAll(':', ''),
    );
  });

  it('refuses other key sizes', async () => {
    await expect(generateRsaPrivateKey(1024 as 2048)).rejects.toThrow(RangeError);
  });

  it('parses pasted public keys: SPKI, PKCS#1, bare Base64; refuses a private key', () => {
    const spki = parsePublicKey(read('pub.pem'));
    expect(spki.ok && fingerprintOf(spki.value).hex).toBe(opensslFingerprint);
    const pkcs1 = execFileSync('openssl', ['rsa', '-pubin', '-in', 'pub.pem', '-RSAPublicKey_out'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const parsed1 = parsePublicKey(pkcs1);
    expect(parsed1.ok && fingerprintOf(parsed1.value).hex).toBe(opensslFingerprint);
    const bare = read('pub.pem').replace(/-----[A-Z ]+-----/g, '');
    const parsedBare = parsePublicKey(bare);
    expect(parsedBare.ok && fingerprintOf(parsedBare.value).hex).toBe(opensslFingerprint);
    const priv = parsePublicKey(read('pkcs8.pem'));
    expect(priv.ok).toBe(false);
    if (!priv.ok) expect(priv.error.message).toContain('private key');
    expect(parsePublicKey('hello world').ok).toBe(false);
  });
});
