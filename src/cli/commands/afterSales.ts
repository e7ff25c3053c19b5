import { learnedAfterSalesStatus } from '../../shared/domain/afterSalesReview';
import type { Command } from 'commander';
import {
  checkDecision,
  decideAfterSales,
  decisionJournalEntries,
  decisionStatus,
  type DecisionOutcome,
} from '../../core/app/afterSales';
import type { JournalEntry } from '../../core/afterSales/decisionJournal';
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
  { orderId, approved, order, refetchError, journal }: DecisionOutcome,
  labels?: Readonly<Record<string, string>>,
) {
  const status = order ? learnedAfterSalesStatus(order) : null;
  return {
    orderId,
    approved,
    journal: journal
      ? { attemptId: journal.attemptId, state: journal.state, sentAt: new Date(journal.sentAtMs).toISOString() }
      : null,
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
  const reported = o.order && learnedAfterSalesStatus(o.order) != null ? afterSalesText(o.order, labels) : '';
  if (o.order && reported) lines.push(`After-sales: ${reported} — as the filter shows`);
  else if (o.order)
    // The spec's Order carries no status: what is known is that the filter no longer lists it as awaiting.
    lines.push('After-sales: no longer awaiting review — the platform accepted the decision');
  else if (o.refetchError?.kind === 'not-found')
    lines.push(`After-sales: not re-fetched — the order list has no order ${o.orderId} now.`);
  else if (o.refetchError)
    lines.push(
      `After-sales: not re-fetched — ${describeAppError(o.refetchError)} The decision itself was accepted; check it with \`merchant-desk orders get ${o.orderId}\`.`,
    );
  if (!o.journal)
    lines.push(
      `The decision journal could not record the answer: \`merchant-desk after-sales status ${o.orderId} --check\` settles it.`,
    );
  return lines.join('\n');
}

const nullable = (e: AppError) => ({
  kind: e.kind,
  code: e.code ?? null,
  message: e.message,
  action: e.action ?? null,
});

/** One journal row in one line: when, what, who, and how it ended. */
function entryLine(e: JournalEntry): string {
  const at = new Date(e.sentAtMs).toISOString();
  const what = e.approved ? 'approve' : `reject ("${e.reason ?? ''}")`;
  const outcome =
    e.state === 'pending'
      ? `OUTCOME UNKNOWN — sent at ${new Date(e.sentAtMs).toTimeString().slice(0, 5)}; check it: merchant-desk after-sales status ${e.orderId} --check`
      : `${e.state}${e.settledBy ? ` — ${e.settledBy}` : ''}`;
  return `${at}  ${e.orderId}  ${what}  by ${e.actor}  ${outcome}`;
}

async function status(ctx: CommandContext, orderId: string, check: boolean): Promise<CommandOutcome> {
  const result = unwrap(
    await withSession(ctx, check ? { baseUrl: true } : 'offline', async (s) => {
      const checked = check ? await checkDecision(s, orderId) : null;
      if (checked && !checked.ok) return checked;
      const st = decisionStatus(s, orderId);
      return st.ok ? { ok: true as const, value: { ...st.value, review: checked?.value.review ?? null } } : st;
    }),
  );
  if (ctx.json) ctx.io.stdout(JSON.stringify(result));
  else {
    const lines = [`Order ${orderId}: ${result.entries.length} decision(s) from this profile.`];
    if (result.review)
      lines.push(
        `The platform's after-sales filter: ${result.review === 'awaiting' ? 'awaiting review' : 'not awaiting review'}.`,
      );
    lines.push(...result.entries.map(entryLine));
    ctx.io.stdout(lines.join('\n'));
  }
  return result.unsettled ? ExitCode.outcomeUnknown : ExitCode.ok;
}

async function journal(ctx: CommandContext, limit: number): Promise<CommandOutcome> {
  const result = unwrap(await withSession(ctx, 'offline', async (s) => decisionJournalEntries(s, limit)));
  if (ctx.json) ctx.io.stdout(JSON.stringify(result));
  else {
    const lines: string[] = [];
    if (result.unsettled.length > 0)
      lines.push(
        `${result.unsettled.length} decision(s) with an unknown outcome:`,
        ...result.unsettled.map(entryLine),
        '',
      );
    lines.push(`Latest decisions (${result.recent.length}):`, ...result.recent.map(entryLine));
    ctx.io.stdout(lines.join('\n'));
  }
  return ExitCode.ok;
}

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
  afterSales
    .command('status')
    .argument('<ORDER_ID>', 'order ID')
    .description(
      "this profile's decisions on the order from the decision journal; --check asks the platform and settles an unknown outcome",
    )
    .option('--check', "ask the platform's after-sales filter and settle a decision whose outcome is unknown")
    .action((orderId: string, flags: { check?: boolean }) => run((ctx) => status(ctx, orderId, flags.check === true)));
  afterSales
    .command('journal')
    .description("this profile's after-sales decisions (the durable journal), unknown outcomes first")
    .option('--limit <N>', 'how many of the latest decisions', '50')
    .action((flags: { limit: string }) =>
      run((ctx) => journal(ctx, Math.max(1, Number.parseInt(flags.limit, 10) || 50))),
    );
}
