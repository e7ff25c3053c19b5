import type { Command } from 'commander';
import { defined, parseInteger, parseIntegerList } from '../options';
import type { CommandRunner } from '../runner';
import { formatOrderDetail, formatOrderTable } from '../format';
import type { StatusLabels } from '../../core/profiles/profileSchema';
import { CliError, ExitCode } from '../io';
import { describeSkippedOrders } from '../../shared/domain/orderDecoding';

interface ListFlags {
  page?: string;
  pageSize?: string;
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
}

/** The order-list filters, shared with `cache query`. */
export function addOrderFilterOptions(cmd: Command): Command {
  return cmd
    .option('--id <ID>', 'order ID (exact)')
    .option('--order-num <S>', 'order number')
    .option('--buyer-id <ID>', 'buyer ID (exact)')
    .option('--title <S>', 'product title (fuzzy)')
    .option('--status <N,N>', 'seller order status values')
    .option('--after-sales-status <N,N>', 'after-sales status values')
    .option('--created-from <T>', 'created at or after (ISO 8601)')
    .option('--created-to <T>', 'created at or before (ISO 8601)')
    .option('--updated-from <T>', 'updated at or after (ISO 8601)')
    .option('--updated-to <T>', 'updated at or before (ISO 8601)');
}

export function orderFilterInput(f: ListFlags) {
  return defined({
    id: f.id,
    orderNum: f.orderNum,
    buyerId: f.buyerId,
    productTitle: f.title,
    sellerOrderStatus: parseIntegerList('--status', f.status),
    orderAfterSalesStatus: parseIntegerList('--after-sales-status', f.afterSalesStatus),
    createBeginDate: f.createdFrom,
    createEndDate: f.createdTo,
    updateBeginDate: f.updatedFrom,
    updateEndDate: f.updatedTo,
  });
}

/** The platform's order list has no order with this ID (exit 3: the platform's answer). */
export function noSuchOrder(id: string): CliError {
  return new CliError(`No order with ID ${id}.`, 'not-found', {
    action: 'Check the ID: take one from `merchant-desk orders list`.',
  });
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
    run(async ({ seller, io, json, statusLabels }) => {
      const input = defined({
        pageIndex: parseInteger('--page', flags.page),
        pageSize: parseInteger('--page-size', flags.pageSize),
        ...orderFilterInput(flags),
      });
      const page = await seller().listOrders(input);
      if (!page.ok) return page;
      io.stdout(json ? JSON.stringify(page.value.data) : formatOrderTable(page.value.data, labelsOf(statusLabels())));
      const { skipped } = page.value.data;
      if (skipped.length > 0 && !json) io.stderr(describeSkippedOrders(skipped));
      return ExitCode.ok;
    }),
  );

  orders
    .command('get')
    .description('one order by ID (the order list filtered by id)')
    .argument('<ID>', 'order ID')
    .action((id: string) =>
      run(async ({ seller, io, json, statusLabels }) => {
        const found = await seller().getOrder(id);
        if (!found.ok) return found;
        if (found.value === null) throw noSuchOrder(id);
        io.stdout(json ? JSON.stringify(found.value) : formatOrderDetail(found.value, labelsOf(statusLabels())));
        return ExitCode.ok;
      }),
    );
}
