import { randomUUID } from 'node:crypto';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { describeKeychain, keychainRequired, secretServiceAvailable } from './keychain';

describe('secretServiceAvailable', () => {
  it('answers within its time limit, with a reason when unavailable', async () => {
    const started = Date.now();
    const result = await secretServiceAvailable();
    expect(Date.now() - started).toBeLessThan(5_000);
    if (!result.ok) expect(result.reason).not.toBe('');
    if (keychainRequired()) expect(result).toEqual({ ok: true });
  });
});

describeKeychain('OS keychain through keytar (smoke)', () => {
  const service = `merchant-desk-test-${process.pid}`;
  const account = `smoke-${randomUUID()}`;

  afterAll(async () => {
    await keytar.deletePassword(service, account);
  });

  it('stores, finds, reads and deletes a multi-line secret', async () => {
    const pem = `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(64)}\n-----END PRIVATE KEY-----\n`;
    await keytar.setPassword(service, account, pem);
    expect(await keytar.getPassword(service, account)).toBe(pem);
    expect(await keytar.findCredentials(service)).toContainEqual({ account, password: pem });
    expect(await keytar.deletePassword(service, account)).toBe(true);
    expect(await keytar.getPassword(service, account)).toBeNull();
  });
});
