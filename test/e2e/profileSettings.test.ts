/**
 * Profiles and settings in Chromium over `merchant-desk ui --sandbox`: a second sandbox plays a merchant's real
 * platform; the merchant connects it with a wrong token (Test connection shows the 401 and what to do), fixes the
 * token (✓), switches to it (only its orders are cached and shown), renames and removes profiles, and walks the
 * settings sections. Secrets typed into the page never come back into it.
 */
import { createPrivateKey } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { launchChromium } from '../helpers/chromium';
import { testKeys } from '../helpers/sandboxFixture';
import {
  openApp,
  screenshot,
  seriousA11yViolations,
  startWorkspace,
  describeWorkspace,
  type Workspace,
} from '../helpers/workspace';

const WRONG_TOKEN = 'wrong-token-5b1f0c';
const RIGHT_TOKEN = 'second-merchant-token-93ad7e';
const PASSPHRASE = 'key passphrase 4471';
const SECOND_ORDERS = 25;

/** axe in both schemes on the page as it is, and a screenshot of each. */
async function checkBothSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousA11yViolations(page), `${name} (${colorScheme})`).toEqual([]);
    await screenshot(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** What the page holds that a secret could hide in: its markup, input values and local storage. */
async function pageText(page: Page): Promise<string> {
  // Evaluated in the page (this file has no DOM types): every field's value, and both storages.
  const values = await page.evaluate<string>(
    "[...document.querySelectorAll('input, textarea')].map((e) => e.value).join('\\n')",
  );
  const storage = await page.evaluate<string>('JSON.stringify({ ...localStorage, ...sessionStorage })');
  return `${await page.content()}\n${values}\n${storage}`;
}

async function expectNoSecrets(page: Page): Promise<void> {
  const text = await pageText(page);
  for (const secret of [WRONG_TOKEN, RIGHT_TOKEN, PASSPHRASE, 'PRIVATE KEY', 'sandbox-token'])
    expect(text, `the page holds ${secret}`).not.toContain(secret);
}

async function settingsSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
}

/** The cached orders of the active profile, through the page's own bridge (as every screen reads them). */
async function cachedOrderIds(page: Page): Promise<string[]> {
  const answer = await page.evaluate<{ ok: boolean; data?: { list: { id: string }[] }; error?: { message: string } }>(
    "window.merchantDesk.invoke('orders:queryPage', { limit: 1000 })",
  );
  if (!answer.ok || !answer.data) throw new Error(answer.error?.message ?? 'no answer');
  return answer.data.list.map((o) => o.id);
}

describeWorkspace('profiles and settings', () => {
  let workspace: Workspace;
  let browser: Browser;
  let second: SandboxHandle;

  beforeAll(async () => {
    [workspace, browser, second] = await Promise.all([
      startWorkspace(),
      launchChromium(),
      startSandbox({
        publicKeyPem: testKeys().publicKeyPem,
        orders: SECOND_ORDERS,
        seed: 7,
        merchantId: 'second-merchant',
        token: RIGHT_TOKEN,
      }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await second?.stop();
    await workspace?.stop();
  });

  it('adds a second merchant profile, tests it, switches to it, renames and removes profiles', async () => {
    const { page, context, problems } = await openApp(browser, workspace);
    page.setDefaultTimeout(10_000);

    // Onboarding: the sandbox banner leads to the Connection section.
    await page.getByRole('link', { name: 'Add a merchant profile' }).click();
    expect(new URL(page.url()).hash).toBe('#/settings/connection');
    await page.getByRole('heading', { level: 2, name: 'Connection' }).waitFor();
    await page.getByText('You are on the sandbox').waitFor();
    await checkBothSchemes(page, 'settings-connection-onboarding');

    // The form: a plain-http URL to another host is pointed out at its field and nothing is sent.
    await page.getByRole('button', { name: 'Add a merchant profile' }).click();
    await page.getByLabel('Profile name').fill('Second shop');
    expect(await page.getByLabel('Profile ID').inputValue()).toBe('second-shop');
    await page.getByLabel('Base URL').fill('http://api.example.com');
    await page.getByLabel('Platform URL').fill(second.platformUrl);
    await page.getByLabel('Merchant ID').fill(second.merchantId);
    await page.getByLabel('Access token', { exact: true }).fill(WRONG_TOKEN);
    await page.getByLabel('Import a key I have').check();
    const encrypted = createPrivateKey(testKeys().privateKeyPem).export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: PASSPHRASE,
    });
    await page.getByLabel('Private key file (PEM)').setInputFiles({
      name: 'merchant-key.pem',
      mimeType: 'application/x-pem-file',
      buffer: Buffer.from(encrypted),
    });
    await page.getByText('Read merchant-key.pem.').waitFor();
    await page.getByLabel('Passphrase (for an encrypted key)').fill(PASSPHRASE);
    const before = (await workspace.cli(['profiles', 'list', '--json'])).out;
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText('Must use https').waitFor();
    expect(await page.getByLabel('Base URL').getAttribute('aria-invalid')).toBe('true');
    expect((await workspace.cli(['profiles', 'list', '--json'])).out).toBe(before);
    await checkBothSchemes(page, 'settings-connection-connect-form');

    // Nothing was sent, so the secrets typed stay in their fields for the correction (they go once sent).
    expect(await page.getByLabel('Access token', { exact: true }).inputValue()).toBe(WRONG_TOKEN);
    await page.getByLabel('Base URL').fill(second.baseUrl);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('heading', { level: 3, name: 'Second shop (second-shop)' }).waitFor();
    // The imported key's public part is shown to register with the platform: the second sandbox's key.
    const shownKey = await page.getByLabel('Public key (register it with the platform)').inputValue();
    expect(shownKey.trim()).toBe(testKeys().publicKeyPem.trim());
    await page.getByText('Stored token: set').waitFor();

    // Wrong token: the token line fails with the 401 and its action; the signature line passes.
    await page.getByRole('button', { name: 'Test connection' }).click();
    const checks = page.getByRole('list', { name: 'Connection checks' });
    await checks.waitFor();
    const tokenLine = checks.getByRole('listitem').filter({ hasText: 'Access token' });
    await tokenLine.getByText(/failed/).waitFor();
    expect(await tokenLine.textContent()).toContain('HTTP 401');
    expect(await tokenLine.textContent()).toContain('The token was refused: get a valid token from the platform');
    expect(await checks.getByRole('listitem').filter({ hasText: 'Signature self-check' }).textContent()).toContain(
      'passed',
    );
    await page.getByText('Connection has problems.').waitFor();
    await page
      .getByRole('heading', { name: 'Test connection' })
      .evaluate((heading: { scrollIntoView(): void }) => heading.scrollIntoView());
    await checkBothSchemes(page, 'settings-connection-test-failed');

    // A wrong API prefix: the token line says nothing answers there and to check the prefix; set back, it is reached.
    await page.getByRole('button', { name: 'Edit connection' }).click();
    await page.getByLabel('API prefix').fill('/nowhere');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await page.getByText('Connection saved.').waitFor();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await tokenLine.getByText('Nothing answers at').waitFor();
    expect(await tokenLine.textContent()).toContain('check the base URL and the API prefix of the profile');
    await page.getByRole('button', { name: 'Edit connection' }).click();
    await page.getByLabel('API prefix').fill(second.apiPrefix);
    await page.getByRole('button', { name: 'Save connection' }).click();
    await page.getByText('Connection saved.').waitFor();

    // The right token: every line passes.
    await page.getByLabel('Replace the access token').fill(RIGHT_TOKEN);
    await page.getByRole('button', { name: 'Save token' }).click();
    await page.getByText(`Token stored (${RIGHT_TOKEN.length} characters)`).waitFor();
    expect(await page.getByLabel('Replace the access token').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Connection works.').waitFor();
    expect(await checks.getByRole('listitem').filter({ hasText: 'failed' }).count()).toBe(0);
    expect(await checks.getByRole('listitem').count()).toBe(2);
    await page
      .getByRole('heading', { name: 'Test connection' })
      .evaluate((heading: { scrollIntoView(): void }) => heading.scrollIntoView());
    await checkBothSchemes(page, 'settings-connection-test-ok');
    await expectNoSecrets(page);

    // Switch: after a sync, the cache holds the second merchant's orders only.
    await settingsSection(page, 'Profiles');
    await page.getByRole('button', { name: 'Switch to Second shop' }).click();
    await page.getByText('Active profile: Second shop (second-shop)').waitFor();
    expect(await page.getByLabel('Profile').inputValue()).toBe('second-shop');
    await page.getByRole('status').filter({ hasText: 'Not synced yet' }).waitFor();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Synced/ })
      .waitFor();
    const ids = await cachedOrderIds(page);
    expect(ids).toHaveLength(SECOND_ORDERS);
    const secondIds = new Set(second.store.ids());
    expect(ids.every((id) => secondIds.has(id))).toBe(true);
    const firstIds = new Set(workspace.sandbox.store.ids());
    expect(ids.some((id) => firstIds.has(id))).toBe(false);
    await settingsSection(page, 'Cache');
    expect(await page.getByTestId('cache-orders').textContent()).toBe(String(SECOND_ORDERS));
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    for (const id of [...firstIds].slice(0, 5)) expect(await page.content()).not.toContain(id);

    // Rename the active profile, then remove the sandbox: the screen says which profile is active.
    await page.goto(`${workspace.url.split('#')[0]}#/settings/profiles`);
    await page.getByRole('heading', { level: 2, name: 'Profiles' }).waitFor();
    await page.getByRole('button', { name: 'Rename Second shop' }).click();
    await page.getByLabel('New name for second-shop').fill('Second shop EU');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Active profile: Second shop EU (second-shop)').waitFor();
    await checkBothSchemes(page, 'settings-profiles');
    await page.getByRole('button', { name: 'Remove Sandbox' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove “Sandbox”?' });
    await dialog.waitFor();
    await checkBothSchemes(page, 'settings-profiles-remove-dialog');
    await dialog.getByRole('button', { name: 'Remove profile' }).click();
    await page.getByText('Active profile: Second shop EU (second-shop) — removed “Sandbox”').waitFor();
    expect(await page.getByRole('button', { name: 'Remove Sandbox' }).count()).toBe(0);
    const listed = JSON.parse((await workspace.cli(['profiles', 'list', '--json'])).out) as {
      activeProfileId: string;
      profiles: { id: string }[];
    };
    expect(listed.activeProfileId).toBe('second-shop');
    expect(listed.profiles.map((p) => p.id)).toEqual(['second-shop']);

    await expectNoSecrets(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  /** The active profile's settings as the CLI reads them from disk: what a setting saved in the page became. */
  async function shownProfile(): Promise<{
    pollIntervalSeconds: number;
    notifications: Record<string, boolean>;
    statusLabels: { order: Record<string, string> };
  }> {
    const shown = await workspace.cli(['--json', 'profiles', 'show']);
    expect(shown.code, shown.err).toBe(0);
    return JSON.parse(shown.out) as Awaited<ReturnType<typeof shownProfile>>;
  }

  it('shows every settings section of the connected merchant profile, and the signature inspector', async () => {
    const { page, context, problems } = await openApp(browser, workspace);
    page.setDefaultTimeout(10_000);
    await page.goto(`${workspace.url.split('#')[0]}#/settings/general`);
    await page.getByRole('heading', { level: 2, name: 'General' }).waitFor();

    // Poll interval, in minutes: out of range is pointed out here and Save waits; a good value is saved (one Save
    // for the screen).
    await page.getByLabel('Check every (minutes)').fill('0.1');
    await page.getByText('Minutes from 0.25 (15 seconds) to 1440 (one day).').waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    expect((await shownProfile()).pollIntervalSeconds).not.toBe(6);
    await page.getByLabel('Check every (minutes)').fill('2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    // Read back: the profile on disk (through the CLI) and the form after a reload.
    expect((await shownProfile()).pollIntervalSeconds).toBe(120);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'General' }).waitFor();
    expect(await page.getByLabel('Check every (minutes)').inputValue()).toBe('2');
    // The browser host has no tray and no login item: not offered.
    expect(await page.getByLabel('Keep running in the tray when the window is closed').count()).toBe(0);
    await checkBothSchemes(page, 'settings-general');

    await settingsSection(page, 'Notifications');
    expect((await shownProfile()).notifications.dispute).toBe(true);
    await page.getByLabel('Disputes').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await shownProfile()).notifications).toMatchObject({ dispute: false, afterSales: true });
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Notifications' }).waitFor();
    expect(await page.getByLabel('Disputes').isChecked()).toBe(false);
    await checkBothSchemes(page, 'settings-notifications');

    await settingsSection(page, 'Status labels');
    const values = page.getByLabel(/^Order statuses: status value, row \d+$/);
    const names = page.getByLabel(/^Order statuses: name, row \d+$/);
    for (const name of ['Packed for pickup', 'Packed again']) {
      await page.getByRole('button', { name: 'Add a status to order statuses' }).click();
      await values.last().fill('77');
      await names.last().fill(name);
    }
    // The same value twice is pointed out at the row and nothing is saved; without the second row it is saved.
    await page.getByRole('button', { name: 'Save labels' }).click();
    await page.getByText('Status 77 is named twice.').waitFor();
    expect((await shownProfile()).statusLabels.order['77']).toBeUndefined();
    await page
      .getByRole('button', { name: /^Remove row \d+ \(status 77\)/ })
      .last()
      .click();
    await page.getByRole('button', { name: 'Save labels' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await shownProfile()).statusLabels.order['77']).toBe('Packed for pickup');
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Status labels' }).waitFor();
    expect(
      await page
        .getByRole('textbox', { name: /^Order statuses: name, row \d+$/ })
        .evaluateAll((fields) => fields.map((f) => (f as unknown as { value: string }).value)),
    ).toContain('Packed for pickup');
    await checkBothSchemes(page, 'settings-labels');

    await settingsSection(page, 'Signature');
    await page.getByLabel('Public key registered with the platform (optional)').fill(testKeys().publicKeyPem);
    await page.getByRole('button', { name: 'Inspect a sample request' }).click();
    const stringToSign = page.getByLabel('String to sign');
    await stringToSign.waitFor();
    expect(await stringToSign.textContent()).toMatch(/^POST\\n\n\/platform\/pay-fac\/second-merchant\/v1\/user\\n\n/);
    await page.getByText(/With the pasted public key .*: verifies\./).waitFor();
    expect(await page.getByLabel('Body').textContent()).toContain('"merchantUserNo"');
    await page
      .getByRole('heading', { name: 'Request', exact: true })
      .evaluate((heading: { scrollIntoView(): void }) => heading.scrollIntoView());
    await checkBothSchemes(page, 'settings-signature-inspector');

    await settingsSection(page, 'Cache');
    expect(await page.getByTestId('cache-orders').textContent()).toBe(String(SECOND_ORDERS));
    await checkBothSchemes(page, 'settings-cache');
    await page.getByRole('button', { name: 'Rebuild the cache' }).click();
    const rebuild = page.getByRole('dialog', { name: 'Rebuild the cache?' });
    await rebuild.getByRole('button', { name: 'Rebuild' }).click();
    await page.getByText(`Rebuilt: ${SECOND_ORDERS} orders cached`).waitFor();

    await settingsSection(page, 'About');
    await page
      .getByText(/^Version /)
      .first()
      .waitFor();
    await checkBothSchemes(page, 'settings-about');

    await expectNoSecrets(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
