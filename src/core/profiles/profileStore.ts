import type { DeliveryDeadlineSettings } from '../due/deadlineRules';
import { err, ok, type Result } from '../result';
import { FileLockBusyError } from './fileLock';
import { migrateDocument } from './migrations';
import { invalidError, type ProfileStoreError } from '../../shared/errors/profileErrors';
import {
  CURRENT_SCHEMA_VERSION,
  profileSchema,
  appSettingsSchema,
  type AppSettings,
  type Profile,
  type ProfileInput,
  type ProfilesDocument,
} from './profileSchema';

export type { ProfileStoreError } from '../../shared/errors/profileErrors';

/**
 * A change to a profile: any field but the ID. `notifications` merge field by field; each status-label map is
 * replaced; the two parts of `deliveryDeadlines` (rules, due-soon window) merge field by field.
 */
export type ProfilePatch = Partial<
  Omit<ProfileInput, 'id' | 'notifications' | 'statusLabels' | 'deliveryDeadlines' | 'afterSalesStatuses'>
> & {
  /** Merged field by field. */
  afterSalesStatuses?: Partial<NonNullable<ProfileInput['afterSalesStatuses']>>;
  notifications?: Partial<NonNullable<ProfileInput['notifications']>>;
  statusLabels?: Partial<NonNullable<ProfileInput['statusLabels']>>;
  deliveryDeadlines?: DeliveryDeadlinesPatch;
};

export interface DeliveryDeadlinesPatch {
  rules?: Partial<DeliveryDeadlineSettings['rules']>;
  dueSoon?: Partial<DeliveryDeadlineSettings['dueSoon']>;
}

/** The merchant's profiles and which one is active. Validated on every read and write; migrated on read. */
export interface ProfileStore {
  /** Where the profiles are kept (a file path), for messages. */
  readonly location: string;
  list(): Result<Profile[], ProfileStoreError>;
  get(id: string): Result<Profile, ProfileStoreError>;
  add(input: ProfileInput): Result<Profile, ProfileStoreError>;
  update(id: string, patch: ProfilePatch): Result<Profile, ProfileStoreError>;
  /** Removes the profile (its secrets are the caller's to delete). Clears the active profile if it was this one. */
  remove(id: string): Result<Profile, ProfileStoreError>;
  active(): Result<Profile | null, ProfileStoreError>;
  setActive(id: string | null): Result<void, ProfileStoreError>;
  /** The app-wide settings (defaults when none are stored). */
  appSettings(): Result<AppSettings, ProfileStoreError>;
  /** Changes the given app-wide settings; returns them all. */
  updateAppSettings(patch: Partial<AppSettings>): Result<AppSettings, ProfileStoreError>;
}

/** Raw storage of the settings document: conf in the CLI, electron-store in the app, an object in tests. */
export interface DocumentBacking {
  readonly location: string;
  /**
   * The whole raw document as parsed — any JSON value, checked by the store —, or undefined when there is none yet.
   * Reading must neither create nor change anything.
   */
  read(): unknown;
  write(document: Record<string, unknown>): void;
  /** Runs a read-modify-write holding a cross-process lock (file backings); absent: no other writer exists. */
  exclusive?<T>(fn: () => T): T;
}

function ioError(verb: string, location: string, e: unknown): ProfileStoreError {
  const text =
    e instanceof SyntaxError || (e instanceof Error && e.name === 'SyntaxError')
      ? 'not valid JSON'
      : e instanceof Error
        ? e.message
        : String(e);
  const corrupt = text === 'not valid JSON';
  return {
    kind: corrupt ? 'corrupt' : 'io',
    message: `Could not ${verb} the settings file ${location} (${text}).`,
    action: corrupt
      ? `Fix ${location} or move it away (Merchant Desk then starts with no profiles).`
      : `Check that ${location} and its folder are readable and writable by you.`,
  };
}

function notFound(id: string): ProfileStoreError {
  return {
    kind: 'not-found',
    message: `There is no profile "${id}".`,
    action: 'List the profiles and use one of their IDs, or add the profile first.',
  };
}

export function createProfileStore(backing: DocumentBacking): ProfileStore {
  function load(): Result<{ doc: ProfilesDocument; others: Record<string, unknown> }, ProfileStoreError> {
    let raw: unknown;
    try {
      raw = backing.read();
    } catch (e) {
      return err(ioError('read', backing.location, e));
    }
    const migrated = migrateDocument(raw, backing.location);
    if (!migrated.ok) return migrated;
    const { document, others } = migrated.value;
    if (raw !== undefined && migrated.value.migrated) {
      const saved = save(document, others);
      if (!saved.ok) return saved;
    }
    return ok({ doc: document, others });
  }

  function save(doc: ProfilesDocument, others: Record<string, unknown>): Result<void, ProfileStoreError> {
    try {
      backing.write({
        ...others,
        schemaVersion: CURRENT_SCHEMA_VERSION,
        activeProfileId: doc.activeProfileId,
        profiles: doc.profiles,
        appSettings: doc.appSettings,
      });
      return ok(undefined);
    } catch (e) {
      return err(ioError('write', backing.location, e));
    }
  }

  function modify<T>(change: (doc: ProfilesDocument) => Result<T, ProfileStoreError>): Result<T, ProfileStoreError> {
    if (!backing.exclusive) return modifyUnlocked(change);
    try {
      return backing.exclusive(() => modifyUnlocked(change));
    } catch (e) {
      if (e instanceof FileLockBusyError)
        return err({
          kind: 'io',
          message: `The settings file ${backing.location} is being changed by another Merchant Desk process.`,
          action: `Try again in a moment. If no other Merchant Desk is running, delete ${e.lockFile}.`,
        });
      return err(ioError('write', backing.location, e));
    }
  }

  function modifyUnlocked<T>(
    change: (doc: ProfilesDocument) => Result<T, ProfileStoreError>,
  ): Result<T, ProfileStoreError> {
    const loaded = load();
    if (!loaded.ok) return loaded;
    const doc: ProfilesDocument = { ...loaded.value.doc, profiles: [...loaded.value.doc.profiles] };
    const result = change(doc);
    if (!result.ok) return result;
    const saved = save(doc, loaded.value.others);
    return saved.ok ? result : saved;
  }

  function parseProfile(input: unknown): Result<Profile, ProfileStoreError> {
    const parsed = profileSchema.safeParse(input);
    return parsed.success ? ok(parsed.data) : err(invalidError(parsed.error));
  }

  return {
    location: backing.location,

    list() {
      const loaded = load();
      return loaded.ok ? ok(loaded.value.doc.profiles) : loaded;
    },

    get(id) {
      const loaded = load();
      if (!loaded.ok) return loaded;
      const found = loaded.value.doc.profiles.find((p) => p.id === id);
      return found ? ok(found) : err(notFound(id));
    },

    add(input) {
      return modify((doc) => {
        const profile = parseProfile(input);
        if (!profile.ok) return profile;
        if (doc.profiles.some((p) => p.id === profile.value.id)) {
          return err({
            kind: 'duplicate',
            message: `A profile "${profile.value.id}" already exists.`,
            action: 'Choose another ID, or edit the existing profile.',
          });
        }
        doc.profiles.push(profile.value);
        // The first profile becomes the active one.
        if (doc.activeProfileId === null) doc.activeProfileId = profile.value.id;
        return ok(profile.value);
      });
    },

    update(id, patch) {
      return modify((doc) => {
        const index = doc.profiles.findIndex((p) => p.id === id);
        const current = doc.profiles[index];
        if (!current) return err(notFound(id));
        const { notifications, statusLabels, deliveryDeadlines, afterSalesStatuses, ...fields } = patch;
        const merged = {
          ...current,
          ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
          id,
          notifications: { ...current.notifications, ...notifications },
          statusLabels: { ...current.statusLabels, ...statusLabels },
          deliveryDeadlines: {
            rules: { ...current.deliveryDeadlines.rules, ...deliveryDeadlines?.rules },
            dueSoon: { ...current.deliveryDeadlines.dueSoon, ...deliveryDeadlines?.dueSoon },
          },
          afterSalesStatuses: { ...current.afterSalesStatuses, ...afterSalesStatuses },
        };
        const profile = parseProfile(merged);
        if (!profile.ok) return profile;
        doc.profiles[index] = profile.value;
        return ok(profile.value);
      });
    },

    remove(id) {
      return modify((doc) => {
        const index = doc.profiles.findIndex((p) => p.id === id);
        const current = doc.profiles[index];
        if (!current) return err(notFound(id));
        doc.profiles.splice(index, 1);
        if (doc.activeProfileId === id) doc.activeProfileId = null;
        return ok(current);
      });
    },

    active() {
      const loaded = load();
      if (!loaded.ok) return loaded;
      const { activeProfileId, profiles } = loaded.value.doc;
      return ok(profiles.find((p) => p.id === activeProfileId) ?? null);
    },

    setActive(id) {
      return modify((doc) => {
        if (id !== null && !doc.profiles.some((p) => p.id === id)) return err(notFound(id));
        doc.activeProfileId = id;
        return ok(undefined);
      });
    },

    appSettings() {
      const loaded = load();
      return loaded.ok ? ok(loaded.value.doc.appSettings) : loaded;
    },

    updateAppSettings(patch) {
      return modify((doc) => {
        const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
        const parsed = appSettingsSchema.safeParse({ ...doc.appSettings, ...defined });
        if (!parsed.success) return err(invalidError(parsed.error));
        doc.appSettings = parsed.data;
        return ok(parsed.data);
      });
    },
  };
}

/** A backing in memory (tests). */
export function memoryBacking(
  initial: Record<string, unknown> | null = null,
): DocumentBacking & { document: Record<string, unknown> | null } {
  const backing = {
    location: '(memory)',
    document: initial,
    read: () => (backing.document === null ? undefined : structuredClone(backing.document)),
    write: (doc: Record<string, unknown>) => {
      backing.document = structuredClone(doc);
    },
  };
  return backing;
}
