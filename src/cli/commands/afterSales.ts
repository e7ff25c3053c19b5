import type { Command } from 'commander';
import type { SellerApi } from '../../core/api/sellerApi';
import { apiErrorParts, describeApiError } from '../../core/errors';
import type { AfterSalesDecisionInput } from '../../shared/domain/requests';
import { afterSalesText } from '../format';
import { ExitCode } from '../io';
import type { CommandContext, CommandOutcome, CommandRunner } from '../runner';

/**
 * Sends one decision, then re-fetches the order and prints the after-sales state the platform reports (the spec
 * does not say which state a decision leads to, so none is assumed). A failed re-fetch does not undo the decision:
 * it is said, and the exit code stays 0.
 */
async function decide(ctx: CommandContext, decision: AfterSalesDecisionInput): Promise<CommandOutcome> {
  const seller: SellerApi = ctx.seller();
  const r = await seller.auditAfterSales(decision);
  if (!r.ok) return r;
  const { orderId, isApproved } = decision;
  const found = await seller.getOrder(orderId);
  const labels = ctx.statusLabels();
  const order = found.ok ? found.value : null;
  if (ctx.json) {
    ctx.io.stdout(
      JSON.stringify({
        orderId,
        approved: isApproved,
        refetched: order
          ? {
              afterSalesStatus: order.orderAfterSalesStatus ?? null,
              afterSalesLabel:
                order.orderAfterSalesStatus != null
                  ? (labels?.afterSales[String(order.orderAfterSalesStatus)] ?? null)
                  : null,
              isExistAfterSales: order.isExistAfterSales ?? null,
              orderStatus: order.orderStatus ?? null,
            }
          : null,
        refetchError: found.ok
          ? order === null
            ? { kind: 'not-found', code: null, message: `No order with ID ${orderId} on re-fetch.`, action: null }
            : null
          : { kind: found.error.kind, ...nullable(apiErrorParts(found.error)) },
      }),
    );
    return ExitCode.ok;
  }
  ctx.io.stdout(`${isApproved ? 'Approved' : 'Rejected'} the after-sales request of order ${orderId}.`);
  if (!found.ok)
    ctx.io.stdout(
      `After-sales: not re-fetched — ${describeApiError(found.error)} The decision itself was accepted; check it with \`merchant-desk orders get ${orderId}\`.`,
    );
  else if (order === null) ctx.io.stdout(`After-sales: not re-fetched — the order list has no order ${orderId} now.`);
  else ctx.io.stdout(`After-sales: ${afterSalesText(order, labels) || 'not reported'} — as reported by the platform`);
  return ExitCode.ok;
}

const nullable = (p: { message: string; code?: string; action?: string }) => ({
  code: p.code ?? null,
  message: p.message,
  action: p.action ?? null,
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
