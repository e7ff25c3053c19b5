import { z } from 'zod';
import { languageChoiceSchema } from '../i18n/languages';
import type { IpcChannelSpec } from './channelSpec';
import {
  afterSalesStatusesWire,
  deliveryDeadlinesWire,
  notificationsWire,
  profileIdWire,
  statusLabelsWire,
} from './profiles';

/**
 * Channels of the `settings` domain: the app-wide settings and the ones of a profile a person changes in the app.
 * Ranges are checked by the core's settings store (`invalid-input` with `issues`).
 */

export const appSettingsWire = z
  .object({
    /** Seconds until the clipboard is cleared after the app copies to it; null: never (default 120). */
    clipboardClearSeconds: z.number().int().nullable(),
    /** Closing the window keeps the app running in the tray (default on). */
    closeToTray: z.boolean(),
    /** Start the app at login (default off). */
    openAtLogin: z.boolean(),
    /** Look for and download new versions of the app (default on); installed only on "Restart to update". */
    automaticUpdates: z.boolean(),
    /** The renderer's language: "system" (the OS's languages, default), "en" or "zh-CN". */
    language: languageChoiceSchema,
    /** No desktop notification before this ISO 8601 instant; null: not set (default). */
    doNotDisturbUntil: z.string().nullable(),
  })
  .strict();

const profileSettings = z
  .object({
    profileId: profileIdWire,
    pollIntervalSeconds: z.number().int(),
    /** How far back each poll asks again, in minutes (labelled default 2). */
    pollOverlapMinutes: z.number().int(),
    notifications: notificationsWire,
    statusLabels: statusLabelsWire,
    deliveryDeadlines: deliveryDeadlinesWire,
    imageHosts: z.array(z.string()),
    afterSalesStatuses: afterSalesStatusesWire,
  })
  .strict();

const settingsData = z
  .object({
    app: appSettingsWire,
    /** The profile's settings (the active profile when none was named); null when there is none. */
    profile: profileSettings.nullable(),
  })
  .strict();

export const settingsChannels = {
  'settings:get': {
    request: z
      .object({ profileId: profileIdWire.nullable().default(null) })
      .strict()
      .default({ profileId: null }),
    data: settingsData,
  },
  'settings:update': {
    request: z
      .object({
        app: appSettingsWire.partial().strict().nullable().default(null),
        profile: z
          .object({
            profileId: profileIdWire,
            pollIntervalSeconds: z.number().int().optional(),
            pollOverlapMinutes: z.number().int().optional(),
            notifications: notificationsWire.partial().strict().optional(),
            statusLabels: statusLabelsWire.partial().strict().optional(),
            /** Each part merged field by field; the core checks the ranges. */
            deliveryDeadlines: z
              .object({
                rules: deliveryDeadlinesWire.shape.rules.partial().strict().optional(),
                dueSoon: deliveryDeadlinesWire.shape.dueSoon.partial().strict().optional(),
              })
              .strict()
              .optional(),
            /** Extra hosts whose order images load without a click; replaces the stored list. */
            imageHosts: z.array(z.string().max(253)).max(50).optional(),
            /** Merged field by field; `confirmed: true` confirms the values for this platform. */
            afterSalesStatuses: afterSalesStatusesWire.partial().strict().optional(),
          })
          .strict()
          .nullable()
          .default(null),
      })
      .strict(),
    data: settingsData,
  },
} satisfies Record<`settings:${string}`, IpcChannelSpec>;
