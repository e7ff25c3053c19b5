import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createConfProfileStore } from '../../src/core/profiles/confProfileStore';
import { bundleChild, repoRoot } from '../helpers/bundleChild';

// The app and the CLI both read-modify-write settings.json: two processes adding profiles at the same time must
// not lose each other's changes.
const outDir = path.join(repoRoot, 'node_modules', '.tmp', `settings-lock-${process.pid}`);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function run(child: string, dataDir: string, prefix: string, count: number): Promise<{ failures: number }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [child, dataDir, prefix, String(count)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let errOut = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.stderr.on('data', (c: Buffer) => (errOut += c.toString()));
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim())) : reject(new Error(errOut))));
  });
}

describe('settings.json shared by two processes', () => {
  it('concurrent profile additions from two processes all survive', async () => {
    const child = await bundleChild('src/core/profiles/testing/addProfilesChild.ts', outDir);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-settings-lock-'));
    const [a, b] = await Promise.all([run(child, dataDir, 'app', 60), run(child, dataDir, 'cli', 60)]);
    expect(a.failures + b.failures).toBe(0);
    const listed = createConfProfileStore(dataDir).list();
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value).toHaveLength(120);
  }, 60_000);
});
