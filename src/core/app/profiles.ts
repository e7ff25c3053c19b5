import type { AppError } from '../../shared/errors/appError';
import type { KeyStore } from '../keys/keyStore';
import type { Profile, ProfileInput, StatusLabels } from '../profiles/profileSchema';
import type { ProfilePatch, ProfileStore } from '../profiles/profileStore';
import { err, ok, type Result } from '../result';
import type { SecretStore } from '../secrets/secretStore';
import { keyStoreAppError, secretStoreAppError } from './credentialsErrors';
import { profileStoreAppError } from './profilesErrors';

/** What the profile use cases work on: settings, the keychain and the key files of one data directory. */
export interface ProfilePorts {
  profiles: ProfileStore;
  secrets: SecretStore;
  keys: KeyStore;
  /** The labels a new sandbox profile starts with (the sandbox's own status values), under any given ones. */
  sandboxStatusLabels?: StatusLabels;
}

/** Whether a token is stored; never the token. "unknown" when the keychain could not be asked. */
export type TokenState = 'set' | 'not set' | 'unknown';

/** The public facts of a stored key. */
export interface KeySummary {
  bits: number;
  fingerprint: string;
  fingerprintBase64: string;
}

/** A profile with what may be shown about its secrets. */
export type ProfileView = Profile & { token: TokenState; key: KeySummary | null | 'unknown' };

export interface ProfileList {
  activeProfileId: string | null;
  profiles: ProfileView[];
  /** Where the settings are kept, for messages. */
  location: string;
  /** The keychain failure that left token states "unknown" (asked once: after it fails it is not asked again). */
  tokenProblem?: AppError;
}

export interface ProfileDetail {
  profile: ProfileView;
  active: boolean;
  tokenProblem?: AppError;
}

function storeResult<T>(r: Result<T, Parameters<typeof profileStoreAppError>[0]>): Result<T, AppError> {
  return r.ok ? r : err(profileStoreAppError(r.error));
}

async function tokenStates(
  secrets: SecretStore,
  ids: string[],
): Promise<{ states: Map<string, TokenState>; problem?: AppError }> {
  const states = new Map<string, TokenState>();
  let problem: AppError | undefined;
  for (const id of ids) {
    if (problem) {
      states.set(id, 'unknown');
      continue;
    }
    const r = await secrets.get(id, 'token');
    if (r.ok) states.set(id, r.value === null ? 'not set' : 'set');
    else {
      problem = secretStoreAppError(r.error);
      states.set(id, 'unknown');
    }
  }
  return problem ? { states, problem } : { states };
}

async function keySummary(keys: KeyStore, id: string): Promise<KeySummary | null | 'unknown'> {
  const info = await keys.info(id);
  if (!info.ok) return 'unknown';
  return info.value === null
    ? null
    : {
        bits: info.value.bits,
        fingerprint: info.value.fingerprint.hex,
        fingerprintBase64: info.value.fingerprint.base64,
      };
}

async function views(ports: ProfilePorts, list: Profile[]): Promise<{ views: ProfileView[]; problem?: AppError }> {
  const { states, problem } = await tokenStates(
    ports.secrets,
    list.map((p) => p.id),
  );
  const keys = await Promise.all(list.map((p) => keySummary(ports.keys, p.id)));
  const result = list.map((p, i) => ({ ...p, token: states.get(p.id) ?? 'unknown', key: keys[i] ?? null }));
  return problem ? { views: result, problem } : { views: result };
}

/** Every profile with its token state and key fingerprint, and which one is active. */
export async function listProfiles(ports: ProfilePorts): Promise<Result<ProfileList, AppError>> {
  const list = storeResult(ports.profiles.list());
  if (!list.ok) return list;
  const active = storeResult(ports.profiles.active());
  if (!active.ok) return active;
  const { views: profiles, problem } = await views(ports, list.value);
  return ok({
    activeProfileId: active.value?.id ?? null,
    profiles,
    location: ports.profiles.location,
    ...(problem ? { tokenProblem: problem } : {}),
  });
}

/** One profile's settings (the keychain is not asked). */
export function getProfile(ports: Pick<ProfilePorts, 'profiles'>, id: string): Result<Profile, AppError> {
  return storeResult(ports.profiles.get(id));
}

/** One profile's settings, token state and key fingerprint. */
export async function showProfile(ports: ProfilePorts, id: string): Promise<Result<ProfileDetail, AppError>> {
  const profile = storeResult(ports.profiles.get(id));
  if (!profile.ok) return profile;
  const active = storeResult(ports.profiles.active());
  if (!active.ok) return active;
  const { views: found, problem } = await views(ports, [profile.value]);
  return ok({ profile: found[0]!, active: active.value?.id === id, ...(problem ? { tokenProblem: problem } : {}) });
}

export interface ProfileChange {
  profile: Profile;
  /** The active profile afterwards. */
  activeProfileId: string | null;
  location: string;
}

function changed(ports: ProfilePorts, profile: Profile): Result<ProfileChange, AppError> {
  const active = storeResult(ports.profiles.active());
  if (!active.ok) return active;
  return ok({ profile, activeProfileId: active.value?.id ?? null, location: ports.profiles.location });
}

/** The labels given, over the sandbox's own for a sandbox profile. */
function startingLabels(ports: ProfilePorts, input: ProfileInput): ProfileInput['statusLabels'] {
  const sandbox = input.kind === 'sandbox' ? ports.sandboxStatusLabels : undefined;
  if (!sandbox) return input.statusLabels;
  return {
    order: { ...sandbox.order, ...input.statusLabels?.order },
    afterSales: { ...sandbox.afterSales, ...input.statusLabels?.afterSales },
  };
}

/** Adds a profile (the first one becomes active; `use` makes it active anyway). */
export function addProfile(
  ports: ProfilePorts,
  input: ProfileInput,
  options: { use?: boolean } = {},
): Result<ProfileChange, AppError> {
  const statusLabels = startingLabels(ports, input);
  const added = storeResult(ports.profiles.add({ ...input, ...(statusLabels ? { statusLabels } : {}) }));
  if (!added.ok) return added;
  if (options.use) {
    const used = storeResult(ports.profiles.setActive(added.value.id));
    if (!used.ok) return used;
  }
  return changed(ports, added.value);
}

/** Changes the given settings of a profile (`use`: and makes it active). */
export function editProfile(
  ports: ProfilePorts,
  id: string,
  patch: ProfilePatch,
  options: { use?: boolean } = {},
): Result<ProfileChange, AppError> {
  if (Object.keys(patch).length === 0 && !options.use)
    return err({
      kind: 'invalid-input',
      message: 'Nothing to change: give at least one setting. Nothing was changed.',
    });
  const updated = storeResult(ports.profiles.update(id, patch));
  if (!updated.ok) return updated;
  if (options.use) {
    const used = storeResult(ports.profiles.setActive(id));
    if (!used.ok) return used;
  }
  return changed(ports, updated.value);
}

/** The `code` of the refusal to remove the active profile without the person's confirmation. */
export const CONFIRMATION_REQUIRED = 'confirmation-required';

export interface RemoveProfileInput {
  id: string;
  /** Leave the token and key in place. */
  keepSecrets?: boolean;
  /**
   * The person confirmed removing the active profile. Without it the active profile is refused with
   * `code: "confirmation-required"`: the caller asks and calls again.
   */
  confirmed?: boolean;
}

export interface ProfileRemoval {
  removed: string;
  secretsDeleted: boolean;
  /** The active profile afterwards (null after removing the active one). */
  activeProfileId: string | null;
  /** The profiles left. */
  remaining: string[];
}

/** Removes a profile with its token and key (secrets first: a profile never goes while its secrets stay unnoticed). */
export async function removeProfile(
  ports: ProfilePorts,
  input: RemoveProfileInput,
): Promise<Result<ProfileRemoval, AppError>> {
  const { id, keepSecrets = false } = input;
  const found = storeResult(ports.profiles.get(id));
  if (!found.ok) return found;
  const active = storeResult(ports.profiles.active());
  if (!active.ok) return active;
  if (active.value?.id === id && !input.confirmed)
    return err({
      kind: 'invalid-input',
      code: CONFIRMATION_REQUIRED,
      message: `Not removed: ${id} is the active profile${keepSecrets ? '' : '; its access token and key are deleted with it'}.`,
      action: 'Confirm removing the active profile.',
    });
  if (!keepSecrets) {
    const key = await ports.keys.remove(id);
    if (!key.ok)
      return err(keyStoreAppError(key.error, `The key of profile ${id} could not be deleted (the profile was kept):`));
    const token = await ports.secrets.delete(id, 'token');
    if (!token.ok)
      return err(
        secretStoreAppError(
          token.error,
          `The access token of profile ${id} could not be deleted (the profile was kept):`,
        ),
      );
  }
  const removed = storeResult(ports.profiles.remove(id));
  if (!removed.ok) return removed;
  const after = storeResult(ports.profiles.active());
  if (!after.ok) return after;
  const left = storeResult(ports.profiles.list());
  if (!left.ok) return left;
  return ok({
    removed: id,
    secretsDeleted: !keepSecrets,
    activeProfileId: after.value?.id ?? null,
    remaining: left.value.map((p) => p.id),
  });
}

/** Makes a profile the active one. */
export function useProfile(ports: ProfilePorts, id: string): Result<{ activeProfileId: string }, AppError> {
  const r = storeResult(ports.profiles.setActive(id));
  return r.ok ? ok({ activeProfileId: id }) : r;
}
