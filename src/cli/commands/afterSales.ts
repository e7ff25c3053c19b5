import type { Command } from 'commander';
import { decideAfterSales, type DecisionOutcome } from '../../core/app/afterSales';
import type { AfterSalesDecisionInput } from '../../shared/domain/requests';
import type { AppError } from '../../shared/errors/appError';
import { describeAppError, unwrap } from '../appResult';
import { withSession } from '../commandSession';
import { afterSalesText } from '../format';
import { ExitCode } from '../io';
import type { CommandContext, CommandOutcome, CommandRunner } from '../runner';

/**
 * Decides through the use case (which checks, sends once, re-fetches and updates the cache), then prints the
 * after-sales state the platform reports (the spec does not say which state a decision leads to, so none is
 * assumed). A failed re-fetch does not undo the decision: it is said, and the exit code stays 0.
 */
async function decide(ctx: CommandContext, decision: AfterSalesDecisionInput): Promise<CommandOutcome> {
  const outcome = unwrap(await withSession(ctx, { baseUrl: true }, (s) => decideAfterSales(s, decision)));
  const labels = ctx.statusLabels();
  ctx.io.stdout(ctx.json ? JSON.stringify(jsonOf(outcome, labels?.afterSales)) : textOf(outcome, labels));
  return ExitCode.ok;
}

function jsonOf(
  { orderId, approved, order, refetchError }: DecisionOutcome,
  labels?: Readonly<Record<string, string>>,
) {
  const status = order?.orderAfterSalesStatus;
  return {
    orderId,
    approved,
    refetched: order
      ? {
          afterSalesStatus: status ?? null,
          afterSalesLabel: status != null ? (labels?.[String(status)] ?? null) : null,
          isExistAfterSales: order.isExistAfterSales ?? null,
          orderStatus: order.orderStatus ?? null,
        }
      : null,
    refetchError: refetchError ? nullable(refetchError) : null,
  };
}

function textOf(o: DecisionOutcome, labels: Parameters<typeof afterSalesText>[1]): string {
  const lines = [`${o.approved ? 'Approved' : 'Rejected'} the after-sales request of order ${o.orderId}.`];
  if (o.order)
    lines.push(`After-sales: ${afterSalesText(o.order, labels) || 'not reported'} — as reported by the platform`);
  else if (o.refetchError?.kind === 'not-found')
    lines.push(`After-sales: not re-fetched — the order list has no order ${o.orderId} now.`);
  else if (o.refetchError)
    lines.push(
      `After-sales: not re-fetched — ${describeAppError(o.refetchError)} The decision itself was accepted; check it with \`merchant-desk orders get ${o.orderId}\`.`,
    );
  return lines.join('\n');
}

const nullable = (e: AppError) => ({
  kind: e.kind,
  code: e.code ?? null,
  message: e.message,
  action: e.action ?? null,
});

export function registerAfterSales(program: Command, run: CommandRunner): void {
  const afterSales = program.command('after-sales').description('approve or reject a buyer’s refund request');
  afterSales
    .command('approve')
    .argument('<ORDER_ID>', 'order ID')
    .description('approve the refund request of an order; prints the after-sales state the platform then reports')
    .action((orderId: string) => run((ctx) => decide(ctx, { orderId, isApproved: true })));
  afterSales
    .command('reject')
    .argument('<ORDER_ID>', 'order ID')
    .description(
      'reject the refund request of an order (a reason is required); prints the after-sales state the platform then reports',
    )
    .requiredOption('--reason <TEXT>', 'why the request is rejected')
    .option(
      '--image <URL>',
      'evidence image URL (repeatable)',
      (v: string, prev: string[]) => [...prev, v],
      [] as string[],
    )
    .action((orderId: string, flags: { reason: string; image: string[] }) =>
      run((ctx) =>
        decide(ctx, {
          orderId,
          isApproved: false,
          rejectDescription: flags.reason,
          ...(flags.image.length > 0 ? { rejectImageUrls: flags.image } : {}),
        }),
      ),
    );
}
