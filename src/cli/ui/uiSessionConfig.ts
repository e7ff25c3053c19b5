import { cacheFilePath } from '../../core/cache/openCache';
import type { OrderSessionConfig } from '../../core/host/operations/sessionOperations';
import { requestLogPath } from '../../core/logging/requestLog';
import { err, ok, type Result } from '../../core/result';
import type { SecretStore } from '../../core/secrets/secretStore';
import type { AppError } from '../../shared/errors/appError';
import { environmentConfigured, profileConfig, profileForApiCommand, resolveConfig } from '../context';
import { CliError, CliInputError } from '../io';
import type { CommandContext } from '../runner';

/** The environment mode's cache, as every command names it (cacheProfileId). */
export const ENVIRONMENT_PROFILE_ID = 'default';

/**
 * The session `merchant-desk ui` serves, resolved as every command resolves its settings: the named or active
 * profile (flags on top), else the environment mode's MERCHANT_DESK_* settings; null when neither is set up. Plain
 * data for the core host: secrets are asked for over its channel (`uiSecrets`).
 */
export function uiSessionConfig(ctx: CommandContext): Result<OrderSessionConfig | null, AppError> {
  try {
    const env = ctx.io.env;
    const dataDir = ctx.dataDir();
    const profile = profileForApiCommand(ctx.options, env, () => ctx.services().profiles);
    if (profile)
      return ok({
        profileId: profile.id,
        platform: profileConfig(profile, ctx.options),
        cacheFile: cacheFilePath(dataDir, profile.id),
        dataDir,
        deliveryDeadlines: profile.deliveryDeadlines,
        statusLabels: profile.statusLabels,
        afterSales: profile.afterSalesStatuses,
        pollOverlapMinutes: profile.pollOverlapMinutes,
        requestLog: requestLogPath(dataDir),
      });
    if (!environmentConfigured(env)) return ok(null);
    const deadlines = ctx.deliveryDeadlines();
    return ok({
      profileId: ENVIRONMENT_PROFILE_ID,
      platform: resolveConfig(ctx.options, env, { baseUrl: true, platform: true }),
      cacheFile: cacheFilePath(dataDir, ENVIRONMENT_PROFILE_ID),
      dataDir,
      credentials: { source: 'environment', keyFile: env.MERCHANT_DESK_PRIVATE_KEY_FILE || null },
      ...(deadlines ? { deliveryDeadlines: deadlines } : {}),
    });
  } catch (e) {
    // Settings the page cannot act on from here (no such profile, no URL) come back as the CLI would say them.
    if (e instanceof CliError)
      return err({ kind: e.kind, message: e.message, ...(e.action ? { action: e.action } : {}) });
    if (e instanceof CliInputError) return err({ kind: 'settings', message: e.message });
    throw e;
  }
}

const REFUSED = {
  ok: false,
  error: {
    kind: 'keychain-error',
    message: 'The environment mode keeps no secrets: its token comes from MERCHANT_DESK_TOKEN.',
    action: 'Set MERCHANT_DESK_TOKEN, or add a profile.',
  },
} as const;

/**
 * What answers the core host's secret requests: the keychain for a profile; in the environment mode the token from
 * MERCHANT_DESK_TOKEN for the environment's session (read when asked, never passed on the command line).
 */
export function uiSecrets(ctx: CommandContext, config: OrderSessionConfig): SecretStore {
  if (config.credentials?.source !== 'environment') return ctx.services().secrets;
  return {
    backend: 'environment',
    get: async (profileId, name) =>
      ok(profileId === config.profileId && name === 'token' ? ctx.io.env.MERCHANT_DESK_TOKEN?.trim() || null : null),
    set: async () => REFUSED,
    delete: async () => REFUSED,
  };
}
