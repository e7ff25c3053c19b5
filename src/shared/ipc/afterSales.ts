import { z } from 'zod';
import { afterSalesDecisionSchema } from '../domain/requests';
import type { IpcChannelSpec } from './channelSpec';
import { ipcErrorSchema, ipcOrderSchema } from './orderShapes';

/**
 * Channels of the `afterSales` domain. A decision is checked, sent once, re-fetched and cached by the use-case
 * layer; an unknown outcome is an `outcome-unknown` error carrying what the platform showed (`found`).
 */
export const afterSalesChannels = {
  'afterSales:decide': {
    request: afterSalesDecisionSchema,
    data: z
      .object({
        orderId: z.string().min(1),
        approved: z.boolean(),
        /** The order as the platform reports it after the decision; null when the re-fetch gave none. */
        order: ipcOrderSchema.nullable(),
        /** Why there is no re-fetched order (the decision itself was accepted). */
        refetchError: ipcErrorSchema.nullable(),
        cached: z.boolean(),
      })
      .strict(),
  },
} satisfies Record<`afterSales:${string}`, IpcChannelSpec>;
