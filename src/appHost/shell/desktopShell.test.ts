import { mkdtempSync, rmSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangeEvent } from '../../core/sync/changeEvents';
import type { IpcEventName } from '../../shared/ipc/channels';
import { checkEvent, type IpcEventPublisher } from '../../shared/ipc/events';
import {
  APP_USER_MODEL_ID,
  createDesktopShell,
  type AttentionAnswer,
  type DesktopShellPorts,
  type MenuTemplateItem,
  type NotificationPort,
  type TrayPort,
} from './desktopShell';
import { fileDueMemoryStore } from './dueMemoryStore';
import type { PollerSyncResult } from './poller';
import type { NavigateTarget } from './notifications';
import type { TrayIcon } from './trayModel';

const SETTINGS = {
  newOrder: true,
  statusChanged: true,
  afterSales: true,
  dispute: true,
  deliveryError: true,
  dueSoon: true,
  overdue: true,
};

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
  const shown: { title: string; body: string; toastXml: string | undefined; click: () => void }[] = [];
  const notifications: WeakRef<NotificationPort>[] = [];
  const calls = { sync: 0, show: 0, quit: 0, restartToUpdate: 0, userModelId: [] as string[] };
  const navigated: NavigateTarget[] = [];
  const dnd = { untilMs: null as number | null };
  let awaiting = 2;
  let syncResult: () => Promise<PollerSyncResult> = async () => ({ ok: true });
  let complete = true;
  let attention: AttentionAnswer | null = null;
  const asked = { attention: 0 };
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
    attention: async () => (asked.attention++, attention),
    doNotDisturbUntilMs: () => dnd.untilMs,
    setDoNotDisturbUntil: (ms) => void (dnd.untilMs = ms),
    navigate: (target) => void navigated.push(target),
    events,
    createTray: (image) => (tray.images.push(image), trayPort),
    buildMenu: (template) => template,
    trayImage: (icon) => icon,
    notificationsSupported: () => true,
    createNotification: ({ title, body, toastXml }): NotificationPort => {
      const n = { title, body, toastXml, click: () => {} };
      const port: NotificationPort = {
        on: (event: string, listener: (...args: never[]) => void) => {
          if (event === 'click') n.click = listener as () => void;
        },
        show: () => void shown.push(n),
      };
      // Weakly, as Electron holds a main-process Notification: only the shell's own reference keeps it.
      notifications.push(new WeakRef(port));
      return port;
    },
    network: { isOnline: () => true, onChange: () => () => {} },
    power: { on: () => undefined, removeListener: () => undefined },
    showWindow: () => void (calls.show += 1),
    quit: () => void (calls.quit += 1),
    restartToUpdate: () => void (calls.restartToUpdate += 1),
    setAppUserModelId: (id) => void calls.userModelId.push(id),
    now: () => Date.now(),
    formatTime: () => '10:42',
  };
  return {
    ports,
    published,
    tray,
    shown,
    notifications,
    calls,
    navigated,
    dnd,
    setAwaiting: (n: number) => (awaiting = n),
    setSync: (f: () => Promise<PollerSyncResult>) => (syncResult = f),
    setComplete: (c: boolean) => (complete = c),
    setAttention: (a: AttentionAnswer | null) => (attention = a),
    asked,
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

  it('a downloaded update adds "Restart to update" to the tray; its click asks the updater', async () => {
    const f = fakeElectron();
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    shell.setUpdateReady('1.5.0');
    f.click('Restart to update (1.5.0)');
    expect(f.calls.restartToUpdate).toBe(1);
    shell.setUpdateReady(null);
    expect(f.lastMenu().map((i) => i.label)).not.toContain('Restart to update (1.5.0)');
    shell.stop();
  });

  it('keeps a shown notification referenced, so a click much later still reaches it (Electron holds them weakly)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const f = fakeElectron();
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    shell.events.publish('orders:changed', { profileId: 'p1', events: [afterSales] });
    expect(f.notifications).toHaveLength(1);
    shell.stop();
    // A WeakRef's target is kept until the current job ends: collect in a later (real) task.
    vi.useRealTimers();
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(f.notifications[0]!.deref(), 'the notification was garbage-collected').toBeDefined();
  });

  it('on Windows, a toast about an order opens it through the deep link when clicked from the Action Center', async () => {
    const f = fakeElectron();
    const shell = createDesktopShell({ ...f.ports, platform: 'win32' });
    shell.start();
    await flush();
    shell.events.publish('orders:changed', { profileId: 'p1', events: [afterSales] });
    expect(f.shown[0]!.toastXml).toContain('activationType="protocol" launch="merchantdesk://order/o-1"');
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

  it("the merchant's own decision is no news: no notification, but the tray's refund count follows", async () => {
    const f = fakeElectron();
    const shell = createDesktopShell(f.ports);
    shell.start();
    await flush();
    f.setAwaiting(3);
    const asked = f.asked.attention;
    expect(shell.events.publish('orders:changed', { profileId: 'p1', events: [afterSales], byMerchant: true })).toBe(
      true,
    );
    await flush();
    expect(f.shown).toEqual([]);
    expect(f.asked.attention).toBeGreaterThan(asked);
    expect(f.tray.tooltips.at(-1)).toContain('3');
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
    expect(f.navigated).toEqual([{ screen: 'after-sales', orderId: null }]);
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

  describe('the attention queue: tray line and due notifications', () => {
    type Row = AttentionAnswer['rows'][number];
    const iso = (ms: number) => new Date(ms).toISOString();
    const overdue = (id: string, dueMs = Date.now() - 60_000): Row => ({
      kind: 'overdue',
      orderId: id,
      orderNum: `SO-${id}`,
      dueAt: iso(dueMs),
    });
    const dueSoon = (id: string, dueMs = Date.now() + 10 * 60_000): Row => ({
      kind: 'due-soon',
      orderId: id,
      orderNum: `SO-${id}`,
      dueAt: iso(dueMs),
    });
    const answer = (rows: Row[], nextChangeAt: string | null = null, refunds = 0): AttentionAnswer => {
      const n = (kind: string) => rows.filter((r) => r.kind === kind).length;
      const counts = { refunds, overdue: n('overdue'), dueSoon: n('due-soon'), exceptions: 0, disputes: 0 };
      return {
        counts: { ...counts, total: counts.refunds + counts.overdue + counts.dueSoon },
        rows,
        nextChangeAt,
      };
    };
    /** A profile polled once a day, so only the due timer and explicit syncs read the queue in these tests. */
    const daily =
      (over: Partial<typeof SETTINGS> = {}) =>
      () => ({
        id: 'p1',
        pollIntervalSeconds: 86_400,
        notifications: { ...SETTINGS, ...over },
      });
    const shown = (f: ReturnType<typeof fakeElectron>) => f.shown.map((n) => n.body);

    it('the tray shows "Needs attention" from the counts, next to the refund count, with the attention icon', async () => {
      const f = fakeElectron();
      f.setAwaiting(0);
      const a = answer([overdue('1'), overdue('2'), overdue('3'), overdue('4')], null, 2);
      f.setAttention({ ...a, counts: { ...a.counts, exceptions: 1, total: 7 } });
      const shell = createDesktopShell(f.ports);
      shell.start();
      await flush();
      expect(f.tray.tooltips.at(-1)).toContain('Needs attention: 7 — 2 refunds, 4 overdue, 1 exception');
      expect(f.tray.tooltips.at(-1)).toContain('Refund requests: 0');
      expect(f.lastMenu()[0]!.label).toBe('Needs attention: 7 — 2 refunds, 4 overdue, 1 exception');
      expect(f.tray.images.at(-1)).toBe('attention');
      f.setAttention(answer([]));
      f.click('Sync now');
      await flush();
      expect(f.tray.tooltips.at(-1)).toContain('Needs attention: 0');
      expect(f.tray.images.at(-1)).toBe('idle');
      shell.stop();
    });

    it('after the baseline full sync: one summary of what is overdue already, no notification per order', async () => {
      const f = fakeElectron();
      f.ports.profile = daily();
      f.setComplete(false);
      const rows = ['1', '2', '3', '4', '5'].map((id) => overdue(id));
      f.setSync(async () => {
        f.setAttention(answer(rows));
        f.setComplete(true);
        return { ok: true };
      });
      const shell = createDesktopShell(f.ports);
      shell.start();
      await flush();
      expect(f.shown.map((n) => [n.title, n.body])).toEqual([
        ['Deliveries overdue', '5 orders are past the delivery deadline'],
      ]);
      f.shown[0]!.click();
      expect(f.navigated).toEqual([{ screen: 'attention', orderId: null }]);
      // The next poll finds the same orders: nothing new.
      f.click('Sync now');
      await flush();
      expect(f.shown).toHaveLength(1);
      shell.stop();
    });

    it('a rebuilt cache (a new baseline sync) summarises what is overdue again, even with a memory', async () => {
      const f = fakeElectron();
      f.ports.profile = daily();
      f.setAttention(answer([]));
      const shell = createDesktopShell(f.ports);
      shell.start();
      await flush();
      f.click('Sync now');
      await flush();
      f.setComplete(false);
      f.setSync(async () => {
        f.setAttention(answer([overdue('1'), overdue('2')]));
        f.setComplete(true);
        return { ok: true };
      });
      f.click('Sync now');
      await flush();
      expect(shown(f)).toEqual(['2 orders are past the delivery deadline']);
      shell.stop();
    });

    it("an answer asked for the previous profile is dropped after a switch; the new profile's is read", async () => {
      const f = fakeElectron();
      f.ports.profile = daily();
      const pending: ((a: AttentionAnswer | null) => void)[] = [];
      f.ports.attention = () => new Promise((resolve) => pending.push(resolve));
      const shell = createDesktopShell(f.ports);
      shell.start();
      await flush();
      expect(pending).toHaveLength(1);
      f.ports.profile = () => ({ ...daily()(), id: 'p2' });
      shell.restart();
      pending[0]!(answer([overdue('1')], null, 3));
      await flush();
      expect(f.tray.tooltips.at(-1)).not.toContain('Needs attention');
      expect(f.shown).toEqual([]);
      // The switch asked again once the earlier read was done.
      expect(pending).toHaveLength(2);
      pending[1]!(answer([]));
      await flush();
      expect(f.tray.tooltips.at(-1)).toContain('Needs attention: 0');
      shell.stop();
    });

    it('never repeats a notification for the same order and state across polls; a new one is shown and opens its order', async () => {
      const f = fakeElectron();
      f.ports.profile = daily();
      f.setAttention(answer([]));
      const shell = createDesktopShell(f.ports);
      shell.start();
      await flush();
      expect(f.shown).toEqual([]);
      f.setAttention(answer([overdue('1')]));
      f.click('Sync now');
      await flush();
      expect(shown(f)).toEqual(['Order SO-1 is overdue']);
      f.click('Sync now');
      await flush();
      f.setAttention(answer([overdue('1'), dueSoon('2'), dueSoon('3')]));
      f.click('Sync now');
      await flush();
      expect(shown(f)).toEqual(['Order SO-1 is overdue', '2 orders due within 10 min']);
      f.shown[0]!.click();
      f.shown[1]!.click();
      expect(f.navigated).toEqual([
        { screen: 'orders', orderId: '1' },
        { screen: 'attention', orderId: null },
      ]);
      shell.stop();
    });

    it('do-not-disturb and a kind turned off show nothing, and what they held back is not replayed later', async () => {
      const f = fakeElectron();
      let settings = daily({ overdue: false });
      f.ports.profile = () => settings();
      f.setAttention(answer([]));
      const shell = createDesktopShell(f.ports);
      shell.start();
      await flush();
      f.setAttention(answer([overdue('1'), dueSoon('2')]));
      f.click('Sync now');
      await flush();
      // Overdue is off: only the due-soon order.
      expect(shown(f)).toEqual(['Order SO-2 is due within 10 min']);
      f.click('Pause notifications for 1 hour');
      f.setAttention(answer([overdue('1'), overdue('2'), dueSoon('3')]));
      f.click('Sync now');
      await flush();
      expect(shown(f)).toHaveLength(1);
      settings = daily();
      f.click('Resume notifications');
      f.click('Sync now');
      await flush();
      expect(shown(f)).toHaveLength(1);
      shell.stop();
    });

    it('the due timer reads the queue again at nextChangeAt, re-arms on each answer, and stops with the shell', async () => {
      const f = fakeElectron();
      f.ports.profile = daily();
      const t0 = Date.now();
      const soonDue = t0 + 40 * 60_000;
      f.setAttention(answer([], iso(t0 + 10 * 60_000)));
      const shell = createDesktopShell(f.ports);
      shell.start();
      await flush();
      const afterStart = f.asked.attention;
      await vi.advanceTimersByTimeAsync(10 * 60_000 - 1);
      expect(f.asked.attention).toBe(afterStart);
      // The order becomes due soon by the clock alone: no sync, the timer reads the queue.
      f.setAttention(answer([dueSoon('7', soonDue)], iso(soonDue)));
      await vi.advanceTimersByTimeAsync(1);
      expect(f.asked.attention).toBe(afterStart + 1);
      expect(shown(f)).toEqual(['Order SO-7 is due within 30 min']);
      // Re-armed for the new instant: the order becomes overdue.
      f.setAttention(answer([overdue('7', soonDue)], null));
      await vi.advanceTimersByTimeAsync(30 * 60_000);
      expect(f.asked.attention).toBe(afterStart + 2);
      expect(shown(f)).toEqual(['Order SO-7 is due within 30 min', 'Order SO-7 is overdue']);
      // Stopped (quit): no timer reads the queue any more.
      f.setAttention(answer([], iso(Date.now() + 60_000)));
      f.click('Sync now');
      await flush();
      const beforeStop = f.asked.attention;
      shell.stop();
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(f.asked.attention).toBe(beforeStop);
    });

    it("a profile switch stops the previous profile's timer and keeps each profile's memory", async () => {
      const f = fakeElectron();
      f.ports.profile = daily();
      f.setAttention(answer([]));
      const shell = createDesktopShell(f.ports);
      shell.start();
      await flush();
      const late = overdue('1');
      f.setAttention(answer([late], iso(Date.now() + 5 * 60_000)));
      f.click('Sync now');
      await flush();
      expect(shown(f)).toEqual(['Order SO-1 is overdue']);
      f.ports.profile = () => ({ ...daily()(), id: 'p2' });
      f.setAttention(null);
      shell.restart();
      await flush();
      expect(f.tray.tooltips.at(-1)).not.toContain('Needs attention');
      const afterSwitch = f.asked.attention;
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(f.asked.attention).toBe(afterSwitch);
      // Back to p1: its order was notified already.
      f.ports.profile = daily();
      f.setAttention(answer([late]));
      shell.restart();
      await flush();
      expect(shown(f)).toEqual(['Order SO-1 is overdue']);
      shell.stop();
    });

    it('a restart (a new shell over the same data folder) announces nothing already announced, and only what is new', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'md-shell-restart-'));
      try {
        const late = overdue('1');
        const soon = dueSoon('2');
        const before = fakeElectron();
        before.ports.profile = daily();
        before.ports.dueMemory = fileDueMemoryStore(dataDir);
        before.setAttention(answer([]));
        const first = createDesktopShell(before.ports);
        first.start();
        await flush();
        before.setAttention(answer([late, soon]));
        before.click('Sync now');
        await flush();
        expect(shown(before)).toEqual(['Order SO-1 is overdue', 'Order SO-2 is due within 10 min']);
        first.stop();

        // The app quits and starts again: a new shell and a new store over the same folder.
        const after = fakeElectron();
        after.ports.profile = daily();
        after.ports.dueMemory = fileDueMemoryStore(dataDir);
        after.setAttention(answer([late, soon]));
        const second = createDesktopShell(after.ports);
        second.start();
        await flush();
        expect(shown(after)).toEqual([]);
        // While it was closed, order 3 became overdue: that is news, announced as such (not a backlog summary).
        after.setAttention(answer([late, soon, overdue('3')]));
        after.click('Sync now');
        await flush();
        expect(shown(after)).toEqual(['Order SO-3 is overdue']);
        second.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
