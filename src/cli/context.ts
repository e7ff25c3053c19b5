import type { Credentials } from '../core/api/clientDeps';
import { createSession, type Session, type SessionParts, type SessionWording } from '../core/app/session';
import type { CacheIdentity } from '../shared/errors/cacheErrors';
import { platformConfigSchema, type PlatformConfig } from '../core/config/platformConfig';
import { createAxiosTransport } from '../core/http/axiosTransport';
import { officeNetworkFrom } from '../core/http/officeNetwork';
import { createFileKeyStore, type KeyStore } from '../core/keys/keyStore';
import { createRequestLog, requestLogPath } from '../core/logging/requestLog';
import { defaultDataDir } from '../core/paths/dataDir';
import { createConfProfileStore } from '../core/profiles/confProfileStore';
import { profileIdSchema, toPlatformConfig, type Profile } from '../core/profiles/profileSchema';
import type { ProfileStore } from '../core/profiles/profileStore';
import { createKeytarSecretStore } from '../core/secrets/keytarSecretStore';
import { profileCredentials, type CredentialHints } from '../core/secrets/profileCredentials';
import type { SecretStore } from '../core/secrets/secretStore';
import type { Result } from '../core/result';
import type { AppError } from '../shared/errors/appError';
import { environmentCredentials } from '../core/secrets/environmentCredentials';
import { profileStoreFailure } from './failures';
import { CliError, CliInputError, type CliIo } from './io';
import type { CommandContext } from './runner';

export interface GlobalOptions {
  baseUrl?: string;
  platformUrl?: string;
  merchant?: string;
  apiPrefix?: string;
  json?: boolean;
  /** --profile NAME: settings from the profile (flags override), secrets from the keychain. */
  profile?: string;
  /** --data-dir DIR, when the program defines it (it also sets MERCHANT_DESK_DATA_DIR). */
  dataDir?: string;
}

/** The connection settings the global flags give: the one place flags become configuration fields. */
export type ConnectionFlagFields = Partial<
  Pick<PlatformConfig, 'baseUrl' | 'platformUrl' | 'merchantId' | 'apiPrefix'>
>;

export function connectionFlagFields(opts: GlobalOptions): ConnectionFlagFields {
  return {
    ...(opts.baseUrl !== undefined ? { baseUrl: opts.baseUrl } : {}),
    ...(opts.platformUrl !== undefined ? { platformUrl: opts.platformUrl } : {}),
    ...(opts.merchant !== undefined ? { merchantId: opts.merchant } : {}),
    ...(opts.apiPrefix !== undefined ? { apiPrefix: opts.apiPrefix } : {}),
  };
}

/** The same fields from the environment mode's MERCHANT_DESK_* variables. */
function connectionEnvFields(env: CliIo['env']): ConnectionFlagFields {
  return {
    ...(env.MERCHANT_DESK_BASE_URL !== undefined ? { baseUrl: env.MERCHANT_DESK_BASE_URL } : {}),
    ...(env.MERCHANT_DESK_PLATFORM_URL !== undefined ? { platformUrl: env.MERCHANT_DESK_PLATFORM_URL } : {}),
    ...(env.MERCHANT_DESK_MERCHANT_ID !== undefined ? { merchantId: env.MERCHANT_DESK_MERCHANT_ID } : {}),
    ...(env.MERCHANT_DESK_API_PREFIX !== undefined ? { apiPrefix: env.MERCHANT_DESK_API_PREFIX } : {}),
  };
}

function invalidSetting(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): CliInputError {
  const issue = error.issues[0]!;
  return new CliInputError(`Invalid setting ${issue.path.map(String).join('.')}: ${issue.message}`);
}

/** The environment mode's connection settings: the flags over the MERCHANT_DESK_* variables. */
export function environmentConnectionFields(opts: GlobalOptions, env: CliIo['env']): ConnectionFlagFields {
  return { ...connectionEnvFields(env), ...connectionFlagFields(opts) };
}

/** Settings from flags, then the environment; secrets only from the environment. */
export function resolveConfig(
  opts: GlobalOptions,
  env: CliIo['env'],
  needs: { baseUrl?: boolean; platform?: boolean },
): PlatformConfig {
  const fields = environmentConnectionFields(opts, env);
  const { baseUrl, platformUrl, merchantId } = fields;
  if (needs.baseUrl && !baseUrl)
    throw new CliInputError('No base URL: pass --base-url URL or set MERCHANT_DESK_BASE_URL.');
  if (needs.platform && !platformUrl)
    throw new CliInputError('No platform URL: pass --platform-url URL or set MERCHANT_DESK_PLATFORM_URL.');
  if (needs.platform && !merchantId)
    throw new CliInputError('No merchant ID: pass --merchant ID or set MERCHANT_DESK_MERCHANT_ID.');
  const parsed = platformConfigSchema.safeParse({
    // Unused URLs get a harmless placeholder so one schema validates both kinds of command.
    baseUrl: baseUrl ?? 'https://unused.invalid',
    platformUrl: platformUrl ?? 'https://unused.invalid',
    merchantId: merchantId ?? 'unused',
    ...(fields.apiPrefix !== undefined ? { apiPrefix: fields.apiPrefix } : {}),
    ...(env.MERCHANT_DESK_API_VERSION ? { apiVersion: env.MERCHANT_DESK_API_VERSION } : {}),
    ...(env.MERCHANT_DESK_TIMEOUT_MS ? { timeoutMs: Number(env.MERCHANT_DESK_TIMEOUT_MS) } : {}),
  });
  if (!parsed.success) throw invalidSetting(parsed.error);
  return parsed.data;
}

// ---------------------------------------------------------------------------------------------------------------
// Profiles: settings from <dataDir>/settings.json, secrets from the OS keychain.

/** How the CLI tells the merchant to set a missing secret. */
export const CLI_CREDENTIAL_HINTS: CredentialHints = {
  setToken: (id) => `run \`merchant-desk token set --profile ${id}\` (it reads the token from standard input)`,
  setKey: (id) =>
    `run \`merchant-desk keys generate --profile ${id}\` or \`merchant-desk keys import FILE --profile ${id}\``,
};

/** The data directory, read at call time: --data-dir, then MERCHANT_DESK_DATA_DIR, then the app's default. */
export function cliDataDir(opts: GlobalOptions, env: CliIo['env']): string {
  return opts.dataDir ? defaultDataDir({ ...env, MERCHANT_DESK_DATA_DIR: opts.dataDir }) : defaultDataDir(env);
}

export interface ProfileServices {
  dataDir: string;
  profiles: ProfileStore;
  secrets: SecretStore;
  keys: KeyStore;
}

/** A use case's error as the CLI's: the same kind, so the same exit code, message and action. */
export function appFailure(error: AppError): CliError {
  return new CliError(error.message, error.kind, error.action !== undefined ? { action: error.action } : {});
}

/** The value of a use case's Result; its error is thrown as the CLI's (see appFailure). */
export function valueOf<T>(result: Result<T, AppError>): T {
  if (result.ok) return result.value;
  throw appFailure(result.error);
}

export function profileServices(opts: GlobalOptions, io: CliIo): ProfileServices {
  const dataDir = cliDataDir(opts, io.env);
  const timeout = Number(io.env.MERCHANT_DESK_KEYCHAIN_TIMEOUT_MS);
  const secrets =
    io.secretStore ?? createKeytarSecretStore(Number.isInteger(timeout) && timeout > 0 ? { timeoutMs: timeout } : {});
  return {
    dataDir,
    profiles: createConfProfileStore(dataDir),
    secrets,
    keys: createFileKeyStore({ dataDir, secrets }),
  };
}

/** Environment variables that select the environment mode (no profile) when no profile is named. */
const ENVIRONMENT_MODE_VARIABLES = [
  'MERCHANT_DESK_BASE_URL',
  'MERCHANT_DESK_PLATFORM_URL',
  'MERCHANT_DESK_MERCHANT_ID',
  'MERCHANT_DESK_TOKEN',
  'MERCHANT_DESK_PRIVATE_KEY_FILE',
] as const;

export function environmentConfigured(env: CliIo['env']): boolean {
  return ENVIRONMENT_MODE_VARIABLES.some((v) => env[v] !== undefined && env[v] !== '');
}

/** The profile named by --profile or MERCHANT_DESK_PROFILE, if any (validated as an ID). */
export function namedProfileId(opts: GlobalOptions, env: CliIo['env']): string | undefined {
  const name = opts.profile ?? (env.MERCHANT_DESK_PROFILE || undefined);
  if (name === undefined) return undefined;
  const parsed = profileIdSchema.safeParse(name);
  if (!parsed.success) throw new CliInputError(`Invalid profile name "${name}": ${parsed.error.issues[0]!.message}.`);
  return parsed.data;
}

function loadProfile(store: ProfileStore, id: string): Profile {
  const found = store.get(id);
  if (found.ok) return found.value;
  if (found.error.kind === 'not-found') {
    throw new CliError(`There is no profile "${id}" in ${store.location}.`, 'settings', {
      action: `Run \`merchant-desk profiles list\` to see the profiles, or \`merchant-desk profiles add ${id} ...\` to add it.`,
    });
  }
  throw profileStoreFailure(found.error);
}

/**
 * The profile a profile command works on: --profile NAME, else MERCHANT_DESK_PROFILE, else the active profile
 * (`profiles use`).
 */
export function requireProfile(opts: GlobalOptions, env: CliIo['env'], store: ProfileStore): Profile {
  const named = namedProfileId(opts, env);
  if (named !== undefined) return loadProfile(store, named);
  const active = store.active();
  if (!active.ok) throw profileStoreFailure(active.error);
  if (active.value === null) {
    throw new CliError('No profile selected.', 'settings', {
      action:
        'Pass --profile NAME, or choose a default with `merchant-desk profiles use NAME` (see `merchant-desk profiles list`).',
    });
  }
  return active.value;
}

/**
 * The profile an API command uses, or null for the environment mode: a named profile always wins; without one, the
 * environment mode applies when any MERCHANT_DESK_* connection setting or secret is set, else the active profile.
 */
export function profileForApiCommand(
  opts: GlobalOptions,
  env: CliIo['env'],
  store: () => ProfileStore,
): Profile | null {
  const named = namedProfileId(opts, env);
  if (named !== undefined) return loadProfile(store(), named);
  if (environmentConfigured(env)) return null;
  // The environment mode never reads the settings file; every other command refuses a damaged or newer-version one
  // rather than running on without the merchant's settings.
  const active = store().active();
  if (!active.ok) throw profileStoreFailure(active.error);
  return active.value;
}

/** A profile's settings with the global flags applied on top (flags override the profile; the environment does not). */
export function profileConfig(profile: Profile, opts: GlobalOptions): PlatformConfig {
  const parsed = platformConfigSchema.safeParse({ ...toPlatformConfig(profile), ...connectionFlagFields(opts) });
  if (!parsed.success) throw invalidSetting(parsed.error);
  return parsed.data;
}

export interface Connection {
  config: PlatformConfig;
  credentials: Credentials;
  /** The profile used, or null in the environment mode. */
  profile: Profile | null;
}

/** Settings and credentials for an API command, from a profile or from the environment. */
export function resolveConnection(
  opts: GlobalOptions,
  io: CliIo,
  needs: { baseUrl?: boolean; platform?: boolean },
  services: () => ProfileServices,
): Connection {
  const profile = profileForApiCommand(opts, io.env, () => services().profiles);
  if (profile === null)
    return {
      config: resolveConfig(opts, io.env, needs),
      credentials: environmentCredentials(io.env, io.stderr),
      profile: null,
    };
  const { secrets, keys } = services();
  return {
    config: profileConfig(profile, opts),
    credentials: profileCredentials(profile.id, secrets, keys, CLI_CREDENTIAL_HINTS),
    profile,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Sessions: the use-case layer's view of one command's settings, credentials and cache.

export const REBUILD_HINT = 'Run `merchant-desk sync --rebuild` to rebuild it from the platform';

/** How the CLI tells the merchant to sync first or rebuild the cache. */
export const CLI_SESSION_WORDING: SessionWording = {
  noCacheYet: (profileId, file) =>
    `No order cache yet for profile "${profileId}" (${file}). Run \`merchant-desk sync\` first.`,
  rebuildHint: REBUILD_HINT,
};

/**
 * The profile whose cache a command uses: --profile / MERCHANT_DESK_PROFILE, else (unless the environment
 * configures a connection) the active profile, else "default".
 */
export function cacheProfileId(opts: GlobalOptions, env: CliIo['env'], store: () => ProfileStore): string {
  return profileForApiCommand(opts, env, store)?.id ?? 'default';
}

/**
 * Whose orders an offline reader expects, as far as the settings say: the profile's merchant and base URL, or in
 * the environment mode MERCHANT_DESK_MERCHANT_ID / --merchant (and the base URL when set).
 */
export function expectedCacheOwner(
  opts: GlobalOptions,
  env: CliIo['env'],
  store: () => ProfileStore,
): Partial<CacheIdentity> {
  const profile = profileForApiCommand(opts, env, store);
  if (profile) {
    const config = profileConfig(profile, opts);
    return { baseUrl: config.baseUrl, merchantId: config.merchantId };
  }
  const merchantId = opts.merchant ?? (env.MERCHANT_DESK_MERCHANT_ID || undefined);
  const baseUrl = opts.baseUrl ?? (env.MERCHANT_DESK_BASE_URL || undefined);
  return { ...(merchantId ? { merchantId } : {}), ...(baseUrl ? { baseUrl } : {}) };
}

/** What a command's session talks to: the platform (and which of its URLs), or only the offline cache. */
export type SessionNeeds = { baseUrl?: boolean; platform?: boolean } | 'offline';

const OFFLINE_CONFIG: PlatformConfig = platformConfigSchema.parse({
  baseUrl: 'https://unused.invalid',
  platformUrl: 'https://unused.invalid',
  merchantId: 'unused',
});

/**
 * The use-case session of a command: the connection (profile or environment, flags on top) and the cache of the
 * profile it names. Offline commands resolve no connection (they need no URL). A profile's requests are logged in
 * its data directory; the environment mode writes no log unless `parts` asks for one (`sync`).
 */
export function cliSession(ctx: CommandContext, needs: SessionNeeds, parts: Partial<SessionParts> = {}): Session {
  const store = () => ctx.services().profiles;
  const connection =
    needs === 'offline'
      ? { config: OFFLINE_CONFIG, credentials: NO_CREDENTIALS, profile: null }
      : ctx.connection(needs);
  const { io } = ctx;
  return createSession({
    config: connection.config,
    credentials: connection.credentials,
    profileId: cacheProfileId(ctx.options, io.env, store),
    dataDir: ctx.dataDir(),
    cacheOwner: expectedCacheOwner(ctx.options, io.env, store),
    statusLabels: ctx.statusLabels(),
    deliveryDeadlines: ctx.deliveryDeadlines(),
    // The proxy of the command's environment (HTTPS_PROXY / NO_PROXY) and the system's certificate store.
    transport: (options) => createAxiosTransport({ ...options, network: officeNetworkFrom(io.env) }),
    signal: io.signal,
    ...(connection.profile ? { onRequest: createRequestLog({ file: requestLogPath(ctx.dataDir()) }) } : {}),
    wording: CLI_SESSION_WORDING,
    ...parts,
  });
}

/** Runs `body` with a command's session and closes it (and its cache) afterwards. */
export async function withSession<T>(
  ctx: CommandContext,
  needs: SessionNeeds,
  body: (session: Session) => Promise<T>,
  parts: Partial<SessionParts> = {},
): Promise<T> {
  const session = cliSession(ctx, needs, parts);
  try {
    return await body(session);
  } finally {
    session.close();
  }
}

const NO_CREDENTIALS: Credentials = {
  bearerToken: async () => ({ ok: false, error: { message: 'Offline: no access token is read.' } }),
  signingKey: async () => ({ ok: false, error: { message: 'Offline: no key is read.' } }),
};
