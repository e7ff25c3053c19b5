/**
 * `merchant-desk ui --sandbox` (in-process CLI, keychain in memory): on a fresh data directory it creates the
 * sandbox profile (token and key in the keychain), runs the sandbox with that profile's public key and state under
 * the data directory, and syncs the orders before serving; the next start reuses all of it; a merchant profile is
 * left alone.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program';
import { createMemorySecretStore, type MemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import { repoRoot } from '../helpers/bundleChild';

const built = existsSync(path.join(repoRoot, 'out/renderer/index.html'));

interface Run {
  code: Promise<number>;
  stdout: string[];
  stderr: string[];
  stop: () => void;
}

function ui(dataDir: string, secrets: MemorySecretStore, argv: string[] = []): Run {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const controller = new AbortController();
  const code = runCli(['ui', '--sandbox', '--no-open', ...argv], {
    stdout: (t) => stdout.push(t),
    stderr: (t) => stderr.push(t),
    env: { MERCHANT_DESK_DATA_DIR: dataDir },
    secretStore: secrets,
    signal: controller.signal,
  });
  return { code, stdout, stderr, stop: () => controller.abort() };
}

async function served(run: Run): Promise<void> {
  while (!run.stdout.some((l) => l.startsWith('Merchant Desk UI: '))) {
    const early = await Promise.race([run.code, new Promise((r) => setTimeout(() => r(undefined), 50))]);
    if (early !== undefined) throw new Error(`ui ended (${String(early)}): ${run.stderr.join('\n')}`);
  }
}

function cli(dataDir: string, secrets: MemorySecretStore, argv: string[]) {
  const out: string[] = [];
  return runCli(argv, {
    stdout: (t) => out.push(t),
    stderr: () => {},
    env: { MERCHANT_DESK_DATA_DIR: dataDir },
    secretStore: secrets,
  }).then((code) => ({ code, out: out.join('\n') }));
}

describe.runIf(built)('merchant-desk ui --sandbox: first run', () => {
  it('creates the sandbox profile, syncs the sandbox orders, and reuses both on the next start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-ui-first-'));
    const secrets = createMemorySecretStore();
    const first = ui(dataDir, secrets);
    await served(first);
    expect(first.stderr.join('\n')).toMatch(/Sandbox platform \(new sandbox profile\): http:\/\/127\.0\.0\.1:\d+/);
    expect(first.stderr).toContain('First sync done: 300 orders cached.');
    first.stop();
    expect(await first.code).toBe(0);

    const shown = await cli(dataDir, secrets, ['--json', 'profiles', 'show']);
    const profile = JSON.parse(shown.out) as Record<string, unknown>;
    expect(profile).toMatchObject({ id: 'sandbox', kind: 'sandbox', active: true, token: 'set' });
    expect(profile.key).not.toBeNull();
    expect(existsSync(path.join(dataDir, 'sandbox', 'sandbox-state.json'))).toBe(true);
    type Stats = { profile: string; orders: number; sync: { lastSuccess: string | null; lastFull: string | null } };
    const stats = async () => JSON.parse((await cli(dataDir, secrets, ['--json', 'cache', 'stats'])).out) as Stats;
    const afterFirst = await stats();
    expect(afterFirst).toMatchObject({ profile: 'sandbox', orders: 300 });
    // The first start's sync was the full one: it is the last full sync and the last success.
    expect(afterFirst.sync.lastFull).not.toBeNull();
    expect(afterFirst.sync.lastSuccess).toBe(afterFirst.sync.lastFull);

    // Second start: the same profile, port and data set; the sync is incremental — it succeeded later, and the
    // last full sync is still the first start's.
    const second = ui(dataDir, secrets);
    await served(second);
    expect(second.stderr.join('\n')).toContain(`Sandbox platform: ${String(profile.baseUrl)} — demo data.`);
    expect(second.stderr).toContain('Sync done: 300 orders cached.');
    second.stop();
    expect(await second.code).toBe(0);
    const afterSecond = await stats();
    expect(afterSecond.orders).toBe(300);
    expect(afterSecond.sync.lastFull).toBe(afterFirst.sync.lastFull);
    expect(Date.parse(afterSecond.sync.lastSuccess!)).toBeGreaterThan(Date.parse(afterFirst.sync.lastSuccess!));
  }, 60_000);

  it('leaves an active merchant profile alone: no sandbox, no new profile', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-ui-merchant-'));
    const secrets = createMemorySecretStore();
    const add = await cli(dataDir, secrets, [
      '--base-url',
      'https://api.example.com',
      '--platform-url',
      'https://shop.example.com',
      '--merchant',
      'm-1',
      'profiles',
      'add',
      'shop',
      '--use',
    ]);
    expect(add.code).toBe(0);
    const run = ui(dataDir, secrets);
    await served(run);
    expect(run.stderr).toContain('Profile "shop" is a merchant profile: no sandbox started.');
    run.stop();
    expect(await run.code).toBe(0);
    const list = await cli(dataDir, secrets, ['--json', 'profiles', 'list']);
    expect((JSON.parse(list.out) as { profiles: unknown[] }).profiles).toHaveLength(1);
  }, 60_000);
});
