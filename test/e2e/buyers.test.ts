/**
 * Buyers and SSO links in Chromium over `merchant-desk ui --sandbox`: a saved buyer synced to the platform, and
 * login links copied by the host (through a stand-in `xclip` on PATH, which keeps what it is given in a file) —
 * each click a fresh single-use code, which the sandbox's landing route accepts once.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { IpcBridge } from '../../src/shared/ipc/contract';
import { launchChromium } from '../helpers/chromium';
import {
  openApp,
  screenshot,
  seriousA11yViolations,
  startWorkspace,
  describeWorkspace,
  type Workspace,
} from '../helpers/workspace';

/** An `xclip` that keeps the clipboard in a file: `-o` prints it, anything else stores standard input. */
function fakeClipboard(): { dir: string; file: string; read(): string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-clip-'));
  const file = path.join(dir, 'clipboard.txt');
  const script = `#!/bin/sh\ncase "$*" in *-o*) cat "${file}" 2>/dev/null ;; *) cat > "${file}" ;; esac\n`;
  writeFileSync(path.join(dir, 'xclip'), script);
  chmodSync(path.join(dir, 'xclip'), 0o755);
  return { dir, file, read: () => (existsSync(file) ? readFileSync(file, 'utf8') : '') };
}

/**
 * An `xdg-open` (in the same folder) that records what it was asked to open, then stays alive a moment, as a
 * browser started with that argument would: long enough for the test to read every process's command line.
 */
function fakeOpener(dir: string): { opened(): string } {
  const file = path.join(dir, 'opened.txt');
  writeFileSync(
    path.join(dir, 'xdg-open'),
    `#!/bin/sh\nprintf '%s' "$1" > "${file}.part"; mv "${file}.part" "${file}"; sleep 3\n`,
  );
  chmodSync(path.join(dir, 'xdg-open'), 0o755);
  return { opened: () => (existsSync(file) ? readFileSync(file, 'utf8') : '') };
}

/** Every process's command line this user can read (as `ps` shows them to any local user). */
function allCommandLines(): string[] {
  const lines: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '));
    } catch {
      // Gone meanwhile.
    }
  }
  return lines;
}

describeWorkspace('buyers and login links', () => {
  let workspace: Workspace;
  let browser: Browser;
  const clipboard = fakeClipboard();
  const opener = fakeOpener(clipboard.dir);

  beforeAll(async () => {
    // The host finds the clipboard tool as it would on a Linux desktop (this file runs in its own process).
    process.env.PATH = `${clipboard.dir}:${process.env.PATH}`;
    process.env.DISPLAY = ':0';
    delete process.env.WAYLAND_DISPLAY;
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  it('saves a buyer, syncs it, and copies a fresh single-use link on every click', async () => {
    const { page, context, problems } = await openApp(browser, workspace);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Buyers' }).click();
    await page.getByText('No buyers saved yet.').waitFor();
    await screenshot(page, 'buyers-empty-light');

    await page.getByRole('button', { name: 'Add a buyer' }).click();
    const form = page.getByRole('form', { name: 'Add a buyer' });
    await form.getByLabel('User number in your system').fill('cust-1001');
    await form.getByLabel('E-mail').fill('anna.mueller');
    await form.getByLabel('First name (optional)').fill('Anna');
    await form.getByLabel('Last name (optional)').fill('Müller');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('email must look like name@example.com').waitFor();
    await form.getByLabel('E-mail').fill('anna.mueller@example.com');
    await form.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('listitem', { name: 'Anna Müller' });
    await row.waitFor();

    await row.getByRole('button', { name: 'Sync to platform' }).click();
    const synced = await row.getByText(/^Platform user ID \d+$/).textContent();
    const account = workspace.sandbox.buyers.get('cust-1001');
    expect(account?.email).toBe('anna.mueller@example.com');
    expect(synced).toBe(`Platform user ID ${account?.userId}`);

    // An item ID the platform cannot serve is refused at the field: no code is spent.
    const issuedBefore = workspace.sandbox.authCodes.issued().length;
    await row.getByLabel('Item ID for a login link').fill('../../x');
    await row.getByRole('button', { name: 'Copy login link' }).click();
    await row
      .getByText(/item id/i)
      .first()
      .waitFor();
    expect(workspace.sandbox.authCodes.issued()).toHaveLength(issuedBefore);

    const query = await workspace.cli(['--json', 'cache', 'query', '--limit', '1']);
    const itemId = String(
      (JSON.parse(query.out) as { list: Array<{ orderItemList?: Array<{ productSpuId?: string | number }> }> }).list[0]
        ?.orderItemList?.[0]?.productSpuId ?? '1234567890',
    );
    await row.getByLabel('Item ID for a login link').fill(itemId);
    await row.getByRole('button', { name: 'Copy login link' }).click();
    await row.getByText(/^Link copied — clears in 2 min\. It works once\./).waitFor();
    const firstLink = clipboard.read();
    await row.getByRole('button', { name: 'Copy login link' }).click();
    // The stand-in writes the file as the tool runs: wait for a whole link, not an emptied file.
    await vi.waitFor(() => {
      expect(clipboard.read()).not.toBe(firstLink);
      expect(clipboard.read()).toMatch(/authorizationCode=[^&]+$/);
    });
    const secondLink = clipboard.read();

    const codes = workspace.sandbox.authCodes.issued().slice(issuedBefore);
    expect(codes).toHaveLength(2);
    expect(codes[0]!.code).not.toBe(codes[1]!.code);
    for (const link of [firstLink, secondLink]) {
      expect(link.slice(0, link.indexOf('authorizationCode='))).toBe(
        `${workspace.sandbox.platformUrl}/items/${itemId}?`,
      );
      expect((await fetch(link)).status).toBe(200);
      expect((await fetch(link)).status).not.toBe(200);
    }
    // "Open in browser": the opener (and the browser it starts) gets an owner-only local page, never the code in
    // its command line, which every local user can read while the browser runs.
    await row.getByRole('button', { name: 'Open in browser' }).click();
    await vi.waitFor(() => expect(opener.opened()).not.toBe(''), { timeout: 10_000 });
    const opened = workspace.sandbox.authCodes.issued().slice(issuedBefore + 2);
    expect(opened).toHaveLength(1);
    const openedCode = opened[0]!.code;
    expect(allCommandLines().filter((line) => line.includes('authorizationCode') || line.includes(openedCode))).toEqual(
      [],
    );
    expect(opener.opened()).toMatch(/^file:\/\//);
    const redirectFile = fileURLToPath(opener.opened());
    expect(statSync(redirectFile).mode & 0o077).toBe(0);
    expect(statSync(path.dirname(redirectFile)).mode & 0o077).toBe(0);
    expect(readFileSync(redirectFile, 'utf8')).toContain(`authorizationCode=${encodeURIComponent(openedCode)}`);
    codes.push(opened[0]!);

    // The page never held a code or a link.
    const html = await page.content();
    for (const record of codes) expect(html).not.toContain(encodeURIComponent(record.code));
    expect(html).not.toContain('authorizationCode');

    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'buyers-link-copied-light');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('finds a saved buyer by name without accents, edits and removes it (dark)', async () => {
    const { page, context } = await openApp(browser, workspace, { colorScheme: 'dark' });
    await page.goto(`${new URL(page.url()).origin}/#/buyers`);
    await page.getByRole('listitem', { name: 'Anna Müller' }).waitFor();
    await page.getByLabel('Search buyers').fill('muller');
    await page.getByRole('listitem', { name: 'Anna Müller' }).waitFor();
    await page.getByLabel('Search buyers').fill('nobody');
    await page.getByText('No saved buyer matches “nobody”.').waitFor();
    await page.getByLabel('Search buyers').fill('');

    const row = page.getByRole('listitem', { name: 'Anna Müller' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit buyer cust-1001' });
    await form.getByLabel('First name (optional)').fill('Anne');
    await form.getByRole('button', { name: 'Save' }).click();
    const edited = page.getByRole('listitem', { name: 'Anne Müller' });
    await edited.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'buyers-dark');

    await edited.getByRole('button', { name: 'Remove…' }).click();
    await edited.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('No buyers saved yet.').waitFor();
    const saved = await page.evaluate(() =>
      (globalThis as unknown as { merchantDesk: IpcBridge }).merchantDesk.invoke('buyers:listSaved'),
    );
    expect(saved).toEqual({ ok: true, data: { buyers: [] } });
    await context.close();
  });
});
