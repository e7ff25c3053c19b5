import { describe, expect, it } from 'vitest';
import { createTrayPresenter, type MenuTemplateItem } from './trayPresenter';
import type { TrayIcon } from './trayModel';

function fakeTray(dnd: { untilMs: number | null }) {
  const drawn = { images: [] as TrayIcon[], tooltips: [] as string[], menus: [] as MenuTemplateItem[][] };
  const clicked: string[] = [];
  const presenter = createTrayPresenter<TrayIcon, MenuTemplateItem[]>({
    createTray: () => ({
      setImage: (image) => drawn.images.push(image),
      setToolTip: (text) => drawn.tooltips.push(text),
      setContextMenu: (menu) => drawn.menus.push(menu),
    }),
    buildMenu: (template) => template,
    trayImage: (icon) => icon,
    doNotDisturbUntilMs: () => dnd.untilMs,
    actions: { 'sync-now': () => clicked.push('sync-now') },
    now: () => 1_000,
    formatTime: () => '10:00',
  });
  return { presenter, drawn, clicked };
}

describe('the tray presenter', () => {
  it('keeps the state before the tray exists and draws it once shown', () => {
    const { presenter, drawn } = fakeTray({ untilMs: null });
    presenter.update({ sync: 'syncing' });
    expect(drawn.images).toEqual([]);
    expect(presenter.shown).toBe(false);
    presenter.show();
    expect(presenter.shown).toBe(true);
    expect(drawn.images.at(-1)).toBe('syncing');
  });

  it('reads do-not-disturb afresh at every redraw (the window may change it)', () => {
    const dnd = { untilMs: null as number | null };
    const { presenter } = fakeTray(dnd);
    presenter.show();
    dnd.untilMs = 5_000;
    presenter.update({});
    expect(presenter.state().notificationsPausedUntilMs).toBe(5_000);
  });

  it("wires a menu item's click to its action, and information lines to nothing", () => {
    const { presenter, drawn, clicked } = fakeTray({ untilMs: null });
    presenter.show();
    const menu = drawn.menus.at(-1) ?? [];
    const syncNow = menu.find((item) => /sync now/i.test(item.label));
    expect(syncNow).toBeDefined();
    syncNow?.click();
    expect(clicked).toEqual(['sync-now']);
    for (const item of menu.filter((i) => !i.enabled)) item.click();
    expect(clicked).toEqual(['sync-now']);
  });
});
