import { spawnSync } from 'node:child_process';

/** The openssl command line (keys, a private CA): Linux CI installs it; elsewhere its suites skip, saying so. */
export const opensslAvailable = spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;
