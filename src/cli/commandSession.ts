/**
 * A command's use-case session: the connection the command context resolves (profile or environment, flags on
 * top) and the cache of the profile it names. Apart from context.ts so that the runner (which builds the command
 * context from context.ts) and this file (which uses that context) import one way only.
 */
import type { Credentials } from '../core/credentials/credentials';
import { createSession, type Session, type SessionParts, type SessionWording } from '../core/app/session';
import type { CacheIdentity } from '../shared/errors/cacheErrors';
import { platformConfigSchema, type PlatformConfig } from '../core/config/platformConfig';
import { createAxiosTransport } from '../core/http/axiosTransport';
import { officeNetworkFrom } from '../core/http/officeNetwork';
import { createRequestLog, requestLogPath } from '../core/logging/requestLog';
import type { ProfileStore } from '../core/profiles/profileStore';
import { profileConfig, profileForApiCommand, type GlobalOptions } from './context';
import type { CliIo } from './io';
import type { CommandContext } from './runner';

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
    afterSales: ctx.afterSalesStatuses(),
    pollOverlapMinutes: ctx.pollOverlapMinutes(),
    // The proxy of the command's environment (HTTPS_PROXY / NO_PROXY) and the system's certificate store.
    transport: (options) => createAxiosTransport({ ...options, network: officeNetworkFrom(io.env) }),
    signal: io.signal,
    ...(connection.profile ? { onRequest: createRequestLog({ file: requestLogPath(ctx.dataDir()) }) } : {}),
    wording: CLI_SESSION_WORDING,
    surface: 'cli',
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
