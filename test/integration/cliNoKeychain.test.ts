// This test process has no D-Bus session bus, so no Secret Service (vitest runs each test file in its own process).
process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/merchant-desk-test-bus';
delete process.env.DISPLAY;

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program';
import { startTestPlatform, type TestPlatform, sandboxConnectionFlags } from '../helpers/sandboxFixture';
import { filesUnder, findSecrets } from '../helpers/scanForSecrets';

describe.runIf(process.platform === 'linux')('CLI without a Secret Service (Linux, no D-Bus session)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-cli-nokc-'));
  let p: TestPlatform;
  const run = async (argv: string[], stdin?: string) => {
    const out: string[] = [];
    const errOut: string[] = [];
    const code = await runCli(argv, {
      stdout: (t) => out.push(t),
      stderr: (t) => errOut.push(t),
      env: { MERCHANT_DESK_DATA_DIR: dataDir, DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS },
      ...(stdin !== undefined ? { stdin: async () => stdin } : {}),
    });
    return { code, stdout: out.join('\n'), stderr: errOut.join('\n') };
  };
  beforeAll(async () => {
    p = await startTestPlatform({ orders: 3 });
    expect((await run(['profiles', 'add', 'shop', ...sandboxConnectionFlags(p.sandbox)])).code).toBe(0);
  });
  afterAll(() => p.stop());

  it('token set fails at once with the reason and the action, and stores nothing anywhere', async () => {
    const started = Date.now();
    const r = await run(['token', 'set'], 'the-secret-token-value\n');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(r.code).toBe(2); // the keychain kind: the same exit code as from orders list below
    expect(r.stderr).toMatch(/The access token was not stored\. No OS keychain is available/);
    expect(r.stderr).toMatch(/Action: Install and start a Secret Service/);
    expect(r.stderr).not.toContain('the-secret-token-value');
    expect(findSecrets(filesUnder(dataDir), { token: 'the-secret-token-value' })).toEqual([]);
  });

  it('keys generate writes no key file; API commands and test-connection explain the keychain problem', async () => {
    const gen = await run(['keys', 'generate']);
    expect(gen.code).toBe(2);
    expect(gen.stderr).toMatch(/nothing was written in plain text/);
    expect(existsSync(path.join(dataDir, 'keys', 'shop.key.pem'))).toBe(false);
    const list = await run(['orders', 'list']);
    expect(list.code).toBe(2);
    expect(list.stderr).toMatch(/access token could not be read: No OS keychain is available.*Action: Install/s);
    expect(p.sandbox.requestCount()).toBe(0);
    const test = await run(['test-connection']);
    expect(test.code).toBe(1);
    expect(test.stdout).toMatch(/✗ Access token.*No OS keychain is available/);
    expect(test.stdout).toMatch(/→ Install and start a Secret Service/);
  });
});
