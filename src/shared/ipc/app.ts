import { z } from 'zod';
import type { IpcChannelSpec } from './channelSpec';

/** Channels of the `app` domain: facts about the running app. */
export const appChannels = {
  'app:getInfo': {
    request: z.undefined(),
    data: z.object({ version: z.string().min(1), platform: z.string().min(1) }).strict(),
  },
} satisfies Record<`app:${string}`, IpcChannelSpec>;
