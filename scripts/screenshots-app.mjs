#!/usr/bin/env node
// Renders the app's screenshots (docs/screenshots/*.png): runs the browser journeys in test/e2e with
// MERCHANT_DESK_SCREENSHOTS=1, which makes their screenshot() calls write files. Usage: npm run screenshots:app [-- test/e2e/<journey>.test.ts]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = spawnSync(
  process.execPath,
  [path.join(root, 'scripts/test.mjs'), ...(process.argv.length > 2 ? process.argv.slice(2) : ['test/e2e'])],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MERCHANT_DESK_SCREENSHOTS: '1' },
  },
);
process.exit(run.status ?? 1);
