import { z } from 'zod';
import { afterSalesDecisionSchema } from '../domain/requests';
import type { IpcChannelSpec } from './channelSpec';
import { ipcErrorSchema, ipcOrderSchema } from './orderShapes';

/**
 * Channels of the `afterSales` domain. A decision is checked, sent once, re-fetched and cached by the use-case
 * layer; an unknown outcome is an `outcome-unknown` error carrying what the platform showed (`found`).
 */
/** One row of the decision journal: who decided what, when, and how it ended (pending: outcome unknown). */
export const journalEntryWire = z
  .object({
    attemptId: z.string(),
    orderId: z.string(),
    approved: z.boolean(),
    reason: z.string().nullable(),
    imageUrls: z.array(z.string()),
    /** When it was written, just before the request left (ISO 8601). */
    sentAt: z.string(),
    actor: z.string(),
    state: z.enum(['pending', 'applied', 'refused', 'not-sent']),
    settledAt: z.string().nullable(),
    settledBy: z.string().nullable(),
  })
  .strict();

const orderIdRequest = z.object({ orderId: z.string().regex(/^\d{1,20}$/) }).strict();

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
  /** The order's decisions from this profile's journal (newest first) and the unsettled one, if any. */
  'afterSales:status': {
    request: orderIdRequest,
    data: z
      .object({ orderId: z.string(), unsettled: journalEntryWire.nullable(), entries: z.array(journalEntryWire) })
      .strict(),
  },
  /** The latest decisions and every unsettled one (the inbox, Needs attention). */
  'afterSales:journal': {
    request: z
      .object({ limit: z.number().int().min(1).max(500).default(50) })
      .strict()
      .default({ limit: 50 }),
    data: z.object({ recent: z.array(journalEntryWire), unsettled: z.array(journalEntryWire) }).strict(),
  },
  /** "Check again": asks the after-sales filter and settles the order's unsettled decision by it. */
  'afterSales:check': {
    request: orderIdRequest,
    data: z
      .object({
        orderId: z.string(),
        review: z.enum(['awaiting', 'not-awaiting']),
        settled: journalEntryWire.nullable(),
      })
      .strict(),
  },
} satisfies Record<`afterSales:${string}`, IpcChannelSpec>;
