import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { canRebuild, describeCacheError, type CacheError, type CacheIdentity } from '../../core/cache/cacheErrors';
import { formatIsoInstant } from '../../shared/time/isoInstant';
import { cacheFilePath, openOrderCache } from '../../core/cache/openCache';
import type { OrderCache } from '../../core/cache/orderCache';
import { Checkpoint } from '../../core/sync/checkpoint';
import { profileForApiCommand } from '../context';
import { formatOrderTable, plural, statusText, table } from '../format';
import { CliError, CliInputError, ExitCode } from '../io';
import { defined, parseInteger, parseIntegerList, refuseBothForms } from '../options';
import type { CommandContext, CommandRunner } from '../runner';
import { addOrderFilterOptions, orderFilterInput } from './orders';

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

/** Opens the profile's cache (throws a CliError explaining what to do). Offline readers pass no identity. */
export function openCacheOrExplain(file: string, identity?: CacheIdentity): OrderCache {
  const opened = openOrderCache({ file, ...(identity ? { identity } : {}) });
  if (!opened.ok) throw cacheErrorToCli(opened.error);
  return opened.value;
}

/** An existing cache for offline reading; no file means no sync yet. */
function openExistingCache(ctx: CommandContext): OrderCache {
  const file = cacheFileFor(ctx);
  if (!existsSync(file)) {
    throw new CliError(
      `No order cache yet for profile "${cacheProfileId(ctx)}" (${file}). Run \`merchant-desk sync\` first.`,
      'cache',
    );
  }
  return openCacheOrExplain(file);
}

interface QueryFlags {
  id?: string;
  orderNum?: string;
  buyerId?: string;
  title?: string;
  status?: string;
  afterSalesStatus?: string;
  createdFrom?: string;
  createdTo?: string;
  updatedFrom?: string;
  updatedTo?: string;
  search?: string;
  sort?: string;
  asc?: boolean;
  limit?: string;
  cursor?: string;
  afterSales?: boolean;
  dispute?: boolean;
  deliveryStatus?: string;
  deliveryException?: boolean;
}

function queryInput(f: QueryFlags) {
  if (f.sort !== undefined && f.sort !== 'created' && f.sort !== 'paid')
    throw new CliInputError(`--sort must be created or paid, got "${f.sort}"`);
  return defined({
    ...orderFilterInput(f),
    search: f.search,
    sort: f.sort,
    direction: f.asc ? 'asc' : undefined,
    limit: parseInteger('--limit', f.limit),
    cursor: f.cursor,
    hasAfterSales: f.afterSales,
    hasDispute: f.dispute,
    deliveryStatus: parseIntegerList('--delivery-status', f.deliveryStatus),
    deliveryException: f.deliveryException,
  });
}

const countLines = (
  title: string,
  counts: ReadonlyArray<{ status: number | null; count: number }>,
  labels: Readonly<Record<string, string>> | undefined,
) => `${title}: ${counts.map((c) => `${statusText(c.status, labels) || '—'}: ${c.count}`).join(', ') || 'none'}`;

/** Said when --after-sales-status meets a cache whose orders carry no after-sales status. */
export const AFTER_SALES_UNKNOWN =
  'Note: no cached order carries an after-sales status — this platform does not send one on orders (the spec has it only as a list filter) — so --after-sales-status matches nothing here. Use --after-sales / --no-after-sales, or ask the platform: merchant-desk orders list --after-sales-status N.';

export function registerCache(program: Command, run: CommandRunner): void {
  const cache = program.command('cache').description('the offline order cache (filled by `merchant-desk sync`)');

  const query = addOrderFilterOptions(
    cache
      .command('query')
      .description(
        'orders from the offline cache: the order-list filters plus text search, flags, sort and paging; works offline',
      ),
  )
    .option(
      '--search <TEXT>',
      'words that must all occur in order number, buyer name, product titles, SKU attributes or remark',
    )
    .option('--sort <created|paid>', 'sort by creation or payment time (default created), newest first')
    .option('--asc', 'oldest first')
    .option('--limit <N>', 'orders to show, 1-1000', '50')
    .option('--cursor <C>', 'continue after the previous page (its nextCursor)')
    .option('--after-sales', 'only orders with after-sales')
    .option('--no-after-sales', 'only orders without after-sales')
    .option('--dispute', 'only orders with a dispute')
    .option('--no-dispute', 'only orders without a dispute')
    .option('--delivery-status <N,N>', 'delivery status values: 0 Pending, 1 Shipped, 2 Buyer signed, 3 Auto signed')
    .option('--delivery-exception', 'only orders with a delivery exception')
    .option('--no-delivery-exception', 'only orders without a delivery exception');
  const checkFlagForms = refuseBothForms(query, ['after-sales', 'dispute', 'delivery-exception']);
  query
    .addHelpText(
      'after',
      '\n--updated-from/--updated-to match the time the cache saw each order change (the platform does not send update times).',
    )
    .action((flags: QueryFlags) =>
      run(async (ctx) => {
        checkFlagForms();
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
            ctx.io.stdout(JSON.stringify({ total, list, nextCursor: nextCursor ?? null }));
          } else {
            const limit = Math.max(1, list.length);
            const labels = ctx.statusLabels();
            ctx.io.stdout(
              formatOrderTable(
                {
                  pageIndex: 1,
                  pageSize: limit,
                  totalCount: total ?? list.length,
                  pageCount: Math.ceil((total ?? 0) / limit),
                  list,
                  skipped: [],
                },
                { ...(labels ? { labels } : {}), ...(input.sort === 'paid' ? { sort: 'paid' as const } : {}) },
              ),
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
          const labels = ctx.statusLabels();
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
              countLines('Per order status', s.byOrderStatus, labels?.order),
              countLines('Per after-sales status', s.byAfterSalesStatus, labels?.afterSales),
              `Last sync: ${when(st.lastSuccessLocalMs)} (full: ${when(st.lastFullLocalMs)}); watermark (platform clock): ${when(st.watermarkMs)}`,
              st.baseline ? 'Complete: a full sync has finished.' : 'Incomplete: no full sync has finished yet.',
              ...(st.running
                ? [
                    `Unfinished ${st.running.mode} sync (${plural(st.running.windowsDone, 'window')} done): the next \`merchant-desk sync\` resumes it.`,
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
}
