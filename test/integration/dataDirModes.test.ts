import { chmodSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program';
import { createMemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import { startTestPlatform, type TestPlatform, sandboxConnectionFlags } from '../helpers/sandboxFixture';

// The data directory holds buyers' e-mails, delivered codes, settings, keys and logs: on POSIX every folder in it is
// 0700 and every file 0600 after a real sync, whatever the umask (022 here, the usual one).
let p: TestPlatform;
const umask = process.umask(0o022);
beforeAll(async () => {
  p = await startTestPlatform({ orders: 300, seed: 4 });
}, 30_000);
afterAll(async () => {
  process.umask(umask);
  await p.stop();
});

const secrets = createMemorySecretStore();
async function cli(argv: string[], dataDir: string, stdin?: string): Promise<void> {
  const errOut: string[] = [];
  const code = await runCli(argv, {
    stdout: () => {},
    stderr: (t) => errOut.push(t),
    env: { HOME: path.join(tmpdir(), 'md-no-home'), MERCHANT_DESK_DATA_DIR: dataDir },
    secretStore: secrets,
    ...(stdin !== undefined ? { stdin: async () => stdin } : {}),
  });
  expect(code, `${argv.join(' ')}: ${errOut.join('\n')}`).toBe(0);
}

/** Every entry under `dir` with its permission bits, as `relative path → octal`. */
function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = { '.': (statSync(dir).mode & 0o777).toString(8) };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = (statSync(full).mode & 0o777).toString(8);
  }
  return out;
}

const loose = (m: Record<string, string>) => Object.entries(m).filter(([, mode]) => mode !== '700' && mode !== '600');

describe.skipIf(process.platform === 'win32')('data directory modes after a sync', () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'md-modes-')), 'Merchant Desk');

  it('a new data directory: folders 0700, files 0600 (settings, lock, keys, cache with -wal/-shm, logs)', async () => {
    const connection = sandboxConnectionFlags(p.sandbox);
    await cli([...connection, 'profiles', 'add', 'shop', '--name', 'Shop', '--kind', 'sandbox', '--use'], dataDir);
    await cli(['token', 'set'], dataDir, p.sandbox.token);
    await cli(['keys', 'generate', '--bits', '2048'], dataDir);
    await cli(['sync'], dataDir);
    const m = modes(dataDir);
    // What is there (so the check below covers each kind of file).
    expect(Object.keys(m)).toEqual(
      expect.arrayContaining([
        'settings.json',
        'keys',
        path.join('keys', 'shop.key.pem'),
        path.join('keys', 'shop.pub.pem'),
        'cache',
        path.join('cache', 'shop.sqlite'),
        'logs',
        path.join('logs', 'requests.log'),
      ]),
    );
    expect(m['.']).toBe('700');
    expect(loose(m)).toEqual([]);
  });

  it('files and folders an older version left readable by others are tightened by the next sync and key read', async () => {
    const before = modes(dataDir);
    chmodSync(dataDir, 0o755);
    for (const [rel, mode] of Object.entries(before)) {
      if (rel !== '.') chmodSync(path.join(dataDir, rel), mode === '700' ? 0o755 : 0o644);
    }
    await cli(['profiles', 'edit', 'shop', '--poll-interval', '120'], dataDir); // rewrites settings.json
    await cli(['sync'], dataDir);
    await cli(['keys', 'fingerprint'], dataDir); // reads the key files
    const after = modes(dataDir);
    expect(loose(after)).toEqual([]);
    expect(after['.']).toBe('700');
  });
});
