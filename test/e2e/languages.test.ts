/**
 * The app's language over `merchant-desk ui --sandbox` in Chromium: it follows the browser's (the OS's) languages,
 * and Settings → General → Language switches it, stored in the settings file (a reload keeps it).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../helpers/bundleChild';
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
  // The times column's short Chinese form (year first; the English list says 27 Nov 2026 or 27/11/2026).
  expect(text).toMatch(/\d{4}\/\d{1,2}\/\d{1,2} \d{1,2}:\d{2}/);
  // The status chips are in the full set of filters, shown when asked ("Add filter").
  await page.getByRole('button', { name: '添加筛选' }).click();
  expect(await page.getByRole('group', { name: '订单状态' }).innerText()).toContain('待付款');
  expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
}

/**
 * The English sentences of the order page, after-sales, Buyers, Insights and the lightbox: every message of those
 * catalogs that is plain text of two words or more (its arguments and tags left out: those parts are data), unless
 * Chinese says it the same way. None may show on a Chinese screen. (Loaded at run time: the catalogs belong to the
 * renderer's typecheck project, not to the tests'.)
 */
type Catalog = Record<string, string>;
const catalog = async (file: string): Promise<Catalog> =>
  (
    (await import(/* @vite-ignore */ pathToFileURL(path.join(repoRoot, 'src/renderer/i18n/messages', file)).href)) as {
      default: Catalog;
    }
  ).default;

let ENGLISH_SENTENCES: readonly string[] = [];
async function loadEnglishSentences(): Promise<readonly string[]> {
  const en: Catalog = {};
  for (const file of ['afterSales', 'buyers', 'images', 'insights', 'orderDetail'])
    Object.assign(en, await catalog(`en/${file}.ts`));
  const zh = await catalog('zh-CN/index.ts');
  return Object.entries(en)
    .filter(([key, message]) => !/[{<]/.test(message) && zh[key] !== message)
    .map(([, message]) => message.trim())
    .filter((message) => /^\S+(\s+\S+)+$/.test(message) && /[a-z]{3}/.test(message));
}

async function englishShown(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  return ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence));
}

const IMAGES = 'https://img.sandbox.example';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="#5b7bd5"/></svg>';

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
    [workspace, browser, ENGLISH_SENTENCES] = await Promise.all([
      startWorkspace(),
      launchChromium(),
      loadEnglishSentences(),
    ]);
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
    'in Chinese: the order page and its lightbox, the after-sales inbox with a reject form, Buyers and Insights',
    { timeout: 120_000 },
    async () => {
      // An order with a delivery record of two screenshots: the lightbox pages through them.
      const withImages = workspace.sandbox.store
        .ids()
        .map((id) => workspace.sandbox.store.get(id)!)
        .find((s) => s.order.orderDeliveryList.some((r) => r.imageUrls.length >= 2))!;
      expect(withImages).toBeDefined();
      const { page, context, problems } = await openApp(browser, workspace, { locale: 'zh-CN' });
      await context.route(`${IMAGES}/**`, (route) =>
        route.fulfill({ status: 200, contentType: 'image/svg+xml', body: SVG }),
      );

      // The order page: its facts, items and deliveries in Chinese.
      await page.evaluate(`window.location.hash = '#/order/${withImages.order.id}'`);
      await page.getByRole('heading', { level: 1, name: `订单 ${withImages.order.orderNum}` }).waitFor();
      const main = page.locator('main');
      for (const words of ['下单时间', '订单状态', '发货状态', '订单号', '单价', '小计', '物流记录'])
        await main.getByText(words, { exact: true }).first().waitFor();
      await main
        .getByText(/^第 1 次发货$/)
        .first()
        .waitFor();
      expect(await englishShown(page)).toEqual([]);

      // The lightbox: a record's screenshot opens full size; → the next one; Esc closes and focus returns.
      const record = withImages.order.orderDeliveryList.findIndex((r) => r.imageUrls.length >= 2) + 1;
      const thumb = main.getByRole('button', { name: `第 ${record} 次发货截图，第 1 张，共 2 张` });
      await thumb.click();
      const dialog = page.getByRole('dialog', { name: `第 ${record} 次发货截图，第 1 张，共 2 张` });
      await dialog.getByText(/^第 1 \/ 2 张/).waitFor();
      await dialog.getByRole('button', { name: '下一张' }).waitFor();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('dialog', { name: `第 ${record} 次发货截图，第 2 张，共 2 张` }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(
        await thumb.evaluate((el) => (el as unknown as { matches(selector: string): boolean }).matches(':focus')),
      ).toBe(true);

      // The after-sales inbox, then the reject form of its first request.
      await page.evaluate("window.location.hash = '#/after-sales'");
      await page.getByRole('heading', { level: 1, name: '售后' }).waitFor();
      const inbox = page.getByRole('listbox', { name: '售后申请' });
      await inbox.getByRole('option').first().click();
      await page.getByRole('heading', { level: 2, name: /^订单 / }).waitFor();
      await main.getByText('售后状态', { exact: true }).first().waitFor();
      await page.keyboard.press('r');
      await page.getByRole('heading', { level: 2, name: /^驳回订单 .+ 的退款申请$/ }).waitFor();
      await page.getByLabel('驳回原因（必填）').waitFor();
      await page.getByLabel('凭证图片地址').fill('http://evidence.example/a.png');
      await main.getByText(/^只接受 https:\/\/ 地址/).waitFor();
      await page.getByRole('button', { name: '驳回退款', exact: true }).click();
      await main.getByText('请填写原因：驳回退款申请时平台要求提供原因。').waitFor();
      expect(await englishShown(page)).toEqual([]);
      // Both themes: no serious or critical axe finding, and the form's screenshots in Chinese.
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `after-sales-reject-form-${colorScheme}-zh`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.getByRole('button', { name: '取消' }).click();

      // Buyers: the list's words and the form.
      await page.evaluate("window.location.hash = '#/buyers'");
      await page.getByRole('heading', { level: 1, name: '买家' }).waitFor();
      await page.getByRole('button', { name: '添加买家' }).click();
      await page.getByLabel('你系统中的用户编号').waitFor();
      await page.getByRole('button', { name: '保存' }).click();
      await main.getByText('请输入买家在你系统中的用户编号。').waitFor();
      expect(await englishShown(page)).toEqual([]);

      // Insights: presets, tiles and charts; figures in the locale's numbers.
      await page.evaluate("window.location.hash = '#/insights?range=90'");
      await page.getByRole('heading', { level: 1, name: '数据分析' }).waitFor();
      await page.getByRole('button', { name: '近 90 天' }).waitFor();
      await page
        .getByRole('list', { name: '范围概览' })
        .getByText(/个订单$/)
        .first()
        .waitFor();
      await main.getByText('销售额最高的商品', { exact: true }).waitFor();
      await page.locator('figure[data-chart="Orders"]').getByRole('button', { name: '显示表格' }).waitFor();
      expect(await englishShown(page)).toEqual([]);

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

  it('the English sentences the Chinese screens are checked against are there to find', () => {
    expect(ENGLISH_SENTENCES).toContain('Reason (required)');
    expect(ENGLISH_SENTENCES).toContain('Top products by revenue');
    expect(ENGLISH_SENTENCES.length).toBeGreaterThan(100);
  });
});
