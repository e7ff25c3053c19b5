import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { canRebuild, describeCacheError, type CacheError, type CacheIdentity } from '../../core/cache/cacheErrors';
import { formatIsoInstant } from '../../shared/time/isoInstant';
import { cacheFilePath, openOrderCache } from '../../core/cache/openCache';
import type { OrderCache } from '../../core/cache/orderCache';
import { Checkpoint } from '../../core/sync/checkpoint';
import { profileConfig, profileForApiCommand } from '../context';
import { formatOrderTable, table } from '../format';
import { CliError, ExitCode } from '../io';
import { defined, parseInteger } from '../options';
import type { CommandContext, CommandRunner } from '../runner';
import { registerCacheExport } from './cacheExport';
import { addCacheFilterOptions, cacheFilterInput, type CacheFilterFlags } from './cacheFilters';

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
  if (error.kind === 'invalid-query') return new CliError(describeCacheError(error), ExitCode.invalidInput);
  return new CliError(describeCacheError(error, canRebuild(error) ? REBUILD_HINT : undefined), ExitCode.other);
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
      ExitCode.other,
    );
  }
  const opened = openOrderCache({ file, owner: expectedCacheOwner(ctx) });
  if (!opened.ok) throw cacheErrorToCli(opened.error);
  return opened.value;
}

interface QueryFlags extends CacheFilterFlags {
  limit?: string;
  cursor?: string;
}

function queryInput(f: QueryFlags) {
  return defined({
    ...cacheFilterInput(f),
    limit: parseInteger('--limit', f.limit),
    cursor: f.cursor,
  });
}

const countLines = (title: string, counts: ReadonlyArray<{ status: number | null; count: number }>) =>
  `${title}: ${counts.map((c) => `${c.status ?? '—'}: ${c.count}`).join(', ') || 'none'}`;

/** Said when --after-sales-status meets a cache whose orders carry no after-sales status. */
export const AFTER_SALES_UNKNOWN =
  'Note: no cached order carries an after-sales status — this platform does not send one on orders (the spec has it only as a list filter) — so --after-sales-status matches nothing here. Use --after-sales / --no-after-sales, or ask the platform: merchant-desk orders list --after-sales-status N.';

export function registerCache(program: Command, run: CommandRunner): void {
  const cache = program.command('cache').description('the offline order cache (filled by `merchant-desk sync`)');

  addCacheFilterOptions(
    cache
      .command('query')
      .description(
        'orders from the offline cache: the order-list filters plus text search, flags, sort and paging; works offline',
      ),
  )
    .option('--limit <N>', 'orders to show, 1-1000', '50')
    .option('--cursor <C>', 'continue after the previous page (its nextCursor)')
    .action((flags: QueryFlags) =>
      run(async (ctx) => {
        const input = queryInput(flags);
        const c = openExistingCache(ctx);
        try {
          const r = c.query(input);
          if (!r.ok) throw cacheErrorToCli(r.error);
          if (input.orderAfterSalesStatus) {
            const known = c.knowsAfterSalesStatus();
            const count = c.orderCount();
            if (known.ok && !known.value && count.ok && count.value > 0) ctx.io.stderr(AFTER_SALES_UNKNOWN);
          }
          const { total, list, nextCursor } = r.value;
          if (ctx.json) {
            ctx.io.stdout(JSON.stringify({ total, list, ...(nextCursor ? { nextCursor } : {}) }));
          } else {
            const limit = Math.max(1, list.length);
            ctx.io.stdout(
              formatOrderTable({
                pageIndex: 1,
                pageSize: limit,
                totalCount: total ?? list.length,
                pageCount: Math.ceil((total ?? 0) / limit),
                list,
              }),
            );
            if (nextCursor) ctx.io.stdout(`More: --cursor ${nextCursor}`);
          }
          return ExitCode.ok;
        } finally {
          c.close();
        }
      }),
    );

  cache
    .command('stats')
    .description('what the offline cache holds and when it was last synced')
    .action(() =>
      run(async (ctx) => {
        const c = openExistingCache(ctx);
        try {
          const stats = c.stats();
          if (!stats.ok) throw cacheErrorToCli(stats.error);
          const sync = new Checkpoint(c).status();
          if (!sync.ok) throw cacheErrorToCli(sync.error);
          const s = stats.value;
          const st = sync.value;
          const profile = cacheProfileId(ctx);
          if (ctx.json) {
            ctx.io.stdout(
              JSON.stringify({
                profile,
                ...s,
                sync: {
                  baseline: st.baseline,
                  watermark: st.watermarkMs !== undefined ? formatIsoInstant(st.watermarkMs) : null,
                  lastSuccess: st.lastSuccessLocalMs !== undefined ? formatIsoInstant(st.lastSuccessLocalMs) : null,
                  lastFull: st.lastFullLocalMs !== undefined ? formatIsoInstant(st.lastFullLocalMs) : null,
                  unfinished: st.running ? { mode: st.running.mode, windowsDone: st.running.windowsDone } : null,
                },
              }),
            );
            return ExitCode.ok;
          }
          const when = (ms: number | undefined) => (ms === undefined ? 'never' : formatIsoInstant(ms));
          ctx.io.stdout(
            [
              `Order cache of profile "${profile}": ${s.file} (${(s.bytes / 1_048_576).toFixed(1)} MiB, schema ${s.schemaVersion})`,
              s.identity ? `Merchant ${s.identity.merchantId} at ${s.identity.baseUrl}` : 'Merchant: not recorded yet',
              table(
                ['Orders', 'With after-sales', 'With dispute', 'Delivery exception', 'Oldest', 'Newest'],
                [
                  [
                    String(s.orders),
                    String(s.withAfterSales),
                    String(s.withDispute),
                    String(s.withDeliveryException),
                    when(s.oldestCreateMs),
                    when(s.newestCreateMs),
                  ],
                ],
              ),
              countLines('Per order status', s.byOrderStatus),
              countLines('Per after-sales status', s.byAfterSalesStatus),
              `Last sync: ${when(st.lastSuccessLocalMs)} (full: ${when(st.lastFullLocalMs)}); watermark (platform clock): ${when(st.watermarkMs)}`,
              st.baseline ? 'Complete: a full sync has finished.' : 'Incomplete: no full sync has finished yet.',
              ...(st.running
                ? [
                    `Unfinished ${st.running.mode} sync (${st.running.windowsDone} windows done): the next \`merchant-desk sync\` resumes it.`,
                  ]
                : []),
            ].join('\n'),
          );
          return ExitCode.ok;
        } finally {
          c.close();
        }
      }),
    );

  registerCacheExport(cache, run);
}
