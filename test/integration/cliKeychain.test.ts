import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program';
import { KEYCHAIN_SERVICE, MAX_SECRET_BYTES } from '../../src/core/secrets/secretStore';
import { startTestPlatform, type TestPlatform, sandboxConnectionFlags } from '../helpers/sandboxFixture';
import { filesUnder, findSecrets } from '../helpers/scanForSecrets';
import { describeKeychain } from '../setup/keychain';

/** The CLI with its default keychain: the real OS keychain through keytar (nothing injected). */
describeKeychain('CLI profiles with the real OS keychain', () => {
  const profileId = `kc-${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-cli-kc-'));
  let p: TestPlatform;
  const outputs: string[] = [];
  const run = async (argv: string[], stdin?: string) => {
    const out: string[] = [];
    const errOut: string[] = [];
    const code = await runCli(['--profile', profileId, ...argv], {
      stdout: (t) => out.push(t),
      stderr: (t) => errOut.push(t),
      env: { MERCHANT_DESK_DATA_DIR: dataDir },
      ...(stdin !== undefined ? { stdin: async () => stdin } : {}),
    });
    outputs.push(...out, ...errOut);
    return { code, stdout: out.join('\n'), stderr: errOut.join('\n') };
  };

  beforeAll(async () => {
    p = await startTestPlatform({ orders: 10 });
  });
  afterAll(async () => {
    await run(['profiles', 'remove', profileId, '--yes']);
    await p.stop();
  });

  it('token set, keys generate --bits 4096, test-connection, sso-link: secrets only in the keychain, each item ≤ 2,560 bytes', async () => {
    const added = await run(['profiles', 'add', profileId, '--kind', 'sandbox', ...sandboxConnectionFlags(p.sandbox)]);
    expect(added.code, added.stderr).toBe(0);
    expect((await run(['token', 'set'], `${p.sandbox.token}\n`)).code).toBe(0);
    const gen = await run(['--json', 'keys', 'generate', '--bits', '4096']);
    expect(gen.code, gen.stderr).toBe(0);
    const { publicKeyPem } = JSON.parse(gen.stdout) as { publicKeyPem: string };
    // The sandbox must know the merchant's new public key: a second sandbox with it.
    const { startSandbox } = await import('../../src/sandbox');
    const platform = await startSandbox({ publicKeyPem, orders: 4 });
    try {
      const edited = await run([
        'profiles',
        'edit',
        profileId,
        '--base-url',
        platform.baseUrl,
        '--platform-url',
        platform.platformUrl,
      ]);
      expect(edited.code, edited.stderr).toBe(0);
      const test = await run(['test-connection']);
      expect(test.code, test.stdout).toBe(0);
      const link = await run(['sso-link', '--user-no', 'kc-user', '--email', 'kc@example.com', '--item', '7']);
      expect(link.code, link.stderr).toBe(0);
      expect((await fetch(link.stdout)).status).toBe(200);
    } finally {
      await platform.stop();
    }

    // What the keychain holds for this profile, read back through keytar and secret-tool.
    const keytar = ((await import('keytar')) as unknown as { default: typeof import('keytar') }).default;
    const items = (await keytar.findCredentials(KEYCHAIN_SERVICE)).filter((c) => c.account.startsWith(`${profileId}:`));
    expect(items.map((i) => i.account).sort()).toEqual([`${profileId}:key-passphrase`, `${profileId}:token`]);
    for (const item of items) expect(Buffer.byteLength(item.password, 'utf8')).toBeLessThanOrEqual(MAX_SECRET_BYTES);
    if (process.platform === 'linux') {
      expect(
        execFileSync('secret-tool', ['lookup', 'service', KEYCHAIN_SERVICE, 'account', `${profileId}:token`], {
          encoding: 'utf8',
        }),
      ).toBe(p.sandbox.token);
    }
    const passphrase = items.find((i) => i.account.endsWith(':key-passphrase'))!.password;
    // Neither the token nor the passphrase is anywhere in the data directory; no output shows them.
    expect(findSecrets(filesUnder(dataDir), { token: p.sandbox.token, passphrase })).toEqual([]);
    for (const o of outputs) {
      expect(o).not.toContain(p.sandbox.token);
      expect(o).not.toContain(passphrase);
    }
  });

  it('profiles remove deletes the keychain items', async () => {
    expect((await run(['profiles', 'remove', profileId, '--yes'])).code).toBe(0);
    const keytar = ((await import('keytar')) as unknown as { default: typeof import('keytar') }).default;
    expect(
      (await keytar.findCredentials(KEYCHAIN_SERVICE)).filter((c) => c.account.startsWith(`${profileId}:`)),
    ).toEqual([]);
  });
});
