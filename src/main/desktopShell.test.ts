import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangeEvent } from '../core/sync/changeEvents';
import type { IpcEventName } from '../shared/ipc/channels';
import { checkEvent, type IpcEventPublisher } from '../shared/ipc/events';
import {
  APP_USER_MODEL_ID,
  createDesktopShell,
  type DesktopShellPorts,
  type MenuTemplateItem,
  type NotificationPort,
  type TrayPort,
} from './desktopShell';
import type { PollerSyncResult } from './poller';
import type { NavigateTarget } from './navigation';
import type { TrayIcon } from './trayModel';

const SETTINGS = { newOrder: true, statusChanged: true, afterSales: true, dispute: true, deliveryError: true, dueSoon: true, overdue: true };

const afterSales: ChangeEvent = {
  type: 'after-sales-opened',
  orderId: 'o-1',
  orderNum: 'N-1',
  atMs: 1,
  status: 1,
};

/** A typed fake of the Electron pieces the shell uses: images are icon names, a menu is its template. */
function fakeElectron() {
  const published: { event: IpcEventName; payload: unknown }[] = [];
  const tray = { images: [] as TrayIcon[], tooltips: [] as string[], menus: [] as MenuTemplateItem[][] };
  const shown: { title: string; body: string; click: () => void }[] = [];
  const calls = { sync: 0, show: 0, quit: 0, userModelId: [] as string[] };
  const navigated: NavigateTarget[] = [];
  const dnd = { untilMs: null as number | null };
  let awaiting = 2;
  let syncResult: () => Promise<PollerSyncResult> = async () => ({ ok: true });
  let complete = true;
  const events: IpcEventPublisher = {
    publish(event, payload) {
      const checked = checkEvent(event, payload);
      if (checked.ok) published.push({ event, payload });
      return checked.ok;
    },
  };
  const trayPort: TrayPort<TrayIcon, MenuTemplateItem[]> = {
    setImage: (image) => void tray.images.push(image),
    setToolTip: (text) => void tray.tooltips.push(text),
    setContextMenu: (menu) => void tray.menus.push(menu),
  };
  const ports: DesktopShellPorts<TrayIcon, MenuTemplateItem[]> = {
    profile: () => ({ id: 'p1', pollIntervalSeconds: 60, notifications: SETTINGS }),
    syncNow: () => {
      calls.sync += 1;
      return syncResult();
    },
    cacheComplete: async () => complete,
    awaitingDecision: async () => awaiting,
    doNotDisturbUntilMs: () => dnd.untilMs,
    setDoNotDisturbUntil: (ms) => void (dnd.untilMs = ms),
    navigate: (target) => void navigated.push(target),
    events,
    createTray: (image) => (tray.images.push(image), trayPort),
    buildMenu: (template) => template,
    trayImage: (icon) => icon,
    notificationsSupported: () => true,
    createNotification: ({ title, body }): NotificationPort => {
      const n = { title, body, click: () => {} };
      return {
        on: (_event, listener) => void (n.click = listener),
        show: () => void shown.push(n),
      };
    },
    network: { isOnline: () => true, onChange: () => () => {} },
    power: { on: () => undefined, removeListener: () => undefined },
    showWindow: () => void (calls.show += 1),
    quit: () => void (calls.quit += 1),
    setAppUserModelId: (id) => void calls.userModelId.push(id),
    now: () => Date.now(),
    formatTime: () => '10:42',
  };
  return {
    ports,
    published,
    tray,
    shown,
    calls,
    navigated,
    dnd,
    setAwaiting: (n: number) => (awaiting = n),
    setSync: (f: () => Promise<PollerSyncResult>) => (syncResult = f),
    setComplete: (c: boolean) => (complete = c),
    lastMenu: () => tray.menus.at(-1)!,
    click: (label: string) => {
      const item = tray.menus.at(-1)!.find((i) => i.label === label);
      if (!item) throw new Error(`no menu item "${label}"`);
      item.click();
    },
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('desktop shell', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('on ready: sets the AppUserModelID, shows the tray, starts the poller and publishes sync:state', async () => {
    const f = fakeElectron();
    const shell = createDesktopShell(f.ports);
    expect(f.calls.sync).toBe(0);
    shell.start();
    await flush();
    expect(f.calls.userModelId).toEqual([APP_USER_MODEL_ID]);
    expect(f.calls.sync).toBe(1);
    const states = f.published
      .filter((p) => p.event === 'sync:state')
      .map((p) => (p.payload as { state: string }).state);
    expect(states).toEqual(['syncing', 'idle']);
    shell.stop();
  });

  it('the tray follows the poller state and the refund count', async () => {
    const f = fakeElectron();
    let finish: (r: PollerSyncResult) => void = () => {};
    f.setSync(() => new Promise((resolve) => (finish = resolve)));
    f.setAwaiting(0);
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    expect(f.tray.images.at(-1)).toBe('syncing');
    expect(f.lastMenu().find((i) => i.label === 'Sync now')?.enabled).toBe(false);
    finish({ ok: false, error: { kind: 'network', message: 'down' } });
    await flush();
    expect(f.tray.images.at(-1)).toBe('error');
    expect(f.tray.tooltips.at(-1)).toContain('Sync failed');
    f.setSync(async () => ({ ok: true }));
    f.setAwaiting(2);
    f.click('Sync now');
    await flush();
    expect(f.tray.images.at(-1)).toBe('attention');
    expect(f.tray.tooltips.at(-1)).toContain('Refund requests: 2');
    shell.stop();
  });

  it('an after-sales change shows one notification; its click opens the app at that order', async () => {
    const f = fakeElectron();
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    expect(shell.events.publish('orders:changed', { profileId: 'p1', events: [afterSales] })).toBe(true);
    expect(f.shown.map((n) => [n.title, n.body])).toEqual([['Refund request', 'Order N-1']]);
    f.shown[0]!.click();
    expect(f.navigated).toEqual([{ screen: 'orders', orderId: 'o-1' }]);
    // The event still reaches the windows.
    expect(f.published.some((p) => p.event === 'orders:changed')).toBe(true);
    shell.stop();
  });

  it('no notification for the events of the first full sync', async () => {
    const f = fakeElectron();
    f.setComplete(false);
    const shell = createDesktopShell(f.ports);
    f.setSync(async () => {
      shell.events.publish('orders:changed', { profileId: 'p1', events: [afterSales] });
      return { ok: true };
    });
    shell.start();
    await flush();
    expect(f.calls.sync).toBe(1);
    expect(f.shown).toEqual([]);
    shell.stop();
  });

  it('a paused sync (sync:setPaused) is no failure: the tray stays idle', async () => {
    const f = fakeElectron();
    f.setSync(async () => ({ ok: false, error: { kind: 'sync', code: 'paused', message: 'Sync is paused.' } }));
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    expect(f.tray.images.at(-1)).not.toBe('error');
    expect(f.tray.tooltips.at(-1)).not.toContain('Sync failed');
    shell.stop();
  });

  it('restart after a profile change starts a poller for the new profile', async () => {
    const f = fakeElectron();
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    f.ports.profile = () => ({ id: 'p2', pollIntervalSeconds: 60, notifications: SETTINGS });
    shell.restart();
    await flush();
    expect(f.calls.sync).toBe(2);
    expect((f.published.at(-1)!.payload as { profileId: string }).profileId).toBe('p2');
    shell.stop();
  });

  it('a window focused more than one interval after the last poll polls at once', async () => {
    const f = fakeElectron();
    let onFocus: () => void = () => {};
    f.ports.focus = { on: (_e, l) => void (onFocus = l), removeListener: () => undefined };
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    onFocus();
    await flush();
    expect(f.calls.sync).toBe(1);
    // Moves the clock without firing the poller's timer, so only the focus can poll.
    vi.setSystemTime(Date.now() + 61_000);
    onFocus();
    await flush();
    expect(f.calls.sync).toBe(2);
    shell.stop();
  });

  it('menu actions: Open shows the window, Sync now polls, Pause silences notifications, Quit quits', async () => {
    const f = fakeElectron();
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    f.click('Open');
    expect(f.calls.show).toBe(1);
    f.click('Sync now');
    await flush();
    expect(f.calls.sync).toBe(2);
    f.click('Pause notifications for 1 hour');
    shell.events.publish('orders:changed', { profileId: 'p1', events: [afterSales] });
    expect(f.shown).toEqual([]);
    f.click('Resume notifications');
    shell.events.publish('orders:changed', { profileId: 'p1', events: [afterSales] });
    expect(f.shown).toHaveLength(1);
    f.click('Quit');
    expect(f.calls.quit).toBe(1);
    shell.stop();
  });

  it('a summary notification (more than 3 orders, a refund among them) opens the after-sales inbox', async () => {
    const f = fakeElectron();
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    const events: ChangeEvent[] = ['1', '2', '3'].map((id) => ({
      type: 'order-status-changed',
      orderId: id,
      orderNum: null,
      atMs: 1,
      from: 1,
      to: 2,
    }));
    shell.events.publish('orders:changed', { profileId: 'p1', events: [...events, afterSales] });
    expect(f.shown.map((n) => n.body)).toEqual(['4 orders changed · 1 refund request']);
    f.shown[0]!.click();
    expect(f.navigated).toEqual([{ screen: 'afterSales', orderId: null }]);
    shell.stop();
  });

  it('the refund count is asked again after every change event (a decision lowers it)', async () => {
    const f = fakeElectron();
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    expect(f.tray.tooltips.at(-1)).toContain('Refund requests: 2');
    f.setAwaiting(1);
    shell.events.publish('orders:changed', { profileId: 'p1', events: [afterSales] });
    await flush();
    expect(f.tray.tooltips.at(-1)).toContain('Refund requests: 1');
    f.setAwaiting(0);
    shell.events.publish('orders:changed', { profileId: 'p1', events: [afterSales] });
    await flush();
    expect(f.tray.images.at(-1)).toBe('idle');
    shell.stop();
  });

  it('"Pause notifications for 1 hour" stores do-not-disturb in the settings; a stored one silences notifications', async () => {
    const f = fakeElectron();
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    f.click('Pause notifications for 1 hour');
    expect(f.dnd.untilMs).toBe(Date.now() + 60 * 60_000);
    expect(f.lastMenu().some((i) => i.label === 'Resume notifications')).toBe(true);
    f.click('Resume notifications');
    expect(f.dnd.untilMs).toBeNull();
    // Set from the window's settings: the next notification respects it, the tray shows it once redrawn.
    f.dnd.untilMs = Date.now() + 5 * 60_000;
    shell.events.publish('orders:changed', { profileId: 'p1', events: [afterSales] });
    expect(f.shown).toEqual([]);
    shell.refreshTray();
    expect(f.lastMenu().some((i) => i.label === 'Resume notifications')).toBe(true);
    vi.setSystemTime(Date.now() + 6 * 60_000);
    shell.events.publish('orders:changed', { profileId: 'p1', events: [afterSales] });
    expect(f.shown).toHaveLength(1);
    shell.stop();
  });

  it("a profile change clears the previous profile's count and last sync from the tray", async () => {
    const f = fakeElectron();
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    expect(f.tray.tooltips.at(-1)).toMatch(/Refund requests: 2\nLast sync/);
    f.ports.profile = () => null;
    f.setAwaiting(0);
    shell.restart();
    await flush();
    expect(f.tray.tooltips.at(-1)).toContain('Refund requests: 0');
    expect(f.tray.tooltips.at(-1)).toContain('Not synced yet');
    shell.stop();
  });
});
