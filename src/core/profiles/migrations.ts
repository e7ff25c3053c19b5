import { err, ok, type Result } from '../result';
import { CURRENT_SCHEMA_VERSION, profilesDocumentSchema, type ProfilesDocument } from './profileSchema';
import { invalidError, type ProfileStoreError } from '../../shared/errors/profileErrors';

/**
 * Schema versions of the settings document (`schemaVersion`):
 * - 0: before profiles — no `schemaVersion`; at most one account as flat connection settings at the top level
 *   (`baseUrl`, `platformUrl`, `merchantId`, `apiPrefix`, `apiVersion`, `signatureProfile`, `timeoutMs`) and the poll
 *   interval in milliseconds (`pollIntervalMs`). An empty or missing document is also version 0.
 * - 1: `{ schemaVersion: 1, activeProfileId, profiles: Profile[], appSettings? }`. `appSettings` (clipboard clearing,
 *   close-to-tray, open at login) came later within version 1: absent, it reads as its defaults, and a build that
 *   does not know it keeps it as one of the other settings — so no version step was needed.
 * Keys a migration does not know are kept (the settings file may hold other settings of the app).
 */
export interface Migration {
  from: number;
  to: number;
  description: string;
  migrate(doc: Record<string, unknown>): Record<string, unknown>;
}

const V0_ACCOUNT_KEYS = [
  'baseUrl',
  'platformUrl',
  'merchantId',
  'apiPrefix',
  'apiVersion',
  'signatureProfile',
  'timeoutMs',
  'pollIntervalMs',
] as const;

export const migrations: readonly Migration[] = [
  {
    from: 0,
    to: 1,
    description: 'single-account settings become the profile "default"',
    migrate(doc) {
      const rest: Record<string, unknown> = { ...doc };
      for (const key of V0_ACCOUNT_KEYS) delete rest[key];
      const hasAccount =
        typeof doc.baseUrl === 'string' || typeof doc.platformUrl === 'string' || typeof doc.merchantId === 'string';
      if (!hasAccount) return { ...rest, schemaVersion: 1, activeProfileId: null, profiles: [] };
      const profile: Record<string, unknown> = { id: 'default', name: 'Default', kind: 'merchant' };
      for (const key of [
        'baseUrl',
        'platformUrl',
        'merchantId',
        'apiPrefix',
        'apiVersion',
        'signatureProfile',
        'timeoutMs',
      ] as const) {
        if (doc[key] !== undefined) profile[key] = doc[key];
      }
      if (typeof doc.pollIntervalMs === 'number') profile.pollIntervalSeconds = Math.round(doc.pollIntervalMs / 1000);
      return { ...rest, schemaVersion: 1, activeProfileId: 'default', profiles: [profile] };
    },
  },
];

export interface MigrationOutcome {
  document: ProfilesDocument;
  /** The rest of the raw document (other settings), to be written back unchanged. */
  others: Record<string, unknown>;
  fromVersion: number;
  /** True when the document changed and must be written back. */
  migrated: boolean;
}

const OWN_KEYS = ['schemaVersion', 'activeProfileId', 'profiles', 'appSettings'] as const;

function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** Brings a raw settings document (undefined: there is none yet) to the current version and validates it. */
export function migrateDocument(raw: unknown, location: string): Result<MigrationOutcome, ProfileStoreError> {
  if (raw === undefined) raw = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return err({
      kind: 'corrupt',
      message: `The settings file ${location} does not hold the settings object (it holds ${jsonKind(raw)}); it was left unchanged.`,
      action: `Move ${location} away (Merchant Desk starts with no profiles) or restore it from a backup.`,
    });
  }
  let doc = raw as Record<string, unknown>;
  const version = doc.schemaVersion ?? 0;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return err({
      kind: 'corrupt',
      message: `The settings file ${location} has an invalid schemaVersion (${JSON.stringify(version)}).`,
      action: `Fix or move away ${location}.`,
    });
  }
  if (version > CURRENT_SCHEMA_VERSION) {
    return err({
      kind: 'newer-version',
      message: `The settings file ${location} was written by a newer Merchant Desk (settings version ${version}; this one knows ${CURRENT_SCHEMA_VERSION}).`,
      action: 'Update Merchant Desk (the app and the CLI) to the latest version.',
    });
  }
  let current = version;
  while (current < CURRENT_SCHEMA_VERSION) {
    const step = migrations.find((m) => m.from === current);
    if (!step)
      return err({
        kind: 'corrupt',
        message: `No migration from settings version ${current}.`,
        action: 'Update Merchant Desk.',
      });
    doc = step.migrate(doc);
    current = step.to;
  }
  const own = Object.fromEntries(OWN_KEYS.filter((k) => k in doc).map((k) => [k, doc[k]]));
  const parsed = profilesDocumentSchema.safeParse(own);
  if (!parsed.success) {
    const e = invalidError(parsed.error);
    return err({
      ...e,
      message: `The settings file ${location} is not valid: ${e.message}`,
      action: `Fix the named fields in ${location}, or move the file away and add the profiles again.`,
    });
  }
  const others = Object.fromEntries(Object.entries(doc).filter(([k]) => !(OWN_KEYS as readonly string[]).includes(k)));
  return ok({ document: parsed.data, others, fromVersion: version, migrated: version !== CURRENT_SCHEMA_VERSION });
}
