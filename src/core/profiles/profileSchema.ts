import { z } from 'zod';
import { platformConfigSchema, type PlatformConfig } from '../config/platformConfig';
import { isWindowsReservedName, slugify } from '../../shared/domain/profileId';
import { DEFAULT_DELIVERY_DEADLINE_SETTINGS, deliveryDeadlineSettingsSchema } from '../due/deadlineRules';
import { parseIsoInstant } from '../../shared/time/isoInstant';
import { languageChoiceSchema } from '../../shared/i18n/languages';
import { DEFAULT_AFTER_SALES_STATUS_SETTINGS } from '../../shared/domain/afterSalesReview';

/**
 * A profile is one merchant account on the platform (or the local sandbox): where to reach it, how to sign, how
 * often to poll, what to notify about and the merchant's own names for status values. No secrets: the token and
 * the key passphrase live in the keychain, the key encrypted on disk (see src/core/keys).
 */

export const PROFILE_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
export const profileIdSchema = z
  .string()
  .trim()
  .regex(
    PROFILE_ID_PATTERN,
    'profile ID must be 1-40 lower-case letters, digits and "-", not starting or ending with "-" (e.g. "shop-eu")',
  )
  .refine(
    (id) => !isWindowsReservedName(id),
    "profile ID must not be a name Windows reserves for a device (con, prn, aux, nul, com1-com9, lpt1-lpt9): it names the profile's files",
  );

export { slugify };

export const notificationsSchema = z
  .object({
    newOrder: z.boolean().default(true),
    statusChanged: z.boolean().default(true),
    afterSales: z.boolean().default(true),
    dispute: z.boolean().default(true),
    deliveryError: z.boolean().default(true),
    /** Delivery deadlines (src/core/due): orders becoming due soon, and becoming overdue. */
    dueSoon: z.boolean().default(true),
    overdue: z.boolean().default(true),
  })
  .strict();
export type Notifications = z.output<typeof notificationsSchema>;

/** Status values are whole numbers; JSON object keys are text, so they are kept as decimal strings ("-1", "0", "12"). */
const statusValueKey = z.string().regex(/^-?\d{1,9}$/, 'a status value must be a whole number, e.g. 3');
const statusLabelMap = z.record(
  statusValueKey,
  z.string().trim().min(1, 'a status label must not be blank').max(60, 'a status label may have at most 60 characters'),
);

export const statusLabelsSchema = z
  .object({
    /** Names for `orderStatus` / `sellerOrderStatus` values (the spec does not define them). */
    order: statusLabelMap.default({}),
    /** Names for `orderAfterSalesStatus` values. */
    afterSales: statusLabelMap.default({}),
  })
  .strict();
export type StatusLabels = z.output<typeof statusLabelsSchema>;

/** A host name as in a URL (no scheme, port or path), stored in lower case. */
const imageHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, {
    message: 'an image host is a host name such as images.example.com (no https://, port or path)',
  });
const statusValueList = z.array(z.number().int('a status value must be a whole number')).max(20);

/** The after-sales status values (the spec gives none): labelled defaults (the sandbox's) until confirmed. */
export const afterSalesStatusSettingsSchema = z
  .object({
    awaitingReview: statusValueList
      .min(1, 'at least one value means "awaiting review"')
      .default([...DEFAULT_AFTER_SALES_STATUS_SETTINGS.awaitingReview]),
    approved: statusValueList.default([...DEFAULT_AFTER_SALES_STATUS_SETTINGS.approved]),
    rejected: statusValueList.default([...DEFAULT_AFTER_SALES_STATUS_SETTINGS.rejected]),
    closed: statusValueList.default([...DEFAULT_AFTER_SALES_STATUS_SETTINGS.closed]),
    /** The merchant confirmed these values for their platform (else the app says they are defaults). */
    confirmed: z.boolean().default(false),
  })
  .strict();

export const POLL_INTERVAL_MIN_SECONDS = 15;
export const POLL_INTERVAL_MAX_SECONDS = 86_400;
/**
 * How far back (minutes) each poll asks again, before the time the previous one started. The spec does not say
 * when an order's updateTime is set relative to when the list shows it: a platform that lists an order minutes after
 * stamping it would hide it from a poll that asks only since the last one. Labelled default 2; up to a day.
 */
export const DEFAULT_POLL_OVERLAP_MINUTES = 2;
export const POLL_OVERLAP_MAX_MINUTES = 1_440;

export const profileSchema = platformConfigSchema
  .extend({
    id: profileIdSchema,
    name: z.string().trim().min(1, 'name must not be blank').max(80, 'name may have at most 80 characters'),
    kind: z.enum(['sandbox', 'merchant']),
    pollIntervalSeconds: z
      .number()
      .int('poll interval must be whole seconds')
      .min(POLL_INTERVAL_MIN_SECONDS, `poll interval must be at least ${POLL_INTERVAL_MIN_SECONDS} seconds`)
      .max(POLL_INTERVAL_MAX_SECONDS, 'poll interval must be at most one day (86400 seconds)')
      .default(60),
    pollOverlapMinutes: z
      .number()
      .int('the poll overlap must be whole minutes')
      .min(0, 'the poll overlap must be 0 or more minutes')
      .max(POLL_OVERLAP_MAX_MINUTES, 'the poll overlap must be at most one day (1440 minutes)')
      .default(DEFAULT_POLL_OVERLAP_MINUTES),
    notifications: notificationsSchema.default(notificationsSchema.parse({})),
    statusLabels: statusLabelsSchema.default(statusLabelsSchema.parse({})),
    /** Delivery deadlines: the labelled defaults where the spec is silent, and the due-soon window. */
    deliveryDeadlines: deliveryDeadlineSettingsSchema.default(DEFAULT_DELIVERY_DEADLINE_SETTINGS),
    /**
     * Hosts whose order images load without a click, besides the platform's own product-image hosts (which always
     * do). Images from any other host are click-to-load; loopback and private hosts never load (renderer imageUrl.ts).
     */
    imageHosts: z.array(imageHostSchema).max(50, 'at most 50 image hosts').default([]),
    /** After-sales status values: which one the filter is asked with for "awaiting review" (afterSalesReview.ts). */
    afterSalesStatuses: afterSalesStatusSettingsSchema.default(afterSalesStatusSettingsSchema.parse({})),
  })
  .strict();
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

export const CLIPBOARD_CLEAR_MIN_SECONDS = 5;
export const CLIPBOARD_CLEAR_MAX_SECONDS = 3_600;

/**
 * Settings of the app as a whole (not of one merchant account). Each has a labelled default (README
 * "Configuration"); a file without them reads as the defaults, so they need no migration.
 */
export const appSettingsSchema = z
  .object({
    /** Seconds after which a copied login link (or anything else the app copies) is cleared; null: never. */
    clipboardClearSeconds: z
      .number()
      .int('the clipboard clearing delay must be whole seconds')
      .min(
        CLIPBOARD_CLEAR_MIN_SECONDS,
        `the clipboard clearing delay must be at least ${CLIPBOARD_CLEAR_MIN_SECONDS} seconds`,
      )
      .max(CLIPBOARD_CLEAR_MAX_SECONDS, 'the clipboard clearing delay must be at most one hour (3600 seconds)')
      .nullable()
      .default(120),
    /** Closing the window keeps the app (and its polling) running in the tray. */
    closeToTray: z.boolean().default(true),
    /** Start the app when the person logs in. */
    openAtLogin: z.boolean().default(false),
    /**
     * The desktop app looks for a new version at start and daily and downloads it in the background; it is
     * installed only when the merchant clicks "Restart to update". Off: no check at all (MERCHANT_DESK_UPDATES=off
     * turns it off too, whatever this says).
     */
    automaticUpdates: z.boolean().default(true),
    /** The app's language: the OS's ("system") or one the app has a catalog for. The CLI stays English. */
    language: languageChoiceSchema.default('system'),
    /**
     * No desktop notification before this instant (ISO 8601 with a zone); null or past: notifications are shown.
     * The tray's "Pause notifications for 1 hour" sets it to an hour from now.
     */
    doNotDisturbUntil: z
      .string()
      .refine(
        // A zone is required: a bare local time would mean a different instant on another computer.
        (s) => /T.*(Z|[+-]\d{2}(:?\d{2})?)$/i.test(s) && parseIsoInstant(s) !== undefined,
        'do-not-disturb-until must be an ISO 8601 instant with a time zone, e.g. 2026-05-01T08:00:00Z',
      )
      .nullable()
      .default(null),
  })
  .strict();
export type AppSettings = z.output<typeof appSettingsSchema>;

/** What the settings file holds, at the current schema version. */
export const CURRENT_SCHEMA_VERSION = 1;
export const profilesDocumentSchema = z
  .object({
    schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
    activeProfileId: profileIdSchema.nullable().default(null),
    profiles: z.array(profileSchema).default([]),
    appSettings: appSettingsSchema.default(appSettingsSchema.parse({})),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    doc.profiles.forEach((p, i) => {
      if (seen.has(p.id))
        ctx.addIssue({ code: 'custom', message: `two profiles have the ID "${p.id}"`, path: ['profiles', i, 'id'] });
      seen.add(p.id);
    });
    if (doc.activeProfileId !== null && !seen.has(doc.activeProfileId)) {
      ctx.addIssue({
        code: 'custom',
        message: `the active profile "${doc.activeProfileId}" does not exist`,
        path: ['activeProfileId'],
      });
    }
  });
export type ProfilesDocument = z.output<typeof profilesDocumentSchema>;

export function toPlatformConfig(profile: Profile): PlatformConfig {
  const { baseUrl, platformUrl, apiPrefix, merchantId, apiVersion, signatureProfile, timeoutMs, maxResponseMB } =
    profile;
  return { baseUrl, platformUrl, apiPrefix, merchantId, apiVersion, signatureProfile, timeoutMs, maxResponseMB };
}

/** The merchant's name for a status value, or the number itself. */
export function statusLabel(labels: Readonly<Record<string, string>>, value: number | null | undefined): string {
  if (value == null) return '';
  return labels[String(value)] ?? String(value);
}
