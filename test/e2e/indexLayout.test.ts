/**
 * The orders list as a merchant's index, in Chromium over `merchant-desk ui --sandbox`: at 1280×800 at least 12 one-
 * line rows fit with the filters collapsed, no badge is taller than one line, the density setting sets the rows'
 * height; at 1024×640 nothing scrolls sideways (the navigation is icons, the table drops columns); at 640×400 (a
 * 1280×800 window at 200 % zoom) the navigation is a menu; axe finds no serious problem in light or dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium';
import {
  openApp,
  screenshot,
  seriousA11yViolations,
  startWorkspace,
  describeWorkspace,
  type Workspace,
} from '../helpers/workspace';

const grid = (page: Page) => page.getByRole('grid', { name: 'Orders' });
const rows = (page: Page) => grid(page).locator('tbody tr.orders-row');

async function openOrders(
  browser: Browser,
  workspace: Workspace,
  viewport: { width: number; height: number },
  colorScheme: 'light' | 'dark' = 'light',
) {
  const opened = await openApp(browser, workspace, { colorScheme, viewport });
  await opened.page.evaluate("window.location.hash = '#/orders'");
  await rows(opened.page).first().waitFor();
  // The count has arrived: the list has settled.
  await opened.page
    .getByRole('status')
    .filter({ hasText: /^[\d,.\s]+ orders?$/ })
    .waitFor();
  return opened;
}

/** Rows wholly inside the list's visible area (below its sticky header). Page code as text: this file is Node's. */
function fullyVisibleRows(page: Page): Promise<number> {
  return page.evaluate(`(() => {
    const scroller = document.querySelector('.orders-scroll');
    const head = scroller.querySelector('thead').getBoundingClientRect();
    const box = scroller.getBoundingClientRect();
    const bottom = Math.min(box.bottom, window.innerHeight);
    return [...scroller.querySelectorAll('tbody tr.orders-row')].filter((tr) => {
      const r = tr.getBoundingClientRect();
      return r.top >= head.bottom - 0.5 && r.bottom <= bottom + 0.5;
    }).length;
  })()`);
}

/** Every badge's height and its label's lines (a wrapped label would be taller than its one line). */
function badgeHeights(page: Page): Promise<{ text: string; height: number; lines: number; iconOnly: boolean }[]> {
  return page.evaluate(`[...document.querySelectorAll('.badge')].map((b) => {
    const label = b.querySelector('.badge-label');
    const lineHeight = parseFloat(getComputedStyle(label).lineHeight);
    return {
      text: b.textContent ?? '',
      height: b.getBoundingClientRect().height,
      lines: Math.round(label.getBoundingClientRect().height / lineHeight),
      iconOnly: getComputedStyle(label).position === 'absolute',
    };
  })`);
}

/**
 * The first row's flags cell given `count` flags, as the row draws them, and what a merchant then reads: each label
 * whole or the icon alone (never cut), and the set inside its cell.
 */
function flagsWith(page: Page, count: number): Promise<{ cut: string[]; overflow: number }> {
  return page.evaluate(`(() => {
    const chips = document.querySelector('tbody tr.orders-row .orders-chips');
    const words = ['Delivery issue', 'After-sales', 'Dispute'].slice(0, ${count});
    chips.replaceChildren(...words.map((w) => {
      const badge = document.createElement('span');
      badge.className = 'badge badge-critical';
      badge.innerHTML = '<svg class="badge-icon" width="12" height="12"></svg><span class="badge-label"></span>';
      badge.lastChild.textContent = w;
      return badge;
    }));
    const cell = chips.closest('td');
    const room = cell.getBoundingClientRect().right - parseFloat(getComputedStyle(cell).paddingRight);
    const cut = [...chips.querySelectorAll('.badge-label')]
      .filter((l) => getComputedStyle(l).position !== 'absolute' && l.scrollWidth > l.clientWidth)
      .map((l) => l.textContent + ' (' + l.scrollWidth + ' > ' + l.clientWidth + ')');
    const last = chips.lastElementChild.getBoundingClientRect().right;
    return { cut, overflow: Math.max(0, Math.round(last - room)) };
  })()`);
}

/** How far anything scrolls sideways: the page, the main area, the list, the header. */
function sidewaysOverflow(page: Page): Promise<Record<string, number>> {
  return page.evaluate(`(() => {
    const over = (el) => (el ? el.scrollWidth - el.clientWidth : 0);
    return {
      page: over(document.documentElement),
      main: over(document.querySelector('.app-main')),
      list: over(document.querySelector('.orders-scroll')),
      header: over(document.querySelector('.app-header')),
    };
  })()`);
}

describeWorkspace('the orders index fits the window', () => {
  let workspace: Workspace;
  let browser: Browser;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`1280×800: ≥ 12 whole one-line rows with the filters collapsed, badges on one line (${colorScheme})`, async () => {
      const { page, context, problems } = await openOrders(
        browser,
        workspace,
        { width: 1280, height: 800 },
        colorScheme,
      );
      await screenshot(page, `orders-index-1280-${colorScheme}`);
      expect(await page.getByRole('region', { name: 'Filters' }).count()).toBe(0);
      expect(await fullyVisibleRows(page)).toBeGreaterThanOrEqual(12);
      const heights = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
      expect(new Set(heights.map(Math.round))).toEqual(new Set([44]));
      const badges = await badgeHeights(page);
      expect(badges.length).toBeGreaterThan(12);
      expect(badges.filter((b) => b.height > 22 || (b.lines !== 1 && !b.iconOnly))).toEqual([]);
      // No raw code in a badge's text: it is in the hover text.
      expect(badges.filter((b) => /\(\d+\)/.test(b.text))).toEqual([]);
      // One flag reads whole; two or three show their icons alone (they were cut to "Deli…" and "A..").
      for (const count of [1, 2, 3])
        expect(await flagsWith(page, count), `${count} flags`).toEqual({ cut: [], overflow: 0 });
      expect(await sidewaysOverflow(page)).toEqual({ page: 0, main: 0, list: 0, header: 0 });
      expect(await seriousA11yViolations(page)).toEqual([]);
      // A four-figure total with cents is whole (the sandbox's amounts are mostly smaller).
      const total = await page
        .locator('td.orders-total')
        .first()
        .evaluate((td) => {
          const text = td.firstElementChild ?? td;
          text.textContent = '9,999.99 USD';
          const range = td.ownerDocument.createRange();
          range.selectNodeContents(text);
          const style = td.ownerDocument.defaultView!.getComputedStyle(td);
          const room = td.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { width: range.getBoundingClientRect().width, room };
        });
      expect(total.width).toBeLessThanOrEqual(total.room);

      // Compact rows: 40 px, and more of them.
      await page.getByRole('button', { name: 'Compact rows' }).click();
      await expect
        .poll(() =>
          rows(page)
            .first()
            .evaluate((tr) => Math.round(tr.getBoundingClientRect().height)),
        )
        .toBe(40);
      expect(await fullyVisibleRows(page)).toBeGreaterThanOrEqual(14);
      await page.getByRole('button', { name: 'Compact rows' }).click();
      expect(problems).toEqual([]);
      await context.close();
    }, 60_000);

    it(`1024×640: icons for navigation, no sideways scroll, columns dropped rather than cut off (${colorScheme})`, async () => {
      const { page, context, problems } = await openOrders(
        browser,
        workspace,
        { width: 1024, height: 640 },
        colorScheme,
      );
      expect(await sidewaysOverflow(page)).toEqual({ page: 0, main: 0, list: 0, header: 0 });
      // The header stays one line; the navigation is icons (the names still name the links).
      expect(await page.locator('.app-header').evaluate((h) => h.getBoundingClientRect().height)).toBeLessThanOrEqual(
        56,
      );
      const nav = page.getByRole('navigation', { name: 'Sections' });
      expect(await nav.evaluate((n) => n.getBoundingClientRect().width)).toBeLessThan(64);
      await nav.getByRole('link', { name: /^After-sales/ }).waitFor();
      // The columns that matter stay: order, total, status.
      for (const name of ['Order number', 'Total', 'Order status'])
        expect(await grid(page).getByRole('columnheader', { name }).isVisible(), name).toBe(true);
      expect(await fullyVisibleRows(page)).toBeGreaterThanOrEqual(7);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `orders-index-1024-${colorScheme}`);
      expect(problems).toEqual([]);
      await context.close();
    }, 60_000);
  }

  it('the times column fits its dates in English and Chinese at 1280 and 1024: no date cell is cut', async () => {
    for (const locale of ['en-GB', 'en-US', 'zh-CN']) {
      const { page, context, problems } = await openApp(browser, workspace, { locale });
      await page.evaluate("window.location.hash = '#/orders'");
      // The grid's name follows the language: its rows by their class.
      await page.locator('tbody tr.orders-row').first().waitFor();
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 1024, height: 640 },
      ]) {
        await page.setViewportSize(viewport);
        // Both times: created, then paid (the column follows the sort).
        for (const sort of ['created', 'paid']) {
          if (sort === 'paid') await page.locator('th.orders-times button').nth(1).click();
          await expect.poll(() => page.locator('td.orders-times time').count(), { timeout: 10_000 }).toBeGreaterThan(5);
          // A table cell's scrollWidth does not grow with text its ellipsis cuts: the text's own width is measured.
          const cut = await page.locator('td.orders-times').evaluateAll((cells) =>
            cells
              .map((td) => {
                const range = td.ownerDocument.createRange();
                range.selectNodeContents(td);
                const style = td.ownerDocument.defaultView!.getComputedStyle(td);
                const room = td.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
                return { text: td.textContent, width: range.getBoundingClientRect().width, room };
              })
              .filter((c) => c.width > c.room)
              .map((c) => `${c.text} (${c.width} > ${c.room})`),
          );
          expect(cut, `${locale} at ${viewport.width}, ${sort}`).toEqual([]);
        }
        // The sandbox's times depend on the hour it made them: the widest time of the year in this language
        // ("12/28/26, 10:58 PM") is put into a cell, which must still show it whole.
        const widest = await page
          .locator('td.orders-times time')
          .first()
          .evaluate((time) => {
            const format = new Intl.DateTimeFormat(navigator.language, { dateStyle: 'short', timeStyle: 'short' });
            const texts = Array.from({ length: 12 }, (_, m) =>
              [10, 12, 22, 23].map((h) => format.format(new Date(2026, m, 28, h, 58))),
            ).flat();
            const cell = time.closest('td')!;
            const style = cell.ownerDocument.defaultView!.getComputedStyle(cell);
            const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            const range = cell.ownerDocument.createRange();
            return texts
              .map((text) => {
                time.textContent = text;
                range.selectNodeContents(time);
                return { text, width: range.getBoundingClientRect().width };
              })
              .filter((t) => t.width > room)
              .map((t) => `${t.text} (${t.width} > ${room})`);
          });
        expect(widest, `${locale} at ${viewport.width}: the widest times`).toEqual([]);
        await page.locator('th.orders-times button').nth(0).click();
      }
      await screenshot(page, `orders-times-${locale}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 90_000);

  it('1280×800: every section’s name is whole beside the widest badge the navigation shows, current or not, English and Chinese', async () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const { page, context, problems } = await openApp(browser, workspace, {
        locale,
        viewport: { width: 1280, height: 800 },
      });
      await page.evaluate("window.location.hash = '#/attention'");
      await page.locator('.nav-link[aria-current="page"]').waitFor();
      // The sandbox's counts are small; a badge never shows more than four characters ("158K", "1.2M", "10K+"; a
      // count of 1,000 or more is shown short): every link is given the widest, the current one (bold) included.
      const cut = await page.evaluate(`(() => {
        for (const link of document.querySelectorAll('.nav-link')) {
          let badge = link.querySelector('.nav-count');
          if (!badge) { badge = document.createElement('span'); badge.className = 'nav-count'; link.append(badge); }
          badge.textContent = '158K';
        }
        return [...document.querySelectorAll('.nav-label')]
          .filter((label) => label.scrollWidth > label.clientWidth)
          .map((label) => label.textContent + ' (' + label.scrollWidth + ' > ' + label.clientWidth + ')');
      })()`);
      expect(cut, locale).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 60_000);

  it('1024×640: in the icon rail a badge covers only its icon’s corner and stays inside the rail', async () => {
    const { page, context, problems } = await openApp(browser, workspace, { viewport: { width: 1024, height: 640 } });
    await page.evaluate("window.location.hash = '#/attention'");
    await page.locator('.nav-link[aria-current="page"]').waitFor();
    // Every link given a million-order badge as the navigation draws it ("158K", "99+" in the rail).
    const misplaced = await page.evaluate(`(() => {
      const rail = document.querySelector('.app-sidebar').getBoundingClientRect();
      return [...document.querySelectorAll('.nav-link')].flatMap((link) => {
        let badge = link.querySelector('.nav-count');
        if (!badge) { badge = document.createElement('span'); badge.className = 'nav-count'; link.append(badge); }
        badge.textContent = '158K';
        badge.setAttribute('data-rail', '99+');
        const b = badge.getBoundingClientRect();
        const icon = link.querySelector('.nav-icon').getBoundingClientRect();
        const iconMiddle = icon.left + icon.width / 2;
        return b.left < iconMiddle || b.right > rail.right || b.width > 30
          ? [link.getAttribute('href') + ': ' + [b.left, b.right, b.width].map(Math.round).join(', ') + ' (icon middle ' + Math.round(iconMiddle) + ', rail ' + Math.round(rail.right) + ')']
          : [];
      });
    })()`);
    expect(misplaced).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('640×400 (200 % zoom): the navigation is a menu; orders still show without sideways scroll', async () => {
    const { page, context, problems } = await openOrders(browser, workspace, { width: 640, height: 400 });
    expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(false);
    expect(await fullyVisibleRows(page)).toBeGreaterThanOrEqual(1);
    expect(await sidewaysOverflow(page)).toEqual({ page: 0, main: 0, list: 0, header: 0 });
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /^Buyers/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Buyers' }).waitFor();
    // A navigation closes the menu.
    expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'buyers-zoom-200');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});

/** Every screen, reached as a merchant would (its address), and what shows it is drawn. */
const SCREENS = ['home', 'insights', 'orders', 'order', 'attention', 'after-sales', 'buyers', 'settings'] as const;

describeWorkspace('every screen in both languages and themes, at 1280×800 and 1024×640', () => {
  let workspace: Workspace;
  let browser: Browser;
  let orderId: string;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
    const newest = await workspace.cli(['--json', 'cache', 'query', '--limit', '1']);
    orderId = (JSON.parse(newest.out) as { list: Array<{ id: string }> }).list[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  for (const [language, locale] of [
    ['en', 'en-GB'],
    ['zh', 'zh-CN'],
  ] as const)
    for (const colorScheme of ['light', 'dark'] as const)
      it(`${language}, ${colorScheme}: no serious accessibility problem, no sideways scroll`, async () => {
        const { page, context, problems } = await openApp(browser, workspace, { colorScheme, locale });
        expect(await page.evaluate('document.documentElement.lang')).toBe(locale === 'zh-CN' ? 'zh-CN' : 'en');
        for (const viewport of [
          { width: 1280, height: 800 },
          { width: 1024, height: 640 },
        ]) {
          await page.setViewportSize(viewport);
          for (const screen of SCREENS) {
            await page.evaluate(`window.location.hash = '#/${screen === 'order' ? `order/${orderId}` : screen}'`);
            await page.locator('main h1').first().waitFor();
            // The grid's name follows the language: its rows by their class.
            if (screen === 'orders') await page.locator('tbody tr.orders-row').first().waitFor();
            // Nothing in the page scrolls sideways (a table may scroll inside its own box).
            const over = await page.evaluate(
              `document.documentElement.scrollWidth - document.documentElement.clientWidth`,
            );
            expect(over, `${screen} at ${viewport.width}`).toBe(0);
            expect(await seriousA11yViolations(page), `${screen} at ${viewport.width}`).toEqual([]);
            await screenshot(page, `screen-${screen}-${viewport.width}-${colorScheme}-${language}`);
          }
        }
        expect(problems).toEqual([]);
        await context.close();
      }, 180_000);
});
