#!/usr/bin/env node
// Renders README screenshots with the system Chromium: real CLI output against a fresh sandbox, shown as a
// terminal. Needs `npm run build` first. Usage: node scripts/node24.mjs node scripts/screenshots.mjs
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'merchant-desk.js');
const outDir = path.join(root, 'docs', 'screenshots');
mkdirSync(outDir, { recursive: true });

// A data directory of its own: a fresh data set and key pair, never the merchant's profiles or sandbox state.
const sandboxDataDir = mkdtempSync(path.join(tmpdir(), 'md-screenshots-'));
const sandbox = spawn(process.execPath, [bin, '--json', 'sandbox', '--port', '0', '--orders', '300', '--seed', '4'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, MERCHANT_DESK_DATA_DIR: sandboxDataDir },
});
const info = await new Promise((resolve) => sandbox.stdout.once('data', (d) => resolve(JSON.parse(String(d)))));
const env = {
  ...process.env,
  MERCHANT_DESK_BASE_URL: info.baseUrl,
  MERCHANT_DESK_PLATFORM_URL: info.platformUrl,
  MERCHANT_DESK_MERCHANT_ID: info.merchantId,
  MERCHANT_DESK_TOKEN: info.token,
  MERCHANT_DESK_PRIVATE_KEY_FILE: info.privateKeyFile,
  COLUMNS: '160',
};
const run = (args) => {
  const r = spawnSync(process.execPath, [bin, ...args], { env, encoding: 'utf8' });
  return `$ merchant-desk ${args.map((a) => (/\s/.test(a) ? `"${a}"` : a)).join(' ')}\n${r.stdout}${r.stderr}`;
};
const pending = JSON.parse(
  spawnSync(process.execPath, [bin, '--json', 'orders', 'list', '--after-sales-status', '1', '--page-size', '1'], {
    env,
    encoding: 'utf8',
  }).stdout,
).list[0].id;
const sessions = {
  'cli-orders.png': [
    run(['orders', 'list', '--page-size', '12', '--after-sales-status', '1']),
    run(['orders', 'get', pending]),
  ].join('\n'),
  'cli-after-sales.png': [
    run([
      'after-sales',
      'reject',
      pending,
      '--reason',
      'Code was redeemed on 3 March',
      '--image',
      'https://example.com/redeem-log.png',
    ]),
    run(['after-sales', 'approve', pending]),
    run(['orders', 'list', '--page', '0']),
    run(['sso-link', '--user-no', 'shop-user-7', '--email', 'buyer7@example.com', '--item', '1001']),
  ].join('\n'),
};
const escape = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 200 }, deviceScaleFactor: 1 });
for (const [file, text] of Object.entries(sessions)) {
  await page.setContent(
    `<body style="margin:0;background:#1e1e2e"><pre style="margin:0;padding:16px;color:#e6e6e6;font:13px/1.45 'DejaVu Sans Mono','Noto Sans Mono CJK SC',monospace;white-space:pre">${escape(text)}</pre></body>`,
  );
  await page.locator('pre').screenshot({ path: path.join(outDir, file) });
  console.log(`wrote docs/screenshots/${file}`);
}
await browser.close();
sandbox.kill('SIGINT');
