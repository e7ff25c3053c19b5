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
});
