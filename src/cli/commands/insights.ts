import type { Command } from 'commander';
import { defaultInsightsRange, getInsights } from '../../core/app/insights';
import { formatBin, formatDuration, formatRevenue, formatShare } from '../../shared/domain/insightsFormat';
import type { InsightsData, InsightsTopRow } from '../../shared/ipc/insights';
import { unwrap } from '../appResult';
import { withSession } from '../commandSession';
import { table } from '../format';
import { ExitCode } from '../io';
import { defined, parseIntegerIn } from '../options';
import type { CommandRunner } from '../runner';

interface InsightsFlags {
  from?: string;
  to?: string;
  by?: string;
  currency?: string;
  timeZone?: string;
  top?: string;
}

/** The zone this process runs in (TZ, else the system's): the CLI's days are the merchant's local days. */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** `merchant-desk insights`: the Insights figures of the cache, as a table or (`--json`) the channel's data. */
export function registerInsights(program: Command, run: CommandRunner): void {
  program
    .command('insights')
    .description(
      'what the offline cache knows: orders, units, revenue per currency, delivery times, lateness, refunds, disputes, top products, repeat buyers; works offline',
    )
    .option('--from <YYYY-MM-DD>', 'first local day (default: 29 days before --to)')
    .option('--to <YYYY-MM-DD>', 'last local day (default: today)')
    .option('--by <unit>', 'day, week (ISO, Monday first) or month', 'day')
    .option('--currency <CODE>', 'only this currency’s revenue (e.g. EUR); default: every currency, each on its own')
    .option('--time-zone <ZONE>', 'IANA zone of the day boundaries (default: this system’s)')
    .option('--top <N>', 'rows of each top list, 1-50', '10')
    .action((flags: InsightsFlags) =>
      run(async (ctx) => {
        const timeZone = flags.timeZone ?? localZone();
        const range = defaultInsightsRange(Date.now(), timeZone, flags.from, flags.to);
        const input = defined({
          range,
          granularity: flags.by,
          currency: flags.currency,
          timeZone,
          top: parseIntegerIn('--top', flags.top, 1, 50),
        });
        const d = unwrap(await withSession(ctx, 'offline', async (s) => getInsights(s, input)));
        ctx.io.stdout(ctx.json ? JSON.stringify(d) : insightsText(d));
        return ExitCode.ok;
      }),
    );
}

const period = (first: string, last: string) => (first === last ? first : `${first} – ${last}`);

export function insightsText(d: InsightsData): string {
  const head = [
    'Period',
    'Orders',
    'Paid',
    'Units',
    'Revenue (paid)',
    'Delivered',
    'Median',
    'p90',
    'Required',
    'Late',
    'Exceptions',
    'Refund req.',
    'Disputes',
  ];
  const row = (f: InsightsData['total'], label: string) => [
    label,
    String(f.orders),
    String(f.paidOrders),
    String(f.units),
    formatRevenue(f.revenue),
    String(f.delivered),
    formatDuration(f.leadMedianMs),
    formatDuration(f.leadP90Ms),
    formatDuration(f.requiredMedianMs),
    f.measured === 0 ? '—' : `${f.late} (${formatShare(f.lateShare)})`,
    String(f.exceptions),
    String(f.afterSales),
    String(f.disputes),
  ];
  const top = (rows: InsightsTopRow[], money: boolean) =>
    rows.length === 0
      ? '  none'
      : table(
          money
            ? ['Product', 'SKU', 'Revenue', 'Orders', 'Units', 'Refund rate']
            : ['Product', 'SKU', 'Orders', 'Refund req.', 'Refund rate'],
          rows.map((r) =>
            money
              ? [
                  r.title || r.productKey,
                  r.skuLabel,
                  `${r.currency} ${r.revenue}`,
                  String(r.orders),
                  String(r.units),
                  formatShare(r.refundRate),
                ]
              : [
                  r.title || r.productKey,
                  r.skuLabel,
                  String(r.orders),
                  String(r.afterSales),
                  formatShare(r.refundRate),
                ],
          ),
          48,
        )
          .split('\n')
          .map((l) => `  ${l}`)
          .join('\n');
  return [
    `Insights ${period(d.range.from, d.range.to)} by ${d.granularity} (${d.timeZone}), from the offline cache${d.currency ? `, revenue in ${d.currency} only` : ''}`,
    table(head, [...d.buckets.map((b) => row(b, period(b.firstDay, b.lastDay))), row(d.total, 'Total')], 48),
    '',
    `Paid-to-delivered time: ${d.deliveryHistogram.map((h) => `${formatBin(h.fromMs, h.toMs)}: ${h.orders}`).join(', ')}`,
    '',
    'Top products by revenue (per currency):',
    top(d.topProductsByRevenue, true),
    'Top products by refund rate:',
    top(d.topProductsByRefundRate, false),
    'Top SKUs by revenue (per currency):',
    top(d.topSkusByRevenue, true),
    'Top SKUs by refund rate:',
    top(d.topSkusByRefundRate, false),
    '',
    `Buyers with repeat orders: ${d.repeatBuyers.buyers} (${d.repeatBuyers.orders} orders)${d.repeatBuyers.top.length ? ': ' : ''}${d.repeatBuyers.top.map((b) => `${b.buyerName || b.buyerId} (${b.orders})`).join(', ')}`,
    d.decisionsKnown ? '' : 'After-sales decisions: not in the cache (orders say only whether a request exists).',
  ]
    .filter((l, i, all) => !(l === '' && all[i - 1] === ''))
    .join('\n');
}
