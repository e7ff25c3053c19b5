#!/usr/bin/env node
// Runs a command under Node >= 22.12. When the Node running this script is older (this script itself
// only needs Node 18), it provisions Node 24 from the npm registry package node-<platform>-<arch> into
// .tools/ once, then runs the command with that Node first on PATH. Native builds (keytar) get its headers
// through npm_config_nodedir.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIN = [22, 12];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: node scripts/node24.mjs <command> [args...]');
  process.exit(2);
}

function newEnough(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > MIN[0] || (major === MIN[0] && minor >= MIN[1]);
}

function provisionedNode() {
  const pkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const dir = path.join(root, '.tools', 'node_modules', pkg);
  const bin = process.platform === 'win32' ? path.join(dir, 'bin') : path.join(dir, 'bin');
  const exe = path.join(bin, process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(exe)) {
    console.error(
      `[node24] Node ${process.version} is older than ${MIN.join('.')}; installing ${pkg}@24 into .tools/ ...`,
    );
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(
      npm,
      ['install', '--no-save', '--no-package-lock', '--prefix', path.join(root, '.tools'), `${pkg}@24`],
      {
        stdio: 'inherit',
        shell: process.platform === 'win32',
      },
    );
    if (r.status !== 0 || !existsSync(exe)) {
      console.error(
        `[node24] Could not install ${pkg}@24. Install Node 24 yourself (see .nvmrc) and run the command again.`,
      );
      process.exit(1);
    }
  }
  return { dir, bin };
}

const env = { ...process.env };
if (!newEnough(process.version)) {
  const { dir, bin } = provisionedNode();
  env.PATH = `${bin}${path.delimiter}${env.PATH ?? ''}`;
  env.npm_config_nodedir = dir;
  env.npm_node_execpath = path.join(bin, 'node');
}
// Local binaries (vitest, tsc, electron-vite ...) come from node_modules/.bin.
env.PATH = `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${env.PATH}`;
const r = spawnSync(args[0], args.slice(1), { stdio: 'inherit', env, shell: process.platform === 'win32' });
if (r.error) {
  console.error(`[node24] ${args[0]}: ${r.error.message}`);
  process.exit(1);
}
process.exit(r.status ?? 1);
