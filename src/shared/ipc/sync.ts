import { z } from 'zod';
import { parseIsoInstant } from '../time/isoInstant';
import type { IpcChannelSpec } from './channelSpec';

const count = z.number().int().min(0);
const isoInstant = z.string().refine((s) => parseIsoInstant(s) !== undefined, 'expected an ISO 8601 instant');
const syncState = z.enum(['idle', 'syncing', 'paused']);

/** Channels of the `sync` domain: sync now (progress arrives as `sync:progress` events), status, pause. */
export const syncChannels = {
  'sync:now': {
    request: z.object({ full: z.boolean().optional(), rebuild: z.boolean().optional() }).strict(),
    data: z
      .object({
        mode: z.enum(['full', 'incremental']),
        resumed: z.boolean(),
        requests: count,
        fetched: count,
        inserted: count,
        updated: count,
        unchanged: count,
        cached: count,
        skipped: count,
        changes: count,
        /** Where a rebuild kept the old cache file. */
        keptAs: z.string().min(1).nullable(),
      })
      .strict(),
  },
  'sync:status': {
    request: z.undefined(),
    data: z
      .object({
        state: syncState,
        /** A full sync has finished: the cache holds every order (as of then). */
        complete: z.boolean(),
        lastSyncedAt: isoInstant.nullable(),
        lastFullSyncAt: isoInstant.nullable(),
        unfinished: z
          .object({ mode: z.enum(['full', 'incremental']), windowsDone: count })
          .strict()
          .nullable(),
      })
      .strict(),
  },
  'sync:setPaused': {
    request: z.object({ paused: z.boolean() }).strict(),
    data: z.object({ state: syncState }).strict(),
  },
} satisfies Record<`sync:${string}`, IpcChannelSpec>;
