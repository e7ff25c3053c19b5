#!/usr/bin/env node
// `npm start` and `npm run dev`: build, then open the app — in Electron where it can run, else the same app in the
// browser (`merchant-desk ui --sandbox`: on first run the sandbox profile, the sandbox platform in that process
// and a first sync; with --dev, `ui --sandbox --dev`: the renderer from source through Vite, with hot reload).
// Runs under Node >= 22.12 (package.json starts it through scripts/node24.mjs).
//
//   node scripts/start.mjs [--dev] [--skip-build] [ui options: --no-open, --port N, --sandbox-port N]
//
// --skip-build: use the existing out/ (tests do: they must not empty out/ under other tests' feet).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkElectron } from './electronBinary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dev = args.includes('--dev');
const skipBuild = args.includes('--skip-build');
const uiArgs = args.filter((a) => a !== '--dev' && a !== '--skip-build');

const electronVite = path.join(root, 'node_modules/electron-vite/bin/electron-vite.js');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const say = (line) => console.error(`[start] ${line}`);

function runStep(name, command, commandArgs) {
  const r = spawnSync(process.execPath, [command, ...commandArgs], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    say(`${name} failed (${r.signal ?? `exit ${r.status}`}): see its output above.`);
    process.exit(r.status ?? 1);
  }
}

/** Runs the long-lived child; Ctrl+C / SIGTERM reach it, and this script ends with its status. */
function handOver(command, commandArgs, env) {
  const child = spawn(process.execPath, [command, ...commandArgs], { cwd: root, env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
}

const electron = checkElectron(root);
if (electron.ok) {
  say(
    `Electron ${electron.version} (${electron.file}): ${dev ? 'starting the desktop app with hot reload' : 'building and opening the desktop app'}.`,
  );
  // electron-vite finds the binary through path.txt only; ELECTRON_EXEC_PATH hands it the one checked here.
  const env = { ...process.env, ELECTRON_EXEC_PATH: electron.file };
  if (dev) handOver(electronVite, ['dev'], env);
  else handOver(electronVite, ['preview', ...(skipBuild ? ['--skipBuild'] : [])], env);
} else {
  say(
    `Electron cannot run on this machine: ${electron.why} — Electron fetches its binary on its first launch, and that download is needed once (offline machines, locked-down networks and CI runners cannot make it).`,
  );
  say(
    'Opening the same app in your browser instead (`merchant-desk ui --sandbox`: the sandbox with demo data until you add an account).',
  );
  say('For the desktop app: run `npx electron --version` to retry the download, or install a release package.');
  if (dev) say('Hot reload: the page is served from src/renderer by Vite; edits show without a rebuild.');
  if (!skipBuild) {
    // In dev the pages come from source (Vite): only the CLI that serves them is built.
    if (!dev) runStep('Building the app (electron-vite build)', electronVite, ['build']);
    runStep('Building the CLI (vite build)', vite, ['build', '--config', 'vite.cli.config.ts', '--logLevel', 'warn']);
  }
  const ui = ['ui', '--sandbox', ...(dev ? ['--dev'] : []), ...uiArgs];
  handOver(path.join(root, 'bin/merchant-desk.js'), ui, process.env);
}
