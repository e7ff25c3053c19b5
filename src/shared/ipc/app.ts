import { z } from 'zod';
import type { IpcChannelSpec } from './channelSpec';

/**
 * Where the app's own update stands (electron-updater in the desktop app; the browser host never updates itself):
 * what Settings → About, the tray and the application menu show.
 */
export const updateStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('idle') }).strict(),
  z.object({ kind: z.literal('checking') }).strict(),
  z
    .object({ kind: z.literal('downloading'), version: z.string().min(1), percent: z.number().min(0).max(100) })
    .strict(),
  z.object({ kind: z.literal('ready'), version: z.string().min(1) }).strict(),
  z.object({ kind: z.literal('up-to-date'), checkedAtMs: z.number().int().nonnegative() }).strict(),
  z.object({ kind: z.literal('failed'), message: z.string().min(1) }).strict(),
  /** Not checking: turned off in Settings, or a build that cannot update itself (`reason` says which). */
  z.object({ kind: z.literal('off'), reason: z.string().min(1) }).strict(),
]);
export type UpdateState = z.infer<typeof updateStateSchema>;

/** Channels of the `app` domain: facts about the running app and its own updates. */
export const appChannels = {
  'app:getInfo': {
    request: z.undefined(),
    /** The version and system, and where the host keeps its data and its log (paths, never a secret). */
    data: z
      .object({
        version: z.string().min(1),
        platform: z.string().min(1),
        dataDir: z.string().min(1),
        logFile: z.string().min(1),
        /**
         * What this host can do beyond the pages: a tray, and starting at login (the desktop app); the browser host
         * has neither, so Settings hides them there. Absent: an older host, taken as the desktop app.
         */
        capabilities: z
          .object({
            tray: z.boolean(),
            openAtLogin: z.boolean(),
            /** The app updates itself (the desktop app); absent: as `tray` says (an older host). */
            updates: z.boolean().optional(),
          })
          .strict()
          .optional(),
        /**
         * Served with no profile, from the MERCHANT_DESK_* settings (the environment mode, e.g. the keychain-less
         * sandbox): whether that platform is the sandbox. Absent or null: the host serves profiles only.
         */
        environment: z.object({ sandbox: z.boolean() }).strict().nullable().optional(),
      })
      .strict(),
  },
  'app:updates': {
    request: z.undefined(),
    data: updateStateSchema,
  },
  /**
   * "Check for updates" (a check now, unless one ran within the day) or "Restart to update" (now, or once the
   * after-sales decision being sent is answered: `restart` says which; null after a check).
   */
  'app:updateAction': {
    request: z.object({ action: z.enum(['check', 'restart']) }).strict(),
    data: z
      .object({ state: updateStateSchema, restart: z.enum(['restarting', 'waiting', 'nothing-ready']).nullable() })
      .strict(),
  },
} satisfies Record<`app:${string}`, IpcChannelSpec>;
