#!/usr/bin/env node
// `npm test`: every test, the way CI runs them. Arguments pass on to vitest (`npm test -- src/core/cache`).
// 1. Builds the app and the CLI first: the browser-host and built-CLI tests run what `npm run build` makes.
// 2. On Linux with no session bus (a server, CI), runs inside a private D-Bus session with an unlocked
//    gnome-keyring (scripts/with-keyring.sh) when its tools are installed, so the keychain tests run too instead
//    of skipping. A desktop session keeps its own bus; the tests use throw-away keychain entries there.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const run = (cmd, argv) => {
  const r = spawnSync(cmd, argv, { stdio: 'inherit', cwd: root, shell: process.platform === 'win32' });
  if (r.error) {
    console.error(`[test] ${cmd}: ${r.error.message}`);
    return 1;
  }
  return r.status ?? 1;
};
const has = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;

if (process.env.MERCHANT_DESK_TEST_NO_BUILD !== '1') {
  const built = run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build']);
  if (built !== 0) process.exit(built);
}

const vitest = ['node', [path.join(root, 'scripts', 'node24.mjs'), 'vitest', 'run', ...args]];
const privateKeyring =
  process.platform === 'linux' &&
  !process.env.DBUS_SESSION_BUS_ADDRESS &&
  has('dbus-run-session') &&
  has('gnome-keyring-daemon');
if (privateKeyring) {
  console.error('[test] no session bus: running inside a private D-Bus session with a throw-away gnome-keyring');
  process.exit(run('bash', [path.join(root, 'scripts', 'with-keyring.sh'), vitest[0], ...vitest[1]]));
}
process.exit(run(vitest[0], vitest[1]));
