import { z } from 'zod';
import type { IpcChannelSpec } from './channelSpec';
import { ipcErrorSchema } from './result';

/**
 * Channels of the `profiles` domain: the merchant profiles (and the sandbox) of the data directory. A profile holds
 * no secret; what crosses the bridge about its secrets is only whether the token is set and the key's public facts.
 * Values (URLs, ranges, IDs) are checked by the core's profile store, which answers `invalid-input` with `issues`.
 */

export const profileIdWire = z.string().min(1).max(40);
const profileRef = z.object({ profileId: profileIdWire }).strict();

export const signatureProfileWire = z
  .object({
    mode: z.enum(['canonical', 'body', 'template']),
    template: z.string().optional(),
    algorithm: z.enum(['RSA-SHA256', 'RSA-SHA1', 'RSA-PSS-SHA256']),
  })
  .strict();

export const notificationsWire = z
  .object({
    newOrder: z.boolean(),
    statusChanged: z.boolean(),
    afterSales: z.boolean(),
    dispute: z.boolean(),
    deliveryError: z.boolean(),
    dueSoon: z.boolean(),
    overdue: z.boolean(),
  })
  .strict();

const labelMap = z.record(z.string(), z.string());
export const statusLabelsWire = z.object({ order: labelMap, afterSales: labelMap }).strict();

/** Delivery deadlines: the labelled defaults where the spec is silent, and the due-soon window (src/core/due). */
export const deliveryDeadlinesWire = z
  .object({
    rules: z
      .object({
        clockStart: z.enum(['paid', 'created']),
        partialDelivery: z.enum(['earliest-first', 'whole-order']),
        closedOrderStatuses: z.array(z.number().int()),
      })
      .strict(),
    dueSoon: z.object({ fraction: z.number().min(0).max(1), capMinutes: z.number().int().min(0) }).strict(),
  })
  .strict();

/** The after-sales status values (the spec gives none): labelled defaults until `confirmed`. */
export const afterSalesStatusesWire = z
  .object({
    awaitingReview: z.array(z.number().int()),
    approved: z.array(z.number().int()),
    rejected: z.array(z.number().int()),
    closed: z.array(z.number().int()),
    confirmed: z.boolean(),
  })
  .strict();

/** Every setting of a profile, as stored. */
export const profileSettingsWire = z
  .object({
    id: profileIdWire,
    name: z.string(),
    kind: z.enum(['sandbox', 'merchant']),
    baseUrl: z.string(),
    platformUrl: z.string(),
    apiPrefix: z.string(),
    merchantId: z.string(),
    apiVersion: z.string(),
    signatureProfile: signatureProfileWire,
    timeoutMs: z.number().int(),
    maxResponseMB: z.number().int(),
    pollIntervalSeconds: z.number().int(),
    /** How far back each poll asks again, in minutes (labelled default 2). */
    pollOverlapMinutes: z.number().int(),
    notifications: notificationsWire,
    statusLabels: statusLabelsWire,
    deliveryDeadlines: deliveryDeadlinesWire,
    /** Extra hosts whose order images load without a click (the platform's own always do). */
    imageHosts: z.array(z.string()),
    afterSalesStatuses: afterSalesStatusesWire,
  })
  .strict();

/**
 * The fields a person sets (any but the ID on edit); omitted ones keep their value or default. The stored settings
 * minus what is not set here (the ID, the response cap, the deadlines: settings:update), each part partial.
 */
const profileFieldsWire = profileSettingsWire
  .omit({ id: true, maxResponseMB: true, deliveryDeadlines: true, afterSalesStatuses: true })
  .extend({ notifications: notificationsWire.partial(), statusLabels: statusLabelsWire.partial() })
  .partial()
  .strict();

/** "set" / "not set" — never the token; "unknown" when the keychain could not be asked. */
export const tokenStateWire = z.enum(['set', 'not set', 'unknown']);

export const keySummaryWire = z
  .object({ bits: z.number().int(), fingerprint: z.string(), fingerprintBase64: z.string() })
  .strict();

export const profileViewWire = profileSettingsWire
  .extend({
    tokenState: tokenStateWire,
    /** Null: no key; "unknown": the key store could not be read. */
    key: z.union([keySummaryWire, z.null(), z.literal('unknown')]),
  })
  .strict();

const profileChange = z.object({ profile: profileSettingsWire, activeProfileId: profileIdWire.nullable() }).strict();

export const profilesChannels = {
  'profiles:list': {
    request: z.undefined(),
    data: z
      .object({
        activeProfileId: profileIdWire.nullable(),
        profiles: z.array(profileViewWire),
        /** Why token states are "unknown" (the keychain failed), or null. */
        tokenProblem: ipcErrorSchema.nullable(),
      })
      .strict(),
  },
  'profiles:get': {
    request: profileRef,
    data: z.object({ profile: profileViewWire, active: z.boolean(), tokenProblem: ipcErrorSchema.nullable() }).strict(),
  },
  'profiles:add': {
    request: z
      .object({
        profile: profileFieldsWire.extend({
          id: profileIdWire,
          name: z.string(),
          kind: z.enum(['sandbox', 'merchant']),
          baseUrl: z.string(),
          platformUrl: z.string(),
          merchantId: z.string(),
        }),
        /** Make it the active profile (the first profile becomes active anyway). */
        use: z.boolean().default(false),
      })
      .strict(),
    data: profileChange,
  },
  'profiles:edit': {
    request: z
      .object({ profileId: profileIdWire, changes: profileFieldsWire, use: z.boolean().default(false) })
      .strict(),
    data: profileChange,
  },
  'profiles:remove': {
    request: z
      .object({
        profileId: profileIdWire,
        /** Leave the token and key in place. */
        keepSecrets: z.boolean().default(false),
        /**
         * The person confirmed removing the active profile. Without it, removing the active profile answers
         * `invalid-input` with code "confirmation-required": ask, then call again with `confirmed: true`.
         */
        confirmed: z.boolean().default(false),
      })
      .strict(),
    data: z
      .object({
        removed: profileIdWire,
        secretsDeleted: z.boolean(),
        /** The active profile afterwards. */
        activeProfileId: profileIdWire.nullable(),
        remaining: z.array(profileIdWire),
      })
      .strict(),
  },
  'profiles:use': {
    request: profileRef,
    data: z.object({ activeProfileId: profileIdWire }).strict(),
  },
} satisfies Record<`profiles:${string}`, IpcChannelSpec>;
