/**
 * The browser journeys' harness: `merchant-desk ui --sandbox` run in this process on a fresh data directory (an
 * in-memory keychain), with the sandbox platform it starts handed to the test so a journey can change orders, script
 * faults or stop it, as a real platform would; and Debian's Chromium driven by playwright-core against the page.
 * Nothing in between is mocked: real handlers, core, SQLite, HTTP on loopback.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { runCli } from '../../src/cli/program';
import { createMemorySecretStore, type MemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import type { SandboxHandle } from '../../src/sandbox/server';
import { sectionOf, type ScreenName } from '../../src/shared/screens';
import { repoRoot } from './bundleChild';
import { chromiumAvailable } from './chromium';
import { describeWith } from './requires';

/** The journeys need the built renderer and Chromium; without them they skip, saying so (test/helpers/requires.ts). */
export const workspaceAvailable = existsSync(path.join(repoRoot, 'out/renderer/index.html')) && chromiumAvailable;
/** `describe` for a journey suite: skipped with the reason where the built renderer or Chromium is missing. */
export const describeWorkspace = describeWith(
  workspaceAvailable,
  'needs `npm run build` and Chromium (CHROMIUM_PATH or /usr/bin/chromium)',
);

export interface Workspace {
  /** The address `ui` printed (with its one-time token in the fragment: it works once, within a minute). */
  url: string;
  /** A new address, as pressing Enter where `ui` runs prints it (each page opened needs its own token). */
  freshUrl(): Promise<string>;
  sandbox: SandboxHandle;
  dataDir: string;
  secrets: MemorySecretStore;
  stderr: string[];
  /** Runs a CLI command against the same data directory and keychain (`--json` output parsed by the caller). */
  cli(argv: string[]): Promise<{ code: number; out: string; err: string }>;
  stop(): Promise<void>;
}

export async function startWorkspace(
  options: {
    dataDir?: string;
    argv?: string[];
    /** No keychain: `ui --sandbox` falls back to the environment mode (no profile, the sandbox's demo settings). */
    noKeychain?: boolean;
    /** The core host in this process: only for a journey that fakes the clock (the core must see it). */
    coreHostInProcess?: boolean;
  } = {},
): Promise<Workspace> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'md-ws-'));
  const secrets = createMemorySecretStore();
  if (options.noKeychain)
    secrets.failWith = { kind: 'keychain-unavailable', message: 'No keychain here.', action: 'Install one.' };
  const stdout: string[] = [];
  const stderr: string[] = [];
  const controller = new AbortController();
  let sandbox: SandboxHandle | undefined;
  // `ui`'s standard input: each "line" asks it for a new address.
  const lineListeners = new Set<(line: string) => void>();
  const env = { MERCHANT_DESK_DATA_DIR: dataDir, HOME: process.env.HOME, PATH: process.env.PATH };
  const code = runCli(['ui', '--sandbox', '--no-open', ...(options.argv ?? [])], {
    stdout: (t) => stdout.push(t),
    stderr: (t) => stderr.push(t),
    env,
    secretStore: secrets,
    signal: controller.signal,
    sandboxStarted: (h) => (sandbox = h),
    lines: (listener) => {
      lineListeners.add(listener);
      return () => lineListeners.delete(listener);
    },
    ...(options.coreHostInProcess ? { coreHostInProcess: true } : {}),
  });
  const addresses = () => stdout.filter((l) => l.startsWith('Merchant Desk UI: '));
  for (;;) {
    const line = stdout.find((l) => l.startsWith('Merchant Desk UI: '));
    if (line) {
      if (!sandbox) throw new Error(`ui started without a sandbox: ${stderr.join('\n')}`);
      const running = sandbox;
      return {
        url: line.slice('Merchant Desk UI: '.length),
        freshUrl: async () => {
          const seen = addresses().length;
          for (const listener of lineListeners) listener('');
          while (addresses().length === seen) await new Promise((resolve) => setTimeout(resolve, 10));
          return addresses().at(-1)!.slice('Merchant Desk UI: '.length);
        },
        sandbox: running,
        dataDir,
        secrets,
        stderr,
        cli: async (argv) => {
          const out: string[] = [];
          const err: string[] = [];
          const exit = await runCli(argv, {
            stdout: (t) => out.push(t),
            stderr: (t) => err.push(t),
            env,
            secretStore: secrets,
          });
          return { code: exit, out: out.join('\n'), err: err.join('\n') };
        },
        stop: async () => {
          controller.abort();
          await code;
        },
      };
    }
    const early = await Promise.race([code, new Promise((r) => setTimeout(() => r(undefined), 50))]);
    if (early !== undefined) throw new Error(`ui ended (${String(early)}): ${stderr.join('\n')}`);
  }
}

export interface OpenedApp {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed requests the page logged (a journey expects none). */
  problems: string[];
}

/** Opens the app in a new browser context (light or dark) and waits until the frame has its profile. */
export async function openApp(
  browser: Browser,
  workspace: Workspace,
  options: {
    colorScheme?: 'light' | 'dark';
    viewport?: { width: number; height: number };
    /** The browser's language (navigator.languages), as the OS would set it; default en-GB. */
    locale?: string;
    /** Runs on the new context before the page loads (e.g. `context.clock.install()` to drive the page's clock). */
    beforeOpen?: (context: BrowserContext) => Promise<void>;
    /** The screen to open once the frame is up (the app opens on Home), as the navigation would. */
    screen?: ScreenName;
  } = {},
): Promise<OpenedApp> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-GB',
    timezoneId: 'Europe/Berlin',
  });
  await options.beforeOpen?.(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(await workspace.freshUrl());
  // Attached, not visible: a narrow frame (under 900 px) keeps the navigation, and this line, in its closed menu.
  // Its words follow the language ("Version …", "版本 …"): any text there means the app answered.
  await page
    .getByTestId('app-info')
    .getByText(/^(Version|版本) /)
    .waitFor({ state: 'attached' });
  // The frame has asked for the profiles (the switcher, the banners): what every journey starts from.
  await page.locator('.app-frame[data-profiles-loaded]').waitFor();
  if (options.screen) await openScreen(page, options.screen);
  return { context, page, problems };
}

/**
 * Opens a screen by its route, as a navigation link does, and waits until the navigation marks its section as the
 * current page (attached: a narrow frame keeps the navigation in its closed menu).
 */
export async function openScreen(page: Page, screen: ScreenName): Promise<void> {
  await page.evaluate(`window.location.hash = '#/${screen}'`);
  await page.locator(`nav.nav a[aria-current="page"][href="#/${sectionOf(screen)}"]`).waitFor({ state: 'attached' });
}

/** axe-core's serious and critical violations on the page as it is now (a journey expects none). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Saves a screenshot to docs/screenshots/<name>.png when MERCHANT_DESK_SCREENSHOTS=1 (`npm run screenshots`);
 * otherwise does nothing, so a test run leaves the working tree as it was.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.MERCHANT_DESK_SCREENSHOTS !== '1') return;
  const dir = path.join(repoRoot, 'docs', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
