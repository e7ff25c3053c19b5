import type { Command } from 'commander';
import { cacheSummary, compactCachedOrders, queryCachedOrders } from '../../core/app/orders';
import { formatIsoInstant } from '../../shared/time/isoInstant';
import type { Order } from '../../shared/domain/order';
import { DEFAULT_DELIVERY_DEADLINE_SETTINGS, type DeliveryDeadlineSettings } from '../../core/due/deadlineRules';
import { orderDeadline } from '../../core/due/deliveryDeadline';
import { dueState } from '../../core/due/dueState';
import { unwrap } from '../appResult';
import { withSession } from '../commandSession';
import { addCacheFilterOptions, CACHE_FLAG_PAIRS, cacheFilterInput, type CacheFilterFlags } from '../filterFlags';
import { formatOrderTable, plural, statusText, table } from '../format';
import { ExitCode } from '../io';
import { defined, parseInteger, refuseBothForms } from '../options';
import type { CommandRunner } from '../runner';

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

const countLines = (
  title: string,
  counts: ReadonlyArray<{ status: number | null; count: number }>,
  labels: Readonly<Record<string, string>> | undefined,
) => `${title}: ${counts.map((c) => `${statusText(c.status, labels) || '—'}: ${c.count}`).join(', ') || 'none'}`;

/** The "Due" column: the deadline and its state now, under the profile's rules (the cache's own rules). */
function dueColumn(settings: DeliveryDeadlineSettings | undefined): (o: Order) => string {
  const { rules, dueSoon } = settings ?? DEFAULT_DELIVERY_DEADLINE_SETTINGS;
  const now = Date.now();
  return (o) => {
    const d = orderDeadline(o, rules);
    const state = dueState(d, now, dueSoon);
    if (d.kind !== 'due') return state === 'delivered' ? 'delivered' : d.kind === 'unpaid' ? 'unpaid' : '—';
    const word = state === 'overdue' ? 'overdue' : state === 'due-soon' ? 'due soon' : 'due';
    return `${word} ${formatIsoInstant(d.dueMs)}`;
  };
}

/** Said when --after-sales-status meets a cache whose orders carry no after-sales status. */
export const AFTER_SALES_UNKNOWN =
  'Note: no cached order carries an after-sales status — this platform does not send one on orders (the spec has it only as a list filter) — so --after-sales-status matches nothing here. Use --after-sales / --no-after-sales, or ask the platform: merchant-desk orders list --after-sales-status N.';

/** Registers `cache` with `query` and `stats`; returns it so its other subcommands (export) register beside them. */
export function registerCache(program: Command, run: CommandRunner): Command {
  const cache = program.command('cache').description('the offline order cache (filled by `merchant-desk sync`)');

  const query = addCacheFilterOptions(
    cache
      .command('query')
      .description(
        'orders from the offline cache: the order-list filters plus text search, flags, sort and paging; works offline',
      ),
  )
    .option('--limit <N>', 'orders to show, 1-1000', '50')
    .option('--cursor <C>', 'continue after the previous page (its nextCursor)');
  const checkFlagForms = refuseBothForms(query, CACHE_FLAG_PAIRS);
  query.action((flags: QueryFlags) =>
    run(async (ctx) => {
      checkFlagForms();
      const input = queryInput(flags);
      const r = unwrap(await withSession(ctx, 'offline', async (s) => queryCachedOrders(s, input)));
      if (r.afterSalesStatusUnknown) ctx.io.stderr(AFTER_SALES_UNKNOWN);
      const { total, list, nextCursor } = r;
      if (ctx.json) {
        ctx.io.stdout(JSON.stringify({ total, list, nextCursor: nextCursor ?? null }));
        return ExitCode.ok;
      }
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
          {
            ...(labels ? { labels } : {}),
            ...(input.sort === 'paid' ? { sort: 'paid' as const } : {}),
            ...(input.sort === 'due' || input.due !== undefined ? { due: dueColumn(ctx.deliveryDeadlines()) } : {}),
          },
        ),
      );
      if (nextCursor) ctx.io.stdout(`More: --cursor ${nextCursor}`);
      return ExitCode.ok;
    }),
  );

  cache
    .command('stats')
    .description('what the offline cache holds and when it was last synced')
    .action(() =>
      run(async (ctx) => {
        const {
          profileId: profile,
          stats: s,
          sync: st,
        } = unwrap(await withSession(ctx, 'offline', async (session) => cacheSummary(session)));
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
              [
                'Orders',
                'With after-sales',
                'With dispute',
                'Delivery exception',
                'Overdue',
                'Due soon',
                'Oldest',
                'Newest',
              ],
              [
                [
                  String(s.orders),
                  String(s.withAfterSales),
                  String(s.withDispute),
                  String(s.withDeliveryException),
                  String(s.overdue),
                  String(s.dueSoon),
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
      }),
    );

  cache
    .command('compact')
    .description(
      "give the cache file's free pages back to the disk (after a cache conversion); best with the app closed",
    )
    .action(() =>
      run(async (ctx) => {
        const r = unwrap(await withSession(ctx, 'offline', async (session) => compactCachedOrders(session)));
        if (ctx.json) {
          ctx.io.stdout(JSON.stringify(r));
          return ExitCode.ok;
        }
        const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MiB`;
        ctx.io.stdout(
          `Order cache compacted: ${mib(r.bytesBefore)} → ${mib(r.bytesAfter)} (${mib(r.freeBytesBefore)} of free pages given back).`,
        );
        return ExitCode.ok;
      }),
    );

  return cache;
}
