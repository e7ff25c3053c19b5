import type { ChangeEvent } from '../core/sync/changeEvents';
import type { Notifications as NotificationSettings } from '../core/profiles/profileSchema';
import type { IpcEventName } from '../shared/ipc/channels';
import type { IpcEventPayloadInput, IpcEventPublisher } from '../shared/ipc/events';
import { parseIsoInstant } from '../shared/time/isoInstant';
import { notificationNavigation, type NavigateTarget } from './navigation';
import { notificationsFor } from './notifications';
import {
  createPoller,
  type FocusPort,
  type NetworkPort,
  type Poller,
  type PollerState,
  type PollerSyncResult,
  type PowerPort,
} from './poller';
import { buildTrayModel, type TrayIcon, type TrayMenuId, type TrayState } from './trayModel';

/**
 * The desktop shell: the poller, the tray and the notifications, glued to the Electron pieces they need. Every
 * Electron API comes in as a structural port, so the glue is unit-tested with a typed fake.
 */

/** The Windows AppUserModelID: notifications from the installed app are attributed to it. */
export const APP_USER_MODEL_ID = 'com.merchantdesk.app';
/** "Pause notifications for 1 hour". */
export const NOTIFICATION_PAUSE_MS = 60 * 60_000;

export interface TrayPort<Image, MenuHandle> {
  setImage(image: Image): void;
  setToolTip(text: string): void;
  setContextMenu(menu: MenuHandle): void;
}

export interface MenuTemplateItem {
  label: string;
  enabled: boolean;
  click(): void;
}

export interface NotificationPort {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

export interface DesktopShellPorts<Image, MenuHandle> {
  /** The active profile's id, poll interval and notification settings; null: no profile chosen. */
  profile(): { id: string; pollIntervalSeconds: number; notifications: NotificationSettings } | null;
  /** One sync of the active profile (the `sync:now` handler, which calls the host's `sync.run`). */
  syncNow(): Promise<PollerSyncResult>;
  /** Whether the active profile's cache holds a finished full sync (`sync:status`'s `complete`). */
  cacheComplete(): Promise<boolean>;
  /** After-sales requests awaiting a decision, for the tray (asked of the cache); null when not known. */
  awaitingDecision?(): Promise<number | null>;
  /** The do-not-disturb instant of the app settings (epoch ms; null: not set). */
  doNotDisturbUntilMs(): number | null;
  /** Stores it (the tray's "Pause notifications for 1 hour" / "Resume notifications"). */
  setDoNotDisturbUntil(epochMs: number | null): void;
  /** Shows the window at a screen (a clicked notification): navigation.ts's `navigate`. */
  navigate(target: NavigateTarget): void;
  /** The windows (createEventPublisher). */
  events: IpcEventPublisher;
  /** Electron's `Tray` constructor. */
  createTray(image: Image): TrayPort<Image, MenuHandle>;
  /** `Menu.buildFromTemplate`. */
  buildMenu(template: MenuTemplateItem[]): MenuHandle;
  /** The image for one tray state (`nativeImage.createFromPath`). */
  trayImage(icon: TrayIcon): Image;
  /** `Notification.isSupported()` and `new Notification(options)`. */
  notificationsSupported(): boolean;
  createNotification(options: { title: string; body: string }): NotificationPort;
  network: NetworkPort;
  power: PowerPort;
  /** Any app window gaining focus: polls at once when the last poll is more than one interval old. */
  focus?: FocusPort;
  /** Shows and focuses the main window (creating it when none is open). */
  showWindow(): void;
  quit(): void;
  /** `app.setAppUserModelId` (Windows only). */
  setAppUserModelId?(id: string): void;
  now?(): number;
  formatTime?(epochMs: number): string;
}

export interface DesktopShell {
  /** The publisher to hand the platform domains: every event passes through; `orders:changed` also notifies. */
  events: IpcEventPublisher;
  /** On app ready: the tray, then the poller. */
  start(): void;
  /** After the active profile changed: a new poller for the new profile (none when no profile is chosen). */
  restart(): void;
  /** Polls at once (the tray's "Sync now", or after the merchant fixed a refused token). */
  syncNow(): void;
  /** Redraws the tray: the settings or the system theme (light/dark tray icons) changed. */
  refreshTray(): void;
  stop(): void;
}

export function createDesktopShell<Image, MenuHandle>(ports: DesktopShellPorts<Image, MenuHandle>): DesktopShell {
  const now = ports.now ?? Date.now;
  const formatTime =
    ports.formatTime ??
    ((ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }));
  let tray: TrayPort<Image, MenuHandle> | undefined;
  let poller: Poller | undefined;
  let trayState: TrayState = {
    sync: 'idle',
    awaitingDecision: 0,
    lastSyncedMs: null,
    notificationsPausedUntilMs: ports.doNotDisturbUntilMs(),
  };
  /** The running sync builds the first baseline: its change events are not news (the core emits none either). */
  let baselineSync = false;

  const actions: Record<TrayMenuId, (() => void) | undefined> = {
    'refund-requests': undefined,
    'last-sync': undefined,
    open: () => ports.showWindow(),
    'sync-now': () => shell.syncNow(),
    'pause-notifications': () => pauseNotifications(now() + NOTIFICATION_PAUSE_MS),
    'resume-notifications': () => pauseNotifications(null),
    quit: () => ports.quit(),
  };

  function pauseNotifications(untilMs: number | null): void {
    ports.setDoNotDisturbUntil(untilMs);
    update({});
  }

  function refreshAwaitingDecision(): void {
    void ports.awaitingDecision?.().then((n) => {
      if (n !== null) update({ awaitingDecision: n });
    });
  }

  function update(patch: Partial<TrayState>): void {
    // Do-not-disturb is a setting (the window may change it too): read afresh for every redraw.
    trayState = { ...trayState, ...patch, notificationsPausedUntilMs: ports.doNotDisturbUntilMs() };
    if (!tray) return;
    const model = buildTrayModel(trayState, { nowMs: now(), formatTime });
    tray.setImage(ports.trayImage(model.icon));
    tray.setToolTip(model.tooltip);
    tray.setContextMenu(
      ports.buildMenu(
        model.menu.map((item) => ({ label: item.label, enabled: item.enabled, click: () => actions[item.id]?.() })),
      ),
    );
  }

  function onPollerState(state: PollerState): void {
    ports.events.publish('sync:state', state);
    const lastSyncedMs = state.lastSyncedAt ? (parseIsoInstant(state.lastSyncedAt) ?? null) : null;
    update({ sync: state.state, lastSyncedMs });
    if (state.state === 'idle') refreshAwaitingDecision();
  }

  function notify(events: readonly ChangeEvent[]): void {
    const profile = ports.profile();
    if (!profile || !ports.notificationsSupported()) return;
    const shown = notificationsFor(events, {
      settings: profile.notifications,
      nowMs: now(),
      doNotDisturbUntilMs: ports.doNotDisturbUntilMs(),
      baselineSync,
    });
    for (const n of shown) {
      const notification = ports.createNotification({ title: n.title, body: n.body });
      const target = notificationNavigation(n.target);
      notification.on('click', () => ports.navigate(target));
      notification.show();
    }
  }

  const events: IpcEventPublisher = {
    publish<E extends IpcEventName>(event: E, payload: IpcEventPayloadInput<E>): boolean {
      const sent = ports.events.publish(event, payload);
      if (sent && event === 'orders:changed') {
        notify((payload as IpcEventPayloadInput<'orders:changed'>).events as ChangeEvent[]);
        // A decision (here or on the platform) or a new request changes the count awaiting a decision.
        refreshAwaitingDecision();
      }
      return sent;
    },
  };

  function startPoller(): void {
    const profile = ports.profile();
    if (!profile) return;
    poller = createPoller({
      profileId: profile.id,
      intervalMs: () => (ports.profile()?.pollIntervalSeconds ?? profile.pollIntervalSeconds) * 1000,
      syncNow: async () => {
        baselineSync = !(await ports.cacheComplete());
        try {
          const result = await ports.syncNow();
          // The merchant paused syncing (sync:setPaused): no failure, no backoff; the poller tries at the next turn.
          return !result.ok && result.error.kind === 'sync' && result.error.code === 'paused'
            ? { ok: false, error: { ...result.error, code: 'busy' } }
            : result;
        } finally {
          baselineSync = false;
        }
      },
      onState: onPollerState,
      network: ports.network,
      power: ports.power,
      ...(ports.focus ? { focus: ports.focus } : {}),
    });
    poller.start();
  }

  const shell: DesktopShell = {
    events,
    start() {
      ports.setAppUserModelId?.(APP_USER_MODEL_ID);
      tray = ports.createTray(ports.trayImage('idle'));
      update({});
      refreshAwaitingDecision();
      startPoller();
    },
    restart() {
      shell.stop();
      if (!tray) return;
      // Nothing of the previous profile's state carries over to the next one.
      update({ sync: 'idle', awaitingDecision: 0, lastSyncedMs: null });
      refreshAwaitingDecision();
      startPoller();
    },
    syncNow() {
      // resume() polls at once, and also lifts a stop after a refused token (the merchant asked for it).
      poller?.resume();
    },
    refreshTray() {
      update({});
    },
    stop() {
      poller?.stop();
      poller = undefined;
    },
  };
  return shell;
}
