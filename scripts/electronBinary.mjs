// Is there an Electron that can run here? Resolved as the electron package resolves it (node_modules/electron/
// index.js) but without its side effect: that file downloads the binary when it is missing, which hangs or fails
// offline. Electron 45 fetches its binary on first launch, not at `npm install`, so a fresh checkout has none.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** How long `electron --version` may take: it starts no window, so a healthy binary answers at once. */
const VERSION_TIMEOUT_MS = 15_000;

/** Where the electron package keeps its binary, from ELECTRON_OVERRIDE_DIST_PATH or path.txt (null: not fetched yet). */
export function electronExecutable(root, env = process.env) {
  if (env.ELECTRON_EXEC_PATH) return { file: env.ELECTRON_EXEC_PATH, source: 'ELECTRON_EXEC_PATH' };
  let packageDir;
  try {
    packageDir = path.dirname(createRequire(path.join(root, 'package.json')).resolve('electron/package.json'));
  } catch {
    return { file: null, why: 'the electron package is not installed (run `npm install`)' };
  }
  const pathFile = path.join(packageDir, 'path.txt');
  const named = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  if (env.ELECTRON_OVERRIDE_DIST_PATH)
    return {
      file: path.join(env.ELECTRON_OVERRIDE_DIST_PATH, named || 'electron'),
      source: 'ELECTRON_OVERRIDE_DIST_PATH',
    };
  if (!named)
    return { file: null, why: "Electron's binary was never downloaded (node_modules/electron has no path.txt)" };
  return { file: path.join(packageDir, 'dist', named), source: 'path.txt' };
}

/** { ok: true, file, version } or { ok: false, why } — `why` names the step that failed. */
export function checkElectron(root, env = process.env) {
  const exe = electronExecutable(root, env);
  if (exe.file === null) return { ok: false, why: exe.why };
  if (!existsSync(exe.file))
    return { ok: false, why: `Electron's binary ${exe.file} (named by ${exe.source}) is missing` };
  const run = spawnSync(exe.file, ['--version'], {
    env,
    encoding: 'utf8',
    timeout: VERSION_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.error?.code === 'ETIMEDOUT')
    return { ok: false, why: `\`${exe.file} --version\` did not answer within ${VERSION_TIMEOUT_MS / 1000} s` };
  if (run.error)
    return { ok: false, why: `\`${exe.file} --version\` could not start (${run.error.code ?? run.error.message})` };
  if (run.status !== 0) {
    const said = (run.stderr || run.stdout || '').trim().split('\n')[0];
    return {
      ok: false,
      why: `\`${exe.file} --version\` failed (${run.signal ?? `exit ${run.status}`}${said ? `: ${said}` : ''})`,
    };
  }
  return { ok: true, file: exe.file, version: run.stdout.trim() };
}
