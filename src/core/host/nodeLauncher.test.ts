import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeHostLauncher } from './nodeLauncher';

/** A stand-in host entry: says where its Node keeps compiled code ("none" when nowhere), then exits. */
const ENTRY = `import module from 'node:module';\nconsole.log('compile cache: ' + (module.getCompileCacheDir?.() ?? 'none'));\n`;

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Launches the stand-in with `options` and resolves with what it said. */
function said(compileCacheDir?: string): Promise<string> {
  dir ??= mkdtempSync(path.join(tmpdir(), 'md-launcher-'));
  const entry = path.join(dir, 'entry.mjs');
  writeFileSync(entry, ENTRY);
  const lines: string[] = [];
  const host = nodeHostLauncher({
    entry,
    log: (line) => lines.push(line),
    ...(compileCacheDir === undefined ? {} : { compileCacheDir }),
  }).launch();
  return new Promise((resolve) => host.onExit(() => resolve(lines.join('\n'))));
}

describe('nodeHostLauncher', () => {
  it("starts the host with Node's compile cache in the given directory, made private", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-launcher-'));
    const cache = path.join(dir, 'code-cache', 'core-host');
    expect(await said(cache)).toContain(`compile cache: ${cache}`);
    if (process.platform === 'win32') return;
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    // Node's own folder in it (one per Node version, made with the umask) is tightened at the next start.
    await said(cache);
    const folders = readdirSync(cache, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.length).toBeGreaterThan(0);
    for (const f of folders) expect(statSync(path.join(cache, f.name)).mode & 0o777).toBe(0o700);
  });

  it('without a directory, the host keeps no compiled code', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-launcher-'));
    expect(await said()).toContain('compile cache: none');
  });
});
