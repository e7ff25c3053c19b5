import { z } from 'zod';
import type { IpcChannelSpec } from './channelSpec';

/**
 * Channels of the `shell` domain: things the operating system opens for the person. Only fixed places (the data
 * folder, the log file) and https pages on the active profile's platform are opened; anything else is refused.
 */

const opened = z.object({ opened: z.literal(true), target: z.string() }).strict();

export const shellChannels = {
  'shell:openDataFolder': { request: z.undefined(), data: opened },
  'shell:openLogFile': { request: z.undefined(), data: opened },
  'shell:openPlatformPage': {
    request: z.object({ url: z.string().max(2048) }).strict(),
    data: opened,
  },
} satisfies Record<`shell:${string}`, IpcChannelSpec>;
