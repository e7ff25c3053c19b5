import type { Command } from 'commander';
import type { CommandRunner } from '../runner';
import { ExitCode } from '../io';

export function registerAfterSales(program: Command, run: CommandRunner): void {
  const afterSales = program.command('after-sales').description('approve or reject a buyer’s refund request');
  afterSales
    .command('approve')
    .argument('<ORDER_ID>', 'order ID')
    .description('approve the refund request of an order')
    .action((orderId: string) =>
      run(async ({ seller, io, json }) => {
        const r = await seller().auditAfterSales({ orderId, isApproved: true });
        if (!r.ok) return r;
        io.stdout(
          json ? JSON.stringify({ orderId, approved: true }) : `Approved the after-sales request of order ${orderId}.`,
        );
        return ExitCode.ok;
      }),
    );
  afterSales
    .command('reject')
    .argument('<ORDER_ID>', 'order ID')
    .description('reject the refund request of an order (a reason is required)')
    .requiredOption('--reason <TEXT>', 'why the request is rejected')
    .option(
      '--image <URL>',
      'evidence image URL (repeatable)',
      (v: string, prev: string[]) => [...prev, v],
      [] as string[],
    )
    .action((orderId: string, flags: { reason: string; image: string[] }) =>
      run(async ({ seller, io, json }) => {
        const r = await seller().auditAfterSales({
          orderId,
          isApproved: false,
          rejectDescription: flags.reason,
          ...(flags.image.length > 0 ? { rejectImageUrls: flags.image } : {}),
        });
        if (!r.ok) return r;
        io.stdout(
          json ? JSON.stringify({ orderId, approved: false }) : `Rejected the after-sales request of order ${orderId}.`,
        );
        return ExitCode.ok;
      }),
    );
}
