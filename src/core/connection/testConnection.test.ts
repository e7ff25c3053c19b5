import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../sandbox';
import { platformConfigSchema } from '../config/platformConfig';
import { createAxiosTransport } from '../http/axiosTransport';
import { generateRsaPrivateKey, publicKeyInfo } from '../keys/keyMaterial';
import { createFileKeyStore, keyFilePaths } from '../keys/keyStore';
import { createMemorySecretStore } from '../secrets/memorySecretStore';
import { testConnection } from './testConnection';

const key = await generateRsaPrivateKey(2048);
let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ publicKeyPem: publicKeyInfo(key).publicKeyPem, orders: 5 });
});
afterAll(() => sandbox.stop());

function setup(config?: Record<string, unknown>) {
  const secrets = createMemorySecretStore();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-conn-'));
  const keys = createFileKeyStore({ dataDir, secrets });
  const options = {
    profileId: 'sandbox',
    config: platformConfigSchema.parse({
      baseUrl: sandbox.baseUrl,
      platformUrl: sandbox.platformUrl,
      merchantId: sandbox.merchantId,
      timeoutMs: 3000,
      ...config,
    }),
    transport: createAxiosTransport(),
    secrets,
    keys,
  };
  return { secrets, keys, options, dataDir };
}

describe('test connection against the sandbox on loopback', () => {
  it('passes both checks with a good token and key; sends exactly one order-list request', async () => {
    const { secrets, keys, options } = setup();
    await secrets.set('sandbox', 'token', sandbox.token);
    await keys.save('sandbox', key);
    sandbox.resetCounts();
    const report = await testConnection(options);
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([
      ['token', 'ok'],
      ['signature', 'ok'],
    ]);
    expect(report.ok).toBe(true);
    expect(report.checks[0]!.detail).toContain('5 orders');
    expect(sandbox.requestCount('orders')).toBe(1);
    expect(sandbox.requestCount('buyer-sync')).toBe(0);
    expect(JSON.stringify(report)).not.toContain(sandbox.token);
  });

  it('each failure comes with an action: no token, refused token, no key, wrong prefix, unreachable platform', async () => {
    const { secrets, keys, options } = setup();
    let report = await testConnection(options);
    expect(report.ok).toBe(false);
    expect(report.checks[0]).toMatchObject({ status: 'failed', action: expect.stringMatching(/token/i) });
    expect(report.checks[1]).toMatchObject({
      status: 'failed',
      action: expect.stringMatching(/generate or import a key/i),
    });

    await secrets.set('sandbox', 'token', 'wrong-token');
    report = await testConnection(options);
    expect(report.checks[0]!.detail).toContain('401');
    expect(report.checks[0]!.action).toMatch(/token was refused/);
    expect(JSON.stringify(report)).not.toContain('wrong-token');

    await secrets.set('sandbox', 'token', sandbox.token);
    report = await testConnection({ ...options, config: { ...options.config, apiPrefix: '/nope' } });
    expect(report.checks[0]!.action).toMatch(/API prefix/);

    report = await testConnection({ ...options, config: { ...options.config, baseUrl: 'http://127.0.0.1:9' } });
    expect(report.checks[0]!.action).toMatch(/Could not reach/);

    await keys.save('sandbox', key);
    secrets.entries.delete('sandbox:key-passphrase');
    report = await testConnection(options);
    expect(report.checks[1]).toMatchObject({ status: 'failed' });
    expect(report.checks[1]!.action).toMatch(/again/);
  });

  it('detects a public key file that does not belong to the private key', async () => {
    const { secrets, keys, options, dataDir } = setup();
    await secrets.set('sandbox', 'token', sandbox.token);
    await keys.save('sandbox', key);
    const otherKey = await generateRsaPrivateKey(2048);
    writeFileSync(keyFilePaths(dataDir, 'sandbox').publicKey, publicKeyInfo(otherKey).publicKeyPem);
    const report = await testConnection(options);
    expect(report.checks[1]).toMatchObject({ status: 'failed', detail: expect.stringMatching(/does not belong/) });
  });
});
