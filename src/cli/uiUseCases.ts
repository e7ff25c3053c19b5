import type { Session } from '../core/app/session';
import { SyncController } from '../core/app/sync';
import { err, ok, type Result } from '../core/result';
import type { ChangeEvent } from '../core/sync/changeEvents';
import type { UseCaseApp } from '../main/ipc/handlers/useCases';
import type { AppError } from '../shared/errors/appError';
import type { IpcEventPublisher } from '../shared/ipc/events';
import { cliSession } from './context';
import { CliError } from './io';
import type { CommandContext } from './runner';

/**
 * The use cases `merchant-desk ui` serves: one session of the profile (or environment) the command resolved, opened
 * on the first call that needs it and kept until the command stops, and its events pushed to the open pages.
 */
export interface UiUseCases {
  app: UseCaseApp;
  /** Where events go; set once the browser host is listening. */
  publishTo(publisher: IpcEventPublisher): void;
  close(): void;
}

export function uiUseCases(ctx: CommandContext, openExternal: (url: string) => Promise<void>): UiUseCases {
  let session: Session | undefined;
  let controller: SyncController | undefined;
  let publisher: IpcEventPublisher | undefined;

  const open = (): Result<Session, AppError> => {
    if (session) return ok(session);
    try {
      session = cliSession(ctx, { baseUrl: true, platform: true });
      return ok(session);
    } catch (e) {
      // Settings the page cannot act on from here (no profile, no URL) come back as the CLI would say them.
      if (e instanceof CliError)
        return err({ kind: e.kind, message: e.message, ...(e.action ? { action: e.action } : {}) });
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
      // A page's clipboard is the browser's: the link would have to reach the page, which the contract forbids.
      clipboard: {
        writeSecret: () => {
          throw new Error('copying a login link is not available in the browser host; use "Open in browser"');
        },
      },
      openExternal,
      clipboardClearMs: () => null,
    },
    publishTo: (p) => void (publisher = p),
    close: () => session?.close(),
  };
}
