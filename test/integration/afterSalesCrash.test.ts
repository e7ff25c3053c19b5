/**
 * A decision interrupted by a crash is never forgotten (issue: money-safe after-sales). The real CLI runs as a
 * child process against the sandbox in its default, spec-shaped mode; the platform applies the approval and never
 * answers (`hang-after-processing`), the CLI is killed with SIGKILL mid-request. A restarted CLI then shows the
 * outcome as unknown, refuses a second (opposite) decision without sending it, and `status --check` settles it
 * from the after-sales filter. The sandbox recorded exactly one decision.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild, repoRoot } from '../helpers/bundleChild';
import { cleanEnv } from '../helpers/builtCli';
import { cliEnvFor, startTestPlatform, testKeys, type TestPlatform } from '../helpers/sandboxFixture';

let p: TestPlatform;
let cli: string;
let outDir: string;
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  outDir = path.join(repoRoot, 'node_modules', '.tmp', `after-sales-crash-cli-${process.pid}`);
  [p, cli] = await Promise.all([startTestPlatform({ orders: 120, seed: 7 }), bundleChild('src/cli/main.ts', outDir)]);
  dir = mkdtempSync(path.join(tmpdir(), 'md-as-crash-'));
  const keyFile = path.join(dir, 'key.pem');
  writeFileSync(keyFile, testKeys().privateKeyPem, { mode: 0o600 });
  env = cleanEnv({ ...cliEnvFor(p, keyFile, 60_000), MERCHANT_DESK_DATA_DIR: path.join(dir, 'data') });
}, 60_000);
afterAll(async () => {
  await p?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

function start(args: string[]) {
  const child = spawn(process.execPath, [cli, ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>(
    (resolve) => child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, exited };
}
const run = (args: string[]) => start(args).exited;

async function until(test: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('after-sales approve killed mid-request (real CLI processes, spec-shaped sandbox)', () => {
  it('restart → "Outcome unknown", a second decision refused unsent, "--check" settles it; one decision recorded', async () => {
    const store = p.sandbox.store;
    const id = store.query({ pageIndex: 1, pageSize: 1, orderAfterSalesStatus: [1] }).list[0]!.id;
    const decisions = () => store.get(id)!.decisions;
    p.sandbox.failNext('audit', 'hang-after-processing');

    const approve = start(['after-sales', 'approve', id]);
    await until(() => decisions().length === 1); // the platform applied it; its answer never comes
    approve.child.kill('SIGKILL');
    expect((await approve.exited).signal).toBe('SIGKILL');

    const status = await run(['--json', 'after-sales', 'status', id]);
    expect(status.code).toBe(5);
    const parsed = JSON.parse(status.stdout) as { unsettled: { approved: boolean; state: string; actor: string } };
    expect(parsed.unsettled).toMatchObject({ approved: true, state: 'pending', actor: expect.stringMatching(/^cli/) });
    expect((await run(['after-sales', 'status', id])).stdout).toMatch(/OUTCOME UNKNOWN — sent at \d\d:\d\d/);

    p.sandbox.resetCounts();
    const reject = await run(['after-sales', 'reject', id, '--reason', 'changed my mind']);
    expect(reject.code).toBe(5);
    expect(reject.stderr).toMatch(/Outcome unknown — the approval of order \d+ was sent at \d\d:\d\d/);
    expect(p.sandbox.requestCount()).toBe(0); // refused locally: not even the check was sent
    expect((await run(['after-sales', 'approve', id])).code).toBe(5);

    const checked = await run(['--json', 'after-sales', 'status', id, '--check']);
    expect(checked.code).toBe(0);
    expect(JSON.parse(checked.stdout)).toMatchObject({
      unsettled: null,
      review: 'not-awaiting',
      entries: [{ state: 'applied', settledBy: expect.stringMatching(/filter/) }],
    });
    const journal = JSON.parse((await run(['--json', 'after-sales', 'journal'])).stdout) as {
      recent: unknown[];
      unsettled: unknown[];
    };
    expect(journal).toMatchObject({ unsettled: [], recent: [{ orderId: id, approved: true, state: 'applied' }] });

    // A new decision now goes through the check: the filter no longer lists it, so nothing is sent.
    p.sandbox.resetCounts();
    const after = await run(['after-sales', 'reject', id, '--reason', 'x']);
    expect(after.code).toBe(3);
    expect(p.sandbox.requestCount('audit')).toBe(0);
    expect(decisions().map((d) => d.isApproved)).toEqual([true]);
  }, 60_000);
});
