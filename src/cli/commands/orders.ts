import type { Command } from 'commander';
import { fetchPlatformOrder, listPlatformOrders, noSuchOrder } from '../../core/app/orders';
import type { StatusLabels } from '../../core/profiles/profileSchema';
import { describeSkippedOrders } from '../../shared/domain/orderDecoding';
import { appFailure, unwrap } from '../appResult';
import { withSession } from '../commandSession';
import { addOrderFilterOptions, orderFilterInput, type OrderFilterFlags } from '../filterFlags';
import { formatOrderDetail, formatOrderTable } from '../format';
import { ExitCode } from '../io';
import { defined, parseInteger } from '../options';
import type { CommandRunner } from '../runner';

interface ListFlags extends OrderFilterFlags {
  page?: string;
  pageSize?: string;
}

const labelsOf = (labels: StatusLabels | undefined) => (labels ? { labels } : {});

export function registerOrders(program: Command, run: CommandRunner): void {
  const orders = program.command('orders').description('query the platform’s order list');
  addOrderFilterOptions(
    orders
      .command('list')
      .description('one page of the order list, filtered')
      .option('--page <N>', 'page number, 1-100', '1')
      .option('--page-size <N>', 'orders per page, 1-100'),
  ).action((flags: ListFlags) =>
    run(async (ctx) => {
      const input = defined({
        pageIndex: parseInteger('--page', flags.page),
        pageSize: parseInteger('--page-size', flags.pageSize),
        ...orderFilterInput(flags),
      });
      const page = unwrap(await withSession(ctx, { baseUrl: true }, (s) => listPlatformOrders(s, input)));
      ctx.io.stdout(ctx.json ? JSON.stringify(page) : formatOrderTable(page, labelsOf(ctx.statusLabels())));
      if (page.skipped.length > 0 && !ctx.json) ctx.io.stderr(describeSkippedOrders(page.skipped));
      return ExitCode.ok;
    }),
  );

  orders
    .command('get')
    .description('one order by ID (the order list filtered by id)')
    .argument('<ID>', 'order ID')
    .action((id: string) =>
      run(async (ctx) => {
        const found = unwrap(await withSession(ctx, { baseUrl: true }, (s) => fetchPlatformOrder(s, id)));
        if (found === null) throw appFailure(noSuchOrder(id, '`merchant-desk orders list`'));
        ctx.io.stdout(ctx.json ? JSON.stringify(found) : formatOrderDetail(found, labelsOf(ctx.statusLabels())));
        return ExitCode.ok;
      }),
    );
}
