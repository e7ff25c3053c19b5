import type { Session } from '../core/app/session';
import { SyncController } from '../core/app/sync';
import { err, ok, type Result } from '../core/result';
import type { ChangeEvent } from '../core/sync/changeEvents';
import type { ExportDownloads } from '../browserHost/exportDownloads';
import type { ClipboardPort } from '../appHost/handlers/buyers';
import type { UseCaseApp } from '../appHost/handlers/useCases';
import type { AppError } from '../shared/errors/appError';
import type { IpcEventPublisher } from '../shared/ipc/events';
import { statSync } from 'node:fs';
import { settingsFilePath } from '../core/profiles/confProfileStore';
import { toPlatformConfig } from '../core/profiles/profileSchema';
import { cliSession, profileForApiCommand } from './context';
import { CliError, CliInputError } from './io';
import type { CommandContext } from './runner';

/**
 * The use cases `merchant-desk ui` serves: one session of the profile (or environment) the command resolved, opened
 * on the first call that needs it and kept until the command stops, and its events pushed to the open pages.
 */
export interface UiUseCases {
  app: UseCaseApp;
  /** Where events go; set once the browser host is listening. */
  publishTo(publisher: IpcEventPublisher): void;
  /**
   * The profiles may have changed: when the active profile or its platform settings did, the next call opens a session
   * of the profile active then, so the page never reads one merchant's cache under another's name. A sync still
   * running on the old session is stopped. True when the next call opens another session (the poller restarts for it).
   */
  reopen(): boolean;
  /** Told when a call found the settings changed elsewhere and opened another session (the poller follows it). */
  whenReopened(listener: () => void): void;
  close(): void;
}

/** What the browser host's shell provides in place of Electron's clipboard and save dialog. */
export interface UiShellPorts {
  openExternal(url: string): Promise<void>;
  /** The OS clipboard through the platform's tools (the host runs on the browser's computer). */
  clipboard: ClipboardPort;
  /** Where `orders:export` leaves its one-time downloads (served by the browser host). */
  downloads: ExportDownloads;
}

/** The app-wide clearing delay as stored; its default when the settings cannot be read (the page says why elsewhere). */
const DEFAULT_CLIPBOARD_CLEAR_MS = 120_000;

export function uiUseCases(ctx: CommandContext, shell: UiShellPorts): UiUseCases {
  let session: Session | undefined;
  let controller: SyncController | undefined;
  let publisher: IpcEventPublisher | undefined;
  // Sessions left behind by a profile change while their sync was still stopping: closed with the command.
  const retired: Session[] = [];

  /**
   * Which profile and platform settings a session was opened for (as the desktop's core host compares them): a change
   * of anything else (a name, the poll interval) keeps the session and any sync it runs.
   */
  const sessionKey = (): string => {
    try {
      const profile = profileForApiCommand(ctx.options, ctx.io.env, () => ctx.services().profiles);
      return JSON.stringify(profile && { id: profile.id, platform: toPlatformConfig(profile) });
    } catch {
      // Unreadable settings: reopening lets the next call say why.
      return 'unreadable';
    }
  };
  let openedKey = '';

  let reopened = () => {};
  /** Drops the open session when its profile or platform settings changed; true when the next call opens another. */
  const dropStale = (): boolean => {
    if (!session) return true;
    if (sessionKey() === openedKey) return false;
    // Closing the cache under a running sync would fail it mid-write: stop it and close that session at the end.
    if (controller?.state === 'syncing') {
      controller.setPaused(true);
      retired.push(session);
    } else session.close();
    session = undefined;
    controller = undefined;
    return true;
  };

  // The settings file's size and time: a call re-reads the profile only when they moved, not on every call.
  const settingsFile = settingsFilePath(ctx.dataDir());
  const settingsStamp = (): string => {
    try {
      const stat = statSync(settingsFile);
      return `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return 'none';
    }
  };
  let seenStamp = '';

  const open = (): Result<Session, AppError> => {
    // A change made elsewhere (`merchant-desk profiles edit` while the page is open) applies from the next call.
    if (session && controller?.state !== 'syncing') {
      const stamp = settingsStamp();
      if (stamp !== seenStamp) {
        seenStamp = stamp;
        if (dropStale()) reopened();
      }
    }
    if (session) return ok(session);
    try {
      seenStamp = settingsStamp();
      openedKey = sessionKey();
      session = cliSession(ctx, { baseUrl: true, platform: true });
      return ok(session);
    } catch (e) {
      // Settings the page cannot act on from here (no profile, no URL) come back as the CLI would say them.
      if (e instanceof CliError)
        return err({ kind: e.kind, message: e.message, ...(e.action ? { action: e.action } : {}) });
      if (e instanceof CliInputError) return err({ kind: 'settings', message: e.message });
      throw e;
    }
  };
  const changed = (profileId: string, events: ChangeEvent[]) => {
    if (events.length > 0) publisher?.publish('orders:changed', { profileId, events });
  };

  return {
    app: {
      session: open,
      sync: () => {
        const s = open();
        if (!s.ok) return s;
        return ok((controller ??= new SyncController(s.value)));
      },
      onProgress: (p) =>
        session &&
        publisher?.publish('sync:progress', {
          profileId: session.profileId,
          ...p,
          ordersExpected: p.ordersExpected ?? null,
          etaMs: p.etaMs ?? null,
          clockSkew: p.clockSkew ?? null,
        }),
      onChange: ({ seq: _seq, ...event }) => session && changed(session.profileId, [event]),
      onChanges: changed,
      // Not the page's clipboard API: the link would have to reach the page, which the contract forbids.
      clipboard: shell.clipboard,
      // The browser host's port (`merchant-desk ui`), not Electron's shell.
      openExternal: (url) => shell.openExternal(url), // eng-disable OPEN_EXTERNAL_JS_CHECK
      clipboardClearMs: () => {
        const app = ctx.services().profiles.appSettings();
        if (!app.ok) return DEFAULT_CLIPBOARD_CLEAR_MS;
        const seconds = app.value.clipboardClearSeconds;
        return seconds === null ? null : seconds * 1000;
      },
      exportDestination: { kind: 'download', offer: (download) => shell.downloads.offer(download) },
    },
    publishTo: (p) => void (publisher = p),
    reopen: dropStale,
    whenReopened: (listener) => void (reopened = listener),
    close: () => {
      session?.close();
      for (const old of retired) old.close();
    },
  };
}
