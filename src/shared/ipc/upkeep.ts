import { z } from 'zod';

const count = z.number().int().min(0);

/**
 * One report of a cache's background upkeep (core/cache/cacheUpkeep.ts): the step it is on, how far, and how it
 * stands. Pushed as the `cache:upkeep` event (with its profile) and answered by `orders:upkeepState` (the latest).
 */
export const upkeepReportSchema = z
  .object({
    phase: z.enum(['convert', 'index', 'vacuum', 'scan', 'check']),
    done: count,
    total: count,
    state: z.enum(['running', 'done', 'cancelled', 'failed']),
    /** Orders whose stored JSON could not be read back (recorded: the next sync fetches them again). */
    damagedOrders: count,
  })
  .strict();
