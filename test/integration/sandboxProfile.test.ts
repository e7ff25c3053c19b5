/**
 * `merchant-desk sandbox` with a sandbox profile (in-process CLI, keychain in memory): it listens where the profile
 * points and verifies buyer-sync signatures with the profile's own key, so a profile set up as the README says
 * works end to end; what cannot work is refused before anything listens (exit 2, with the fix).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program';
import { createMemorySecretStore, type MemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import { freePort } from '../helpers/sandboxCli';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(dataDir: string, secrets: MemorySecretStore = createMemorySecretStore()) {
  return (argv: string[], options: { stdin?: string; signal?: AbortSignal; out?: string[] } = {}): Promise<Run> => {
    const out = options.out ?? [];
    const errOut: string[] = [];
    return runCli(argv, {
      stdout: (t) => out.push(t),
      stderr: (t) => errOut.push(t),
      env: { MERCHANT_DESK_DATA_DIR: dataDir },
      secretStore: secrets,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.stdin !== undefined ? { stdin: async () => options.stdin! } : {}),
    }).then((code) => ({ code, stdout: out.join('\n'), stderr: errOut.join('\n') }));
  };
}

const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((s) => s()));
});

async function addProfile(
  run: ReturnType<typeof cli>,
  id: string,
  urls: { base: string; platform: string },
  kind = 'sandbox',
) {
  const r = await run([
    '--base-url',
    urls.base,
    '--platform-url',
    urls.platform,
    '--merchant',
    'm-77',
    'profiles',
    'add',
    id,
    '--kind',
    kind,
    '--use',
  ]);
  expect(r.code, r.stderr).toBe(0);
}

describe('merchant-desk sandbox with a sandbox profile', () => {
  it("listens on the profile's address and checks signatures with the profile's key", async () => {
    const run = cli(mkdtempSync(path.join(tmpdir(), 'md-sandbox-profile-')));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    await addProfile(run, 'play', { base: origin, platform: `${origin}/p` });
    expect((await run(['token', 'set'], { stdin: 'sandbox-token\n' })).code).toBe(0);

    const noKey = await run(['sandbox']);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/"play" has no key yet.*merchant-desk keys generate --profile play/s);

    expect((await run(['keys', 'generate', '--bits', '2048'])).code).toBe(0);
    const controller = new AbortController();
    const out: string[] = [];
    const running = run(['--json', 'sandbox', '--orders', '20'], { signal: controller.signal, out });
    stops.push(() => (controller.abort(), running));
    await expect.poll(() => out.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(JSON.parse(out[0]!)).toMatchObject({
      baseUrl: origin,
      platformUrl: `${origin}/p`,
      merchantId: 'm-77',
      profile: 'play',
      publicKey: 'profile "play"',
      privateKeyFile: null,
    });

    const list = await run(['--json', 'orders', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout).totalCount).toBe(20);
    const link = await run(['sso-link', '--user-no', 'u-1', '--email', 'u1@example.com', '--item', '42']);
    expect(link.code, link.stderr).toBe(0);
    expect((await fetch(link.stdout)).status).toBe(200);
  });

  it('refuses what cannot work, before listening: exit 2 with the fix', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-sandbox-refuse-'));
    const run = cli(dataDir);
    await addProfile(run, 'split', { base: 'http://127.0.0.1:8001', platform: 'http://127.0.0.1:8002/platform' });
    const split = await run(['sandbox']);
    expect(split.code).toBe(2);
    expect(split.stderr).toMatch(/serves both on one port.*profiles edit split/s);

    await addProfile(
      run,
      'shop',
      { base: 'http://127.0.0.1:8001', platform: 'http://127.0.0.1:8001/platform' },
      'merchant',
    );
    const merchant = await run(['--profile', 'shop', 'sandbox']);
    expect(merchant.code).toBe(2);
    expect(merchant.stderr).toMatch(/"shop" is a merchant profile/);

    await addProfile(run, 'fine', { base: 'http://127.0.0.1:8003', platform: 'http://127.0.0.1:8003/platform' });
    const junk = path.join(dataDir, 'junk.pem');
    writeFileSync(junk, 'not a key');
    const badKey = await run(['--profile', 'fine', 'sandbox', '--public-key', junk]);
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toMatch(/--public-key .*not a readable RSA public key/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' });
    writeFileSync(junk, ec);
    expect((await run(['--profile', 'fine', 'sandbox', '--public-key', junk])).stderr).toMatch(/ec key/);
  });
});
