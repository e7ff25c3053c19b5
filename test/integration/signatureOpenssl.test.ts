/**
 * The buyer-sync signature as it travels over real loopback HTTP verifies with the openssl command line — an
 * implementation independent of ours. A recording proxy in front of the sandbox captures each request exactly as
 * received (and forwards it unchanged); the default string to sign is rebuilt here by hand from those bytes:
 *   METHOD \n PATH(+query, as sent) \n timestamp \n nonce \n BODY(raw bytes) \n
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox';
import { startRecordingProxy } from '../helpers/recordingProxy';
import { runCliCapture } from '../helpers/runCliCapture';
import { testKeys } from '../helpers/sandboxFixture';
import { runs } from '../helpers/requires';

const opensslAvailable = spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;
let dir: string;
let pubFile: string;

/** `openssl dgst -sha256 -verify pub.pem -signature sig.bin data.txt`: its exit status and output. */
function opensslVerify(name: string, data: Buffer, signature: Buffer): { ok: boolean; output: string } {
  const dataFile = path.join(dir, `${name}.data.txt`);
  const sigFile = path.join(dir, `${name}.sig.bin`);
  writeFileSync(dataFile, data);
  writeFileSync(sigFile, signature);
  const r = spawnSync('openssl', ['dgst', '-sha256', '-verify', pubFile, '-signature', sigFile, dataFile], {
    encoding: 'utf8',
  });
  if (r.error) throw r.error;
  const output = `${r.stdout}${r.stderr}`.trim();
  return { ok: r.status === 0 && r.stdout.includes('Verified OK'), output };
}

/** The default (canonical) string to sign, built from the captured request — not with the project's builder. */
function canonicalBytes(method: string, pathAndQuery: string, timestamp: string, nonce: string, body: Buffer) {
  return Buffer.concat([
    Buffer.from(`${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n`, 'utf8'),
    body,
    Buffer.from('\n', 'utf8'),
  ]);
}

const header = (h: IncomingHttpHeaders, name: string): string => {
  const v = h[name];
  expect(typeof v, `header ${name}`).toBe('string');
  return v as string;
};

if (!runs(opensslAvailable)) {
  console.warn(
    '[openssl] skipping the openssl signature checks — `openssl` is not on PATH (MERCHANT_DESK_REQUIRE_TOOLS=1: they fail instead)',
  );
  describe('buyer-sync signature verified by the openssl command line', () => {
    it.skip('skipped — `openssl` is not on PATH (install OpenSSL; with MERCHANT_DESK_REQUIRE_TOOLS=1 this fails instead)', () => {});
  });
} else {
  describe('buyer-sync signature verified by the openssl command line', () => {
    beforeAll(() => {
      if (!opensslAvailable) throw new Error('`openssl` is not on PATH; it is required when CI is set');
      dir = mkdtempSync(path.join(tmpdir(), 'md-openssl-'));
      pubFile = path.join(dir, 'pub.pem');
      writeFileSync(pubFile, testKeys().publicKeyPem);
    });
    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it.each([
      // [platform path prefix, merchant ID]
      ['', 'sandbox-merchant'],
      ['/gateway', 'sandbox-merchant'],
      ['/gw/v2', 'acme shop+1-ü'],
    ])(
      'platform_url with prefix %j, merchant %j: the request as received verifies; PATH includes the prefix',
      async (prefix, merchantId) => {
        const { privateKeyPem } = testKeys();
        const sandbox: SandboxHandle = await startSandbox({
          publicKeyPem: testKeys().publicKeyPem,
          orders: 0,
          platformPathPrefix: prefix,
          merchantId,
        });
        const proxy = await startRecordingProxy(sandbox.origin);
        const keyFile = path.join(dir, `key-${prefix.replace(/\W/g, '_')}.pem`);
        writeFileSync(keyFile, privateKeyPem, { mode: 0o600 });
        try {
          const platformUrl = proxy.origin + prefix;
          const r = await runCliCapture(
            [
              '--json',
              'buyers',
              'sync',
              '--user-no',
              'u-ssl-1',
              '--email',
              'zoe@example.com',
              '--first-name',
              'Zoë',
              '--last-name',
              'Müller 李 😀',
            ],
            {
              MERCHANT_DESK_PLATFORM_URL: platformUrl,
              MERCHANT_DESK_MERCHANT_ID: merchantId,
              MERCHANT_DESK_PRIVATE_KEY_FILE: keyFile,
              MERCHANT_DESK_TIMEOUT_MS: '3000',
            },
          );
          // The sandbox accepted it, on the first attempt: the captured request is the one that was verified.
          expect(r.stderr).toBe('');
          expect(r.code).toBe(0);
          expect(JSON.parse(r.stdout)).toHaveProperty('userId');
          expect(sandbox.requestCount('buyer-sync')).toBe(1);
          expect(proxy.requests).toHaveLength(1);

          const req = proxy.requests[0]!;
          const expectedPath = `${prefix}/pay-fac/${encodeURIComponent(merchantId)}/v1/user`;
          expect(req.method).toBe('POST');
          expect(req.url).toBe(expectedPath);
          const timestamp = header(req.headers, 'timestamp');
          const nonce = header(req.headers, 'nonce');
          const signatureB64 = header(req.headers, 'signature');
          expect(timestamp).toMatch(/^\d{10}$/);
          expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
          expect(nonce).toMatch(/^[A-Za-z0-9]{6,32}$/);
          expect(signatureB64).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
          // Non-ASCII text went out as raw UTF-8 bytes, and those bytes are what is signed.
          expect(req.body.toString('utf8')).toContain('Müller 李 😀');
          const signature = Buffer.from(signatureB64, 'base64');
          const name = `ok${prefix.replace(/\W/g, '_')}`;

          const data = canonicalBytes(req.method, req.url, timestamp, nonce, req.body);
          const verified = opensslVerify(name, data, signature);
          expect(verified.output).toBe('Verified OK');
          expect(verified.ok).toBe(true);

          // One flipped body byte: openssl refuses.
          const flipped = Buffer.from(req.body);
          flipped[Math.floor(flipped.length / 2)]! ^= 0x01;
          const tampered = opensslVerify(
            `${name}-flipped`,
            canonicalBytes(req.method, req.url, timestamp, nonce, flipped),
            signature,
          );
          expect(tampered.ok).toBe(false);
          expect(tampered.output).toMatch(/Verification failure/);

          if (prefix !== '') {
            // The same request without the prefix in PATH does not verify: the prefix is part of what is signed.
            const unprefixed = opensslVerify(
              `${name}-unprefixed`,
              canonicalBytes(req.method, req.url.slice(prefix.length), timestamp, nonce, req.body),
              signature,
            );
            expect(unprefixed.ok).toBe(false);
          }
        } finally {
          await proxy.stop();
          await sandbox.stop();
        }
      },
    );
  });
}
