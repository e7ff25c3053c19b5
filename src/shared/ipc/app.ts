import { z } from 'zod';
import type { IpcChannelSpec } from './channelSpec';

/** Channels of the `app` domain: facts about the running app. */
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
        capabilities: z.object({ tray: z.boolean(), openAtLogin: z.boolean() }).strict().optional(),
        /**
         * Served with no profile, from the MERCHANT_DESK_* settings (the environment mode, e.g. the keychain-less
         * sandbox): whether that platform is the sandbox. Absent or null: the host serves profiles only.
         */
        environment: z.object({ sandbox: z.boolean() }).strict().nullable().optional(),
      })
      .strict(),
  },
} satisfies Record<`app:${string}`, IpcChannelSpec>;
