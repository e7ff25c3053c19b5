import { existsSync } from 'node:fs';
import { canRebuild, describeCacheError, type CacheError, type CacheIdentity } from '../../core/cache/cacheErrors';
import { cacheFilePath, openOrderCache } from '../../core/cache/openCache';
import type { OrderCache } from '../../core/cache/orderCache';
import { profileConfig, profileForApiCommand } from '../context';
import { CliError } from '../io';
import type { CommandContext } from '../runner';

/** How the cache commands find, open and explain the profile's cache file. */

export const REBUILD_HINT = 'Run `merchant-desk sync --rebuild` to rebuild it from the platform';

/**
 * The profile whose cache a command uses: --profile / MERCHANT_DESK_PROFILE, else (unless the environment
 * configures a connection) the active profile, else "default".
 */
export function cacheProfileId(ctx: CommandContext): string {
  const profile = profileForApiCommand(ctx.options, ctx.io.env, () => ctx.services().profiles);
  return profile?.id ?? 'default';
}

export function cacheFileFor(ctx: CommandContext): string {
  return cacheFilePath(ctx.dataDir(), cacheProfileId(ctx));
}

export function cacheErrorToCli(error: CacheError): CliError {
  if (error.kind === 'invalid-query') return new CliError(describeCacheError(error), 'invalid-input');
  return new CliError(describeCacheError(error, canRebuild(error) ? REBUILD_HINT : undefined), 'cache');
}

/**
 * Whose orders an offline reader expects, as far as the settings say: the profile's merchant and base URL, or in
 * the environment mode MERCHANT_DESK_MERCHANT_ID / --merchant (and the base URL when set).
 */
export function expectedCacheOwner(ctx: CommandContext): Partial<CacheIdentity> {
  const profile = profileForApiCommand(ctx.options, ctx.io.env, () => ctx.services().profiles);
  if (profile) {
    const config = profileConfig(profile, ctx.options);
    return { baseUrl: config.baseUrl, merchantId: config.merchantId };
  }
  const merchantId = ctx.options.merchant ?? (ctx.io.env.MERCHANT_DESK_MERCHANT_ID || undefined);
  const baseUrl = ctx.options.baseUrl ?? (ctx.io.env.MERCHANT_DESK_BASE_URL || undefined);
  return { ...(merchantId ? { merchantId } : {}), ...(baseUrl ? { baseUrl } : {}) };
}

/**
 * An existing cache for offline reading, refused when it holds another merchant's orders than the settings
 * name; no file means no sync yet.
 */
export function openExistingCache(ctx: CommandContext): OrderCache {
  const file = cacheFileFor(ctx);
  if (!existsSync(file)) {
    throw new CliError(
      `No order cache yet for profile "${cacheProfileId(ctx)}" (${file}). Run \`merchant-desk sync\` first.`,
      'cache',
    );
  }
  const opened = openOrderCache({ file, owner: expectedCacheOwner(ctx) });
  if (!opened.ok) throw cacheErrorToCli(opened.error);
  return opened.value;
}
