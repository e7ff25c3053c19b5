import type { ChangeEvent } from '../../core/sync/changeEvents';
import type { Notifications as NotificationSettings } from '../../core/profiles/profileSchema';
import type { IpcEventName } from '../../shared/ipc/channels';
import type { IpcEventPayloadInput, IpcEventPublisher } from '../../shared/ipc/events';
import { parseIsoInstant } from '../../shared/time/isoInstant';
import type { DueMemoryStore } from './dueMemoryStore';
import { createAttentionWatch, type AttentionAnswer } from './attentionWatch';
import { notificationsFor, type NavigateTarget } from './notifications';
import { createHeldNotifications, type HeldNotificationOptions, type HeldNotificationPort } from './heldNotifications';
import type { FocusPort, NetworkPort, PollerState, PollerSyncResult, PowerPort } from './poller';
import { createSyncLoop } from './syncLoop';
import type { TrayIcon, TrayMenuId } from './trayModel';
import { createTrayPresenter, type MenuTemplateItem, type TrayPort } from './trayPresenter';
import { notificationActions } from './notificationActions';

/**
 * The desktop shell: the sync loop, the tray (trayPresenter.ts), the attention watch (attentionWatch.ts) and the
 * notifications, glued to the Electron pieces they need. Every Electron API comes in as a structural port, so the
 * glue is unit-tested with a typed fake.
 */

/** The Windows AppUserModelID: notifications from the installed app are attributed to it. */
export const APP_USER_MODEL_ID = 'com.merchantdesk.app';
/** "Pause notifications for 1 hour". */
export const NOTIFICATION_PAUSE_MS = 60 * 60_000;

export type { AttentionAnswer } from './attentionWatch';
export type { MenuTemplateItem, TrayPort } from './trayPresenter';

/** An Electron `Notification` (heldNotifications.ts keeps each referenced until click, close or failure). */
export type NotificationPort = HeldNotificationPort;

export interface DesktopShellPorts<Image, MenuHandle> {
  /** The active profile's id, poll interval and notification settings; null: no profile chosen. */
  profile(): { id: string; pollIntervalSeconds: number; notifications: NotificationSettings } | null;
  /** One sync of the active profile (the `sync:now` handler, which calls the host's `sync.run`). */
  syncNow(): Promise<PollerSyncResult>;
  /** Whether the active profile's cache holds a finished full sync (`sync:status`'s `complete`). */
  cacheComplete(): Promise<boolean>;
  /** After-sales requests awaiting a decision, for the tray (asked of the cache); null when not known. */
  awaitingDecision?(): Promise<number | null>;
  /** The attention queue (`orders:attention`), for the tray's line and the due notifications; null: not known. */
  attention?(): Promise<AttentionAnswer | null>;
  /** Where the due notifications already shown are kept across restarts (dueMemoryStore.ts); none: in memory only. */
  dueMemory?: DueMemoryStore;
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
  createNotification(options: HeldNotificationOptions): NotificationPort;
  /** Which OS the notifications are for (Windows toasts get protocol activation); default: this process's. */
  platform?: NodeJS.Platform;
  network: NetworkPort;
  power: PowerPort;
  /** Any app window gaining focus: polls at once when the last poll is more than one interval old. */
  focus?: FocusPort;
  /** Shows and focuses the main window (creating it when none is open). */
  showWindow(): void;
  quit(): void;
  /** The tray's "Restart to update": installs the downloaded update (now, or once no decision is in flight). */
  restartToUpdate?(): void;
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
  /** A downloaded update waits for "Restart to update" (its version), or none does any more (null). */
  setUpdateReady(version: string | null): void;
  stop(): void;
}

export function createDesktopShell<Image, MenuHandle>(ports: DesktopShellPorts<Image, MenuHandle>): DesktopShell {
  const now = ports.now ?? Date.now;
  const held = createHeldNotifications({
    create: (options) => ports.createNotification(options),
    platform: ports.platform ?? process.platform,
  });
  const actions: Record<TrayMenuId, (() => void) | undefined> = {
    'needs-attention': undefined,
    'refund-requests': undefined,
    'last-sync': undefined,
    open: () => ports.showWindow(),
    'sync-now': () => shell.syncNow(),
    'pause-notifications': () => pauseNotifications(now() + NOTIFICATION_PAUSE_MS),
    'resume-notifications': () => pauseNotifications(null),
    'restart-to-update': () => ports.restartToUpdate?.(),
    quit: () => ports.quit(),
  };
  const tray = createTrayPresenter<Image, MenuHandle>({
    createTray: (image) => ports.createTray(image),
    buildMenu: (template) => ports.buildMenu(template),
    trayImage: (icon) => ports.trayImage(icon),
    doNotDisturbUntilMs: () => ports.doNotDisturbUntilMs(),
    actions,
    now,
    formatTime:
      ports.formatTime ??
      ((ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })),
  });
  const attention = ports.attention;
  const watch = attention
    ? createAttentionWatch({
        attention: () => attention(),
        profile: () => ports.profile(),
        baselineSync: () => syncLoop.baselineSync,
        dueMemory: ports.dueMemory,
        doNotDisturbUntilMs: () => ports.doNotDisturbUntilMs(),
        notificationsSupported: () => ports.notificationsSupported(),
        onCounts: (counts) => tray.update({ attention: counts }),
        show: (notifications) => show(notifications),
        now,
      })
    : undefined;

  function pauseNotifications(untilMs: number | null): void {
    ports.setDoNotDisturbUntil(untilMs);
    tray.update({});
  }

  function refreshAwaitingDecision(): void {
    void ports.awaitingDecision?.().then((n) => {
      if (n !== null) tray.update({ awaitingDecision: n });
    });
  }

  /** The tray's counts and the due notifications, after a sync, a change or a decision. */
  function refreshCounts(): void {
    refreshAwaitingDecision();
    watch?.look();
  }

  function show(notifications: ReadonlyArray<{ title: string; body: string; target: NavigateTarget }>): void {
    for (const n of notifications) {
      const target = n.target;
      const deepLink = target.orderId !== null ? `merchantdesk://order/${target.orderId}` : undefined;
      // "Open" and "Approve…" both only open the app on that order; the decision is made there, confirmed.
      const buttons = notificationActions(n.target).map((b) => ({
        text: b.text,
        onAction: () => ports.navigate(b.target ?? target),
      }));
      held.show(
        { title: n.title, body: n.body, ...(deepLink ? { deepLink } : {}), ...(buttons.length > 0 ? { buttons } : {}) },
        () => ports.navigate(target),
      );
    }
  }

  function onPollerState(state: PollerState): void {
    if (syncLoop.takeBaselineDone()) watch?.baselineDone();
    const lastSyncedMs = state.lastSyncedAt ? (parseIsoInstant(state.lastSyncedAt) ?? null) : null;
    tray.update({ sync: state.state, lastSyncedMs });
    if (state.state === 'idle') refreshCounts();
  }

  function notify(events: readonly ChangeEvent[]): void {
    const profile = ports.profile();
    if (!profile || !ports.notificationsSupported()) return;
    const shown = notificationsFor(events, {
      settings: profile.notifications,
      nowMs: now(),
      doNotDisturbUntilMs: ports.doNotDisturbUntilMs(),
      baselineSync: syncLoop.baselineSync,
    });
    show(shown);
  }

  const events: IpcEventPublisher = {
    publish<E extends IpcEventName>(event: E, payload: IpcEventPayloadInput<E>): boolean {
      const sent = ports.events.publish(event, payload);
      if (sent && event === 'orders:changed') {
        const changed = payload as IpcEventPayloadInput<'orders:changed'>;
        // The merchant's own decision is not news to them: counts follow, no notification repeats it.
        if (changed.byMerchant !== true) notify(changed.events as ChangeEvent[]);
        // A decision (here or on the platform) or a new request changes the counts. During a sync the look waits
        // for its end (the idle state), so it never plans from a half-applied page.
        if (tray.state().sync === 'syncing') refreshAwaitingDecision();
        else refreshCounts();
      }
      return sent;
    },
  };

  // Read through the ports at each use: a port may be replaced after the shell is made.
  const syncLoop = createSyncLoop({
    profile: () => ports.profile(),
    syncNow: () => ports.syncNow(),
    cacheComplete: () => ports.cacheComplete(),
    events: ports.events,
    network: ports.network,
    power: ports.power,
    ...(ports.focus ? { focus: ports.focus } : {}),
    onState: onPollerState,
  });

  const shell: DesktopShell = {
    events,
    start() {
      ports.setAppUserModelId?.(APP_USER_MODEL_ID);
      tray.show();
      refreshCounts();
      syncLoop.start();
    },
    restart() {
      shell.stop();
      if (!tray.shown) return;
      // Nothing of the previous profile's state carries over to the next one (its due memory stays with it).
      watch?.reset();
      tray.update({ sync: 'idle', awaitingDecision: 0, attention: null, lastSyncedMs: null });
      refreshCounts();
      syncLoop.start();
    },
    syncNow() {
      syncLoop.syncNow();
    },
    refreshTray() {
      tray.update({});
    },
    setUpdateReady(version) {
      tray.update({ updateReady: version });
    },
    stop() {
      syncLoop.stop();
      watch?.stop();
    },
  };
  return shell;
}
