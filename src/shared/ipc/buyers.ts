import { z } from 'zod';
import { buyerSyncRequestSchema, itemIdSchema } from '../domain/requests';
import { parseIsoInstant } from '../time/isoInstant';
import type { IpcChannelSpec } from './channelSpec';

/** A saved buyer: who they are, never an authorization code. */
export const ipcSavedBuyerSchema = z
  .object({
    merchantUserNo: z.string().min(1),
    email: z.string().min(1),
    firstName: z.string().min(1).optional(),
    lastName: z.string().min(1).optional(),
  })
  .strict();

const savedBuyers = z.object({ buyers: z.array(ipcSavedBuyerSchema) }).strict();
const loginLinkRequest = z.object({ merchantUserNo: z.string().min(1), itemId: itemIdSchema }).strict();
const isoInstant = z.string().refine((s) => parseIsoInstant(s) !== undefined, 'expected an ISO 8601 instant');

/**
 * Channels of the `buyers` domain. Authorization codes and SSO links never reach the renderer: `buyers:sync`
 * answers the platform user ID only, and a login link for a saved buyer is made fresh in the host and either
 * written to the clipboard (cleared again at `clearsAt`) or opened in the system browser.
 */
export const buyersChannels = {
  'buyers:sync': {
    request: buyerSyncRequestSchema,
    data: z.object({ userId: z.string().min(1) }).strict(),
  },
  'buyers:listSaved': { request: z.undefined(), data: savedBuyers },
  'buyers:save': { request: buyerSyncRequestSchema, data: savedBuyers },
  'buyers:remove': { request: z.object({ merchantUserNo: z.string().min(1) }).strict(), data: savedBuyers },
  'buyers:copyLoginLink': {
    request: loginLinkRequest,
    data: z
      .object({
        copied: z.literal(true),
        /** When the link is cleared from the clipboard; null: it stays until replaced. */
        clearsAt: isoInstant.nullable(),
        /** Why a clearing the settings ask for will not happen (the host cannot read the clipboard back). */
        notClearedReason: z.string().min(1).optional(),
      })
      .strict(),
  },
  'buyers:openLoginLink': {
    request: loginLinkRequest,
    data: z.object({ opened: z.literal(true) }).strict(),
  },
} satisfies Record<`buyers:${string}`, IpcChannelSpec>;
