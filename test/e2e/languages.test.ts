/**
 * The app's language over `merchant-desk ui --sandbox` in Chromium: it follows the browser's (the OS's) languages,
 * and Settings → General → Language switches it, stored in the settings file (a reload keeps it).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium';
import {
  describeWorkspace,
  openApp,
  screenshot,
  seriousA11yViolations,
  startWorkspace,
  type Workspace,
} from '../helpers/workspace';

async function ordersInChinese(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: '导航' }).getByRole('link', { name: /^订单/ }).click();
  await page.getByRole('heading', { level: 1, name: '订单' }).waitFor();
  // The sandbox's orders, in Chinese: the count, the columns, status names and money with its ISO code.
  await page
    .locator('.orders-count')
    .filter({ hasText: /^[\d,]+ 个订单$/ })
    .waitFor();
  const grid = page.getByRole('grid', { name: '订单' });
  await grid.getByRole('columnheader', { name: '买家' }).waitFor();
  const rows = grid.locator('tbody').getByRole('row');
  await rows.first().waitFor();
  const text = (await rows.first().innerText()) + (await rows.nth(1).innerText());
  expect(text).toMatch(/待付款|已付款 – 待发货|已发货|已完成|已取消|已退款/);
  expect(text).toMatch(/\d [A-Z]{3}\b/);
  expect(text).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
  // The status chips are in the full set of filters, shown when asked ("Add filter").
  await page.getByRole('button', { name: '添加筛选' }).click();
  expect(await page.getByRole('group', { name: '订单状态' }).innerText()).toContain('待付款');
  expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
}

/**
 * The English sentences of the Settings catalogs: each message's literal runs (its {arguments} and <tags> cut out)
 * of three words or more — short enough words ("Merchant Desk", "SHA-256") may be the same in both languages.
 */
async function englishSettingsSentences(): Promise<string[]> {
  // The renderer's catalogs are the renderer's (not this Node project's) files: loaded as modules at run time.
  const catalogs = await Promise.all(
    ['saveBar', 'settings', 'settingsConnection', 'settingsForms', 'settingsProfiles'].map(
      async (name) =>
        ((await import(`../../src/renderer/i18n/messages/en/${name}.ts`)) as { default: Record<string, string> })
          .default,
    ),
  );
  const runs = catalogs.flatMap((catalog) =>
    Object.values(catalog).flatMap((message) =>
      message
        // Plurals and selects first (their options hold words of their own), then plain arguments and tags.
        .replace(/\{[^{}]*\{[^{}]*\}[^{}]*\}/g, '\u0000')
        .replace(/\{[^{}]*\}|<\/?\w+>/g, '\u0000')
        .split('\u0000'),
    ),
  );
  return [...new Set(runs.map((r) => r.trim()).filter((r) => /[a-z]/i.test(r) && r.split(/\s+/).length >= 3))];
}

const SETTINGS_SECTIONS_ZH = ['连接', '店铺配置', '常规', '通知', '状态名称', '签名', '缓存', '关于'];
const SECTION_IDS: Record<string, string> = {
  连接: 'connection',
  店铺配置: 'profiles',
  常规: 'general',
  通知: 'notifications',
  状态名称: 'labels',
  签名: 'signature',
  缓存: 'cache',
  关于: 'about',
};

/** Page code (as text: this file is Node's): sideways scroll of the page, and words cut off inside the screen. */
const OVERFLOW = `(() => {
  const sideways = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  const clipped = [...document.querySelectorAll('main :is(h1, h2, h3, h4, label, legend, button, th, dt, summary, a)')]
    .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.tagName + ': ' + el.textContent.trim().slice(0, 40));
  return { sideways, clipped };
})()`;

describeWorkspace('the app in English and Simplified Chinese', () => {
  let workspace: Workspace;
  let browser: Browser;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  it('follows the system’s language while the setting is “System”', async () => {
    const zh = await openApp(browser, workspace, { locale: 'zh-CN' });
    await ordersInChinese(zh.page);
    expect(await seriousA11yViolations(zh.page)).toEqual([]);
    expect(zh.problems).toEqual([]);
    await zh.context.close();

    const en = await openApp(browser, workspace, { locale: 'en-GB' });
    await en.page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    expect(await en.page.locator('html').getAttribute('lang')).toBe('en');
    await en.context.close();
  });

  it(
    'Settings → Language: 简体中文 shows the Orders screen in Chinese, and stays so after a reload',
    { timeout: 60_000 },
    async () => {
      const { page, context, problems } = await openApp(browser, workspace, { locale: 'en-GB' });
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('link', { name: 'General' }).click();
      await page.getByLabel('Language').selectOption({ label: '简体中文' });
      // At once, on the screen where it was chosen: the frame speaks Chinese.
      await page.getByRole('navigation', { name: '导航' }).waitFor();
      await ordersInChinese(page);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: '订单' }).waitFor();
      // Stored in the app settings (the file both hosts read), not only in this page's storage: a fresh browser
      // profile with an English system opens in Chinese.
      const fresh = await openApp(browser, workspace, { locale: 'en-GB' });
      await fresh.page.getByRole('navigation', { name: '导航' }).getByRole('link', { name: /^订单/ }).waitFor();
      await fresh.context.close();

      // Back to the system's language (English here).
      await page.getByRole('navigation', { name: '导航' }).getByRole('link', { name: '设置' }).click();
      await page.getByRole('link', { name: /^(General|常规)$/ }).click();
      await page.getByLabel('语言').selectOption('system');
      await page.getByRole('navigation', { name: 'Sections', exact: true }).waitFor();
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    'Settings in Chinese: every section’s headings and buttons, the save bar, and no English sentence of its catalog',
    {
      timeout: 90_000,
    },
    async () => {
      const english = await englishSettingsSentences();
      // The check itself: it knows sentences from every part of Settings.
      expect(english).toEqual(
        expect.arrayContaining(['Rebuild the cache', 'Check every (minutes)', 'Add a merchant profile']),
      );
      const { page, context, problems } = await openApp(browser, workspace, { locale: 'zh-CN' });
      await page.getByRole('navigation', { name: '导航' }).getByRole('link', { name: '设置' }).click();
      await page.getByRole('heading', { level: 1, name: '设置' }).waitFor();
      const sections = page.getByRole('navigation', { name: '设置分类' });
      const seen: Record<string, string> = {};
      for (const name of SETTINGS_SECTIONS_ZH) {
        await sections.getByRole('link', { name, exact: true }).click();
        await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
        // Each section's own words have arrived (not only its heading).
        if (name === '连接') await page.getByRole('button', { name: '添加商家配置' }).waitFor();
        if (name === '店铺配置') await page.getByRole('columnheader', { name: '类型' }).waitFor();
        if (name === '常规') await page.getByLabel('检查间隔（分钟）').waitFor();
        if (name === '通知') await page.getByRole('group', { name: /^通知我以下内容/ }).waitFor();
        if (name === '状态名称') await page.getByRole('button', { name: '添加订单状态' }).waitFor();
        if (name === '签名') await page.getByRole('button', { name: '检查示例请求' }).waitFor();
        if (name === '缓存') await page.getByRole('button', { name: '重建缓存' }).waitFor();
        if (name === '关于') {
          await page.getByRole('button', { name: '打开日志文件' }).waitFor();
          await page.getByRole('heading', { level: 3, name: '更新' }).waitFor();
        }
        seen[name] = await page.locator('main').innerText();
        // Chinese text at both window sizes: nothing scrolls sideways, no heading, label or button is cut off.
        for (const viewport of [
          { width: 1280, height: 800 },
          { width: 1024, height: 640 },
        ]) {
          await page.setViewportSize(viewport);
          expect(await page.evaluate(OVERFLOW), `${name} at ${viewport.width}`).toEqual({ sideways: 0, clipped: [] });
          await screenshot(page, `settings-${SECTION_IDS[name]}-${viewport.width}-light-zh`);
        }
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      // The save bar in Chinese: an edit shows it, Discard takes the edit back.
      await sections.getByRole('link', { name: '常规', exact: true }).click();
      const minutes = page.getByLabel('检查间隔（分钟）');
      await minutes.fill('0.1');
      await page.getByText('请输入 0.25（15 秒）到 1440（1 天）之间的分钟数。').waitFor();
      const bar = page.getByRole('group', { name: '未保存的更改' });
      expect(await bar.getByRole('button', { name: '保存' }).isDisabled()).toBe(true);
      await minutes.fill('3');
      expect(await bar.getByRole('button', { name: '保存' }).isEnabled()).toBe(true);
      seen['常规 (unsaved)'] = await page.locator('main').innerText();
      await screenshot(page, 'settings-general-unsaved-1280-light-zh');
      await bar.getByRole('button', { name: '放弃' }).click();
      await bar.waitFor({ state: 'detached' });
      expect(await minutes.inputValue()).not.toBe('3');

      // Signature inspector's report (dates through Intl in Chinese) and the key-size names.
      await sections.getByRole('link', { name: '签名', exact: true }).click();
      await page.getByRole('button', { name: '检查示例请求' }).click();
      await page.getByRole('heading', { level: 4, name: '请求头' }).waitFor();
      expect(await page.locator('main').innerText()).toMatch(/即 2001年9月9日/);
      seen['签名 (report)'] = await page.locator('main').innerText();

      const leftovers = Object.entries(seen).flatMap(([section, text]) =>
        english.filter((sentence) => text.includes(sentence)).map((sentence) => `${section}: ${sentence}`),
      );
      expect(leftovers).toEqual([]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
