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
      })
      .strict(),
  },
} satisfies Record<`app:${string}`, IpcChannelSpec>;
