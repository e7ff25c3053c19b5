/**
 * The release artifact itself, launched (issue 23, Element's model): Playwright's `_electron` starts the app that
 * `npm run dist:smoke` left unpacked in dist/ — the release configuration with only the inspector fuse left on
 * (build/electron-builder.smoke.yml) — on a fresh data directory, so it is the first run on the sandbox. It waits
 * for the orders, opens one order awaiting a decision, approves it through the confirmation, and quits: the
 * process must exit 0 on its own.
 *
 * CI runs it on windows-latest and macos-latest (.github/workflows/ci.yml sets MERCHANT_DESK_REQUIRE_PACKAGED_APP=1,
 * so a missing package fails there). Elsewhere — this Linux CI has no Electron binary — it skips, saying why.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleWithReason } from '../helpers/requires';

const root = path.resolve(import.meta.dirname, '../..');
const PRODUCT = 'Merchant Desk';
const STEP_MS = 120_000;

/** Where electron-builder --dir leaves the executable, per system and architecture. */
function packagedAppCandidates(platform: NodeJS.Platform = process.platform, dist = path.join(root, 'dist')) {
  switch (platform) {
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

const executablePath = process.env.MERCHANT_DESK_PACKAGED_APP ?? packagedAppCandidates().find((p) => existsSync(p));
const required = process.env.MERCHANT_DESK_PACKAGED_APP_REQUIRED === '1';
const reason =
  process.platform === 'linux'
    ? 'no packaged app: Electron cannot run here (CI runs this on Windows and macOS after `npm run dist:smoke`)'
    : 'no packaged app in dist/: run `npm run dist:smoke` first';

// Not MERCHANT_DESK_REQUIRE_TOOLS: Linux CI promises every tool but cannot have this one.
const runs = executablePath !== undefined || required;
describe.runIf(runs)(titleWithReason('the packaged app', runs, reason), () => {
  let app: ElectronApplication;
  let window: Page;
  let dataDir: string;
  const results = path.join(root, 'test-results');
  const shot = (name: string) =>
    window?.screenshot({ path: path.join(results, `packaged-${name}-${process.platform}-${process.arch}.png`) });

  beforeAll(async () => {
    expect(executablePath, `looked for ${packagedAppCandidates().join(', ')}`).toBeDefined();
    mkdirSync(results, { recursive: true });
    dataDir = mkdtempSync(path.join(tmpdir(), 'md-packaged-'));
    app = await electron.launch({
      executablePath: executablePath!,
      // A test build must never look for (or install) a release.
      env: { ...process.env, MERCHANT_DESK_DATA_DIR: dataDir, MERCHANT_DESK_UPDATES: 'off' },
      timeout: STEP_MS,
    });
    window = await app.firstWindow({ timeout: STEP_MS });
  }, STEP_MS * 2);

  afterAll(async () => {
    await app?.close().catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it(
    'first run: the sandbox profile is set up and its orders are shown',
    async () => {
      expect(window.url()).toMatch(/^app:\/\//);
      await window.getByRole('heading', { name: 'Orders' }).waitFor({ timeout: STEP_MS });
      await shot('orders');
    },
    STEP_MS,
  );

  it(
    'opens an order awaiting a decision and approves it through the confirmation',
    async () => {
      await window
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: /After-sales/ })
        .click();
      const row = window
        .getByRole('group', { name: /Awaiting a decision/ })
        .getByRole('option')
        .first();
      await row.waitFor({ timeout: STEP_MS });
      const orderNum = /\d{6,}/.exec((await row.textContent()) ?? '')?.[0];
      expect(orderNum).toBeDefined();
      await row.click();
      await window.getByRole('heading', { level: 2, name: `Order ${orderNum}` }).waitFor();
      await window.keyboard.press('a');
      const dialog = window.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(orderNum);
      await window.keyboard.press('Enter');
      await window.getByText('Refund approved — as reported by the platform').waitFor({ timeout: STEP_MS });
      await shot('decided');
    },
    STEP_MS,
  );

  it(
    'quits cleanly: the process exits 0 on its own',
    async () => {
      const child = app.process();
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await app.evaluate(({ app: electronApp }) => electronApp.quit());
      expect(await exited).toBe(0);
    },
    STEP_MS,
  );
});
