/**
 * scripts/electronegativity.mjs as CI runs it: Electronegativity over src/ must report no HIGH or MEDIUM finding,
 * only the accepted LOW ones, and only reviewed `eng-disable` lines (docs/SECURITY.md). A scan of a small insecure
 * app proves the script fails on what the tool finds, not on its exit code. About 2 s per scan, offline.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(root, 'scripts/electronegativity.mjs');

async function runScript(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const scratch = mkdtempSync(path.join(tmpdir(), 'md-eng-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('Electronegativity', () => {
  it('finds no HIGH or MEDIUM issue in src/, and only accepted LOW ones', async () => {
    const r = await runScript([]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/no HIGH or MEDIUM finding in src/);
  }, 60_000);

  it('fails on HIGH and MEDIUM findings and on an unreviewed eng-disable, whatever the tool’s exit code', async () => {
    const app = path.join(scratch, 'insecure');
    mkdirSync(app, { recursive: true });
    writeFileSync(
      path.join(app, 'main.ts'),
      [
        "import { BrowserWindow, shell } from 'electron';",
        'export function open(url: string) {',
        '  const w = new BrowserWindow({ webPreferences: { contextIsolation: false, sandbox: false } });',
        '  void shell.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK',
        '  return w;',
        '}',
        '',
      ].join('\n'),
    );
    const report = path.join(scratch, 'report.json');
    const r = await runScript(['--input', app, '--json', report]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/CONTEXT_ISOLATION_JS_CHECK HIGH at main\.ts:3/);
    expect(r.stderr).toMatch(/SANDBOX_JS_CHECK MEDIUM at main\.ts:3/);
    expect(r.stderr).toMatch(/LIMIT_NAVIGATION_GLOBAL_CHECK HIGH/);
    expect(r.stderr).toMatch(/main\.ts:4 hides OPEN_EXTERNAL_JS_CHECK with eng-disable/);
  }, 60_000);
});
