/**
 * The README's "Try it against the sandbox" steps, run as written — in order, through a shell, with the built CLI,
 * on a fresh data directory and the real OS keychain. Only what cannot be literal is substituted: the port (8787
 * may be taken on a test machine), ORDER_ID (an ID from the `orders list` output, as the README says) and the
 * profile name (a unique one, so a developer's own "sandbox" profile secrets in the keychain are never touched).
 * `npm run build` is skipped: the test runs on the build.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { runCli } from '../../src/cli/program';
import { repoRoot } from '../helpers/bundleChild';
import { cleanEnv, cliBuilt, startInBackground, type Background } from '../helpers/builtCli';
import { freePort } from '../helpers/sandboxCli';
import { describeKeychain } from '../setup/keychain';
import { itWith } from '../helpers/requires';

/** The shell lines of the first `sh` block after the "Try it against the sandbox" heading. */
function walkthroughLines(): string[] {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Try it against the sandbox'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README: no sh block under "Try it against the sandbox"');
  return block[1]!
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '');
}

describeKeychain('the README walkthrough', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-readme-'));
  const profile = `readme-${randomUUID().slice(0, 8)}`;
  const env = cleanEnv({ MERCHANT_DESK_DATA_DIR: dataDir });
  let sandbox: Background | undefined;

  afterAll(async () => {
    sandbox?.child.kill('SIGTERM');
    for (const argv of [
      ['token', 'delete'],
      ['keys', 'delete'],
    ])
      await runCli(['--profile', profile, ...argv], {
        stdout: () => {},
        stderr: () => {},
        env: { MERCHANT_DESK_DATA_DIR: dataDir },
      });
  });

  itWith(cliBuilt(), 'needs `npm run build` (the built CLI)')(
    'works as written, in order, on a fresh data directory; the sandbox keeps its data across a restart',
    async () => {
      const port = String(await freePort());
      let orderId: string | undefined;
      let sandboxLine: string | undefined;
      const outputs: Record<string, string> = {};
      const lines = walkthroughLines();
      expect(lines.length).toBeGreaterThan(6);
      for (const written of lines) {
        if (written === 'npm run build') continue;
        const line = written
          .replaceAll('8787', port)
          .replace(/profiles add sandbox /, `profiles add ${profile} `)
          .replace('ORDER_ID', orderId ?? 'ORDER_ID');
        if (/ sandbox( |$)/.test(line) && !line.includes('profiles add')) {
          sandboxLine = line;
          sandbox = await startInBackground('sh', ['-c', `exec ${line}`], env, 'Press Ctrl+C');
          continue;
        }
        const r = spawnSync('sh', ['-c', line], { cwd: repoRoot, env, encoding: 'utf8' });
        expect(r.status, `${written}\n${r.stdout}\n${r.stderr}`).toBe(0);
        outputs[written] = r.stdout;
        if (line.includes('orders list')) orderId = /\b\d{19}\b/.exec(r.stdout)?.[0];
        if (line.includes('sso-link')) expect((await fetch(r.stdout.trim())).status).toBe(200);
      }
      expect(orderId).toBeDefined();
      expect(sandbox!.stdout()).toContain(`profile "${profile}"`);
      const query = Object.entries(outputs).find(([k]) => k.includes('cache query'))![1];
      expect(query).toContain(orderId!);

      // Stopped and started again as written: the same orders and the decision just taken; sync stays consistent.
      sandbox!.child.kill('SIGTERM');
      expect(await sandbox!.exited).toBe(0);
      sandbox = await startInBackground('sh', ['-c', `exec ${sandboxLine!}`], env, 'Press Ctrl+C');
      expect(sandbox.stdout()).toContain('saved data set');
      const cli = (args: string) =>
        spawnSync('sh', ['-c', `node bin/merchant-desk.js ${args}`], { cwd: repoRoot, env, encoding: 'utf8' });
      // The spec's Order has no status field: the platform's filter says the rejection was kept.
      const got = cli(`--json orders list --id ${orderId!} --after-sales-status 3`);
      expect(got.status, got.stderr).toBe(0);
      expect(JSON.parse(got.stdout)).toMatchObject({ totalCount: 1, list: [{ id: orderId }] });
      const synced = cli('sync');
      expect(synced.status, synced.stderr).toBe(0);
      if (process.platform !== 'win32') {
        const stateDir = path.join(dataDir, 'sandbox');
        expect(statSync(stateDir).mode & 0o777).toBe(0o700);
        // The profile's key verified the signatures: no key pair of the sandbox's own.
        expect(readdirSync(stateDir)).toEqual(['sandbox-state.json']);
        expect(statSync(path.join(stateDir, 'sandbox-state.json')).mode & 0o777).toBe(0o600);
      }
    },
    120_000,
  );
});
