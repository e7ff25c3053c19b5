#!/usr/bin/env node
// The packaged-app smoke test of CI (.github/workflows/ci.yml, on windows-latest and macos-latest): launches the app
// that `npm run dist:smoke` left unpacked in dist/ with Playwright's `_electron`, on a fresh data directory (so it
// starts on the sandbox: the first run), and waits for the orders screen. A screenshot goes to test-results/.
// It cannot run where Electron cannot (this repository's Linux CI has no Electron binary): it says so and fails.
// Usage: node scripts/smoke-packaged.mjs [--app PATH_TO_EXECUTABLE] [--timeout-ms N]
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCT = 'Merchant Desk';

/** Where electron-builder --dir leaves the app's executable, per system and architecture. */
function candidates() {
  const dist = path.join(root, 'dist');
  switch (process.platform) {
    case 'win32':
      return ['win-unpacked', 'win-arm64-unpacked'].map((d) => path.join(dist, d, `${PRODUCT}.exe`));
    case 'darwin':
      return ['mac-arm64', 'mac', 'mac-universal'].map((d) =>
        path.join(dist, d, `${PRODUCT}.app`, 'Contents', 'MacOS', PRODUCT),
      );
    default:
      return ['linux-unpacked', 'linux-arm64-unpacked'].map((d) => path.join(dist, d, 'merchant-desk'));
  }
}

function parseArgs(argv) {
  const args = { app: undefined, timeoutMs: 120_000 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--app') args.app = path.resolve(argv[++i]);
    else if (argv[i] === '--timeout-ms') args.timeoutMs = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]} (usage: --app PATH --timeout-ms N)`);
  }
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const executablePath = args.app ?? candidates().find((p) => existsSync(p));
  if (!executablePath || !existsSync(executablePath))
    throw new Error(`no packaged app found (looked for ${candidates().join(', ')}): run \`npm run dist:smoke\` first`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-smoke-'));
  const results = path.join(root, 'test-results');
  mkdirSync(results, { recursive: true });
  const screenshot = path.join(results, `packaged-smoke-${process.platform}-${process.arch}.png`);
  console.log(`[smoke] launching ${executablePath} (data directory ${dataDir})`);
  const app = await electron.launch({
    executablePath,
    env: { ...process.env, MERCHANT_DESK_DATA_DIR: dataDir },
    timeout: args.timeoutMs,
  });
  try {
    const window = await app.firstWindow({ timeout: args.timeoutMs });
    window.on('console', (m) => console.log(`[renderer] ${m.type()}: ${m.text()}`));
    console.log(`[smoke] window open at ${window.url()}`);
    // The first run selects the sandbox profile and syncs; the app then shows its orders.
    await window.getByRole('heading', { name: 'Orders' }).waitFor({ timeout: args.timeoutMs });
    await window.screenshot({ path: screenshot });
    console.log(`[smoke] the orders screen is shown (${screenshot})`);
  } catch (e) {
    const [window] = app.windows();
    if (window) await window.screenshot({ path: screenshot }).catch(() => {});
    throw e;
  } finally {
    await app.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

main().catch((e) => {
  console.error(`[smoke] failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
