#!/usr/bin/env node
// Launcher for the merchant-desk CLI: checks the Node version, then loads the bundle built by `npm run build`
// (vite.cli.config.ts → out/cli/main.js). Kept to syntax old Node versions can parse, so they reach the message.
import { existsSync } from 'node:fs';

const MIN = [22, 12];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < MIN[0] || (major === MIN[0] && minor < MIN[1])) {
  process.stderr.write(
    `merchant-desk needs Node.js ${MIN.join('.')} or newer; this is ${process.version}.\n` +
      'Install Node 24 (see .nvmrc), or run it through the repo: node scripts/node24.mjs node bin/merchant-desk.js ...\n',
  );
  process.exit(1);
}

const entry = new URL('../out/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(`merchant-desk is not built yet (${entry.pathname} is missing): run npm run build first.\n`);
  process.exit(1);
}

await import(entry.href);
