import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { environmentCredentials } from './environmentCredentials';

const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });

function keyFile(mode: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-envkey-')), 'key.pem');
  writeFileSync(file, pem);
  chmodSync(file, mode);
  return file;
}

describe.skipIf(process.platform === 'win32')('environment mode: MERCHANT_DESK_PRIVATE_KEY_FILE', () => {
  it('warns when other users can read the key file, and still uses it', async () => {
    const file = keyFile(0o644);
    const warnings: string[] = [];
    const key = await environmentCredentials({ MERCHANT_DESK_PRIVATE_KEY_FILE: file }, (w) =>
      warnings.push(w),
    ).signingKey();
    expect(key.ok).toBe(true);
    expect(warnings).toEqual([expect.stringMatching(/can be read by other users .*mode 644.*chmod 600/)]);
    expect(warnings[0]).not.toContain('PRIVATE KEY');
  });

  it('says nothing for an owner-only key file', async () => {
    const warnings: string[] = [];
    const creds = environmentCredentials({ MERCHANT_DESK_PRIVATE_KEY_FILE: keyFile(0o600) }, (w) => warnings.push(w));
    expect((await creds.signingKey()).ok).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('missing settings and unusable files are error values, not throws', async () => {
    const creds = environmentCredentials({});
    expect(await creds.bearerToken()).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('MERCHANT_DESK_TOKEN') },
    });
    expect(await creds.signingKey()).toMatchObject({ ok: false });
    const garbage = keyFile(0o600);
    writeFileSync(garbage, 'not a key');
    expect(await environmentCredentials({ MERCHANT_DESK_PRIVATE_KEY_FILE: garbage }).signingKey()).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('not a readable RSA private key') },
    });
  });
});
