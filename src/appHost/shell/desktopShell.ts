import type { ChangeEvent } from '../../core/sync/changeEvents';
import type { Notifications as NotificationSettings } from '../../core/profiles/profileSchema';
import type { IpcEventName } from '../../shared/ipc/channels';
import type { IpcEventPayloadInput, IpcEventPublisher } from '../../shared/ipc/events';
import { parseIsoInstant } from '../../shared/time/isoInstant';
import { createDueTimer } from '../../shared/time/dueTimer';
import type { DueMemoryStore } from './dueMemoryStore';
import { EMPTY_DUE_MEMORY, planDueNotifications, type DueMemory, type DueQueue } from './dueNotifications';
import {
  notificationNavigation,
  notificationsFor,
  type NavigateTarget,
  type NotificationTarget,
} from './notifications';
import { createHeldNotifications, type HeldNotificationOptions, type HeldNotificationPort } from './heldNotifications';
import type { FocusPort, NetworkPort, PollerState, PollerSyncResult, PowerPort } from './poller';
import { createSyncLoop } from './syncLoop';
import { buildTrayModel, type AttentionCounts, type TrayIcon, type TrayMenuId, type TrayState } from './trayModel';
import { notificationActions } from './notificationActions';

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

/** An Electron `Notification` (heldNotifications.ts keeps each referenced until click, close or failure). */
export type NotificationPort = HeldNotificationPort;

/** What the shell reads of the attention queue (`orders:attention`'s data satisfies it). */
export interface AttentionAnswer {
  counts: AttentionCounts;
  rows: ReadonlyArray<{ kind: string; orderId: string; orderNum: string | null; dueAt: string | null }>;
  /** The next instant an order becomes due soon or overdue by the clock alone; null: none pending. */
  nextChangeAt: string | null;
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

const sameKeys = (a: Record<string, number>, b: Record<string, number>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b);
};

export function createDesktopShell<Image, MenuHandle>(ports: DesktopShellPorts<Image, MenuHandle>): DesktopShell {
  const now = ports.now ?? Date.now;
  const held = createHeldNotifications({
    create: (options) => ports.createNotification(options),
    platform: ports.platform ?? process.platform,
  });
  const formatTime =
    ports.formatTime ??
    ((ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }));
  let tray: TrayPort<Image, MenuHandle> | undefined;
  let trayState: TrayState = {
    sync: 'idle',
    awaitingDecision: 0,
    attention: null,
    lastSyncedMs: null,
    notificationsPausedUntilMs: ports.doNotDisturbUntilMs(),
  };
  /** The baseline sync finished: the next look summarises what is overdue already instead of announcing it. */
  let firstLookPending = false;
  /**
   * Due notifications already planned, per profile (a switch back does not replay them), read from the store the
   * first time a profile is looked at (a restart does not replay them either).
   */
  const dueMemories = new Map<string, DueMemory>();
  const rememberedFor = (profileId: string): DueMemory | undefined => {
    if (!dueMemories.has(profileId)) {
      const stored = ports.dueMemory?.read(profileId);
      if (stored) dueMemories.set(profileId, stored);
    }
    return dueMemories.get(profileId);
  };
  /** Bumped on profile switch and stop: an answer asked before is dropped. */
  let generation = 0;
  let looking = false;
  let lookAgain = false;
  // An order becomes due soon or overdue by the clock alone: look again at the queue's next change.
  const dueTimer = createDueTimer({ onDue: () => lookAtAttention(), now });

  const actions: Record<TrayMenuId, (() => void) | undefined> = {
    'needs-attention': undefined,
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

  /**
   * Reads the attention queue: the tray's line, the due notifications and the timer for the next due-state change.
   * One read at a time (a request meanwhile reads once more after it). Not during a baseline sync: the cache is
   * partial then, and what it finds is no news (the look after it is the first look).
   */
  function lookAtAttention(): void {
    if (!ports.attention || syncLoop.baselineSync) return;
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = true;
    const asked = generation;
    void ports
      .attention()
      .then((answer) => {
        if (answer && asked === generation && !syncLoop.baselineSync) onAttention(answer);
      })
      .catch((error: unknown) => console.warn('[main] the attention queue could not be read:', error))
      .finally(() => {
        looking = false;
        if (lookAgain) {
          lookAgain = false;
          lookAtAttention();
        }
      });
  }

  function onAttention(answer: AttentionAnswer): void {
    dueTimer.arm(answer.nextChangeAt);
    update({ attention: answer.counts });
    const profile = ports.profile();
    if (!profile) return;
    const known = rememberedFor(profile.id);
    // Nothing ever planned for this profile (or its memory is lost): what is overdue already is no news either.
    const firstLook = firstLookPending || known === undefined;
    firstLookPending = false;
    const queue: DueQueue = {
      counts: answer.counts,
      rows: answer.rows.map((r) => ({
        kind: r.kind,
        orderId: r.orderId,
        orderNum: r.orderNum,
        dueMs: parseIsoInstant(r.dueAt) ?? null,
      })),
    };
    const plan = planDueNotifications(queue, known ?? EMPTY_DUE_MEMORY, {
      settings: profile.notifications,
      nowMs: now(),
      doNotDisturbUntilMs: ports.doNotDisturbUntilMs(),
      firstLook,
    });
    // Remembered even when nothing can be shown: an unsupported or paused centre does not replay it later.
    dueMemories.set(profile.id, plan.memory);
    if (known === undefined || !sameKeys(known.seen, plan.memory.seen)) ports.dueMemory?.write(profile.id, plan.memory);
    if (ports.notificationsSupported()) show(plan.notifications);
  }

  /** The tray's counts and the due notifications, after a sync, a change or a decision. */
  function refreshCounts(): void {
    refreshAwaitingDecision();
    lookAtAttention();
  }

  function show(notifications: ReadonlyArray<{ title: string; body: string; target: NotificationTarget }>): void {
    for (const n of notifications) {
      const target = notificationNavigation(n.target);
      const deepLink = n.target.kind === 'order' ? `merchantdesk://order/${n.target.orderId}` : undefined;
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
    if (syncLoop.takeBaselineDone()) firstLookPending = true;
    const lastSyncedMs = state.lastSyncedAt ? (parseIsoInstant(state.lastSyncedAt) ?? null) : null;
    update({ sync: state.state, lastSyncedMs });
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
        notify((payload as IpcEventPayloadInput<'orders:changed'>).events as ChangeEvent[]);
        // A decision (here or on the platform) or a new request changes the counts. During a sync the look waits
        // for its end (the idle state), so it never plans from a half-applied page.
        if (trayState.sync === 'syncing') refreshAwaitingDecision();
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
      tray = ports.createTray(ports.trayImage('idle'));
      update({});
      refreshCounts();
      syncLoop.start();
    },
    restart() {
      shell.stop();
      if (!tray) return;
      // Nothing of the previous profile's state carries over to the next one (its due memory stays with it).
      firstLookPending = false;
      update({ sync: 'idle', awaitingDecision: 0, attention: null, lastSyncedMs: null });
      refreshCounts();
      syncLoop.start();
    },
    syncNow() {
      syncLoop.syncNow();
    },
    refreshTray() {
      update({});
    },
    stop() {
      syncLoop.stop();
      generation += 1;
      dueTimer.cancel();
    },
  };
  return shell;
}
