import type { DesktopNotification } from './notifications';

/**
 * Desktop notifications about delivery deadlines, planned from the attention queue (orders:attention / the core's
 * attentionQueue) each time it is read — after a sync and when its `nextChangeAt` timer fires. Pure: the caller
 * keeps the returned memory and shows the notifications.
 * - grouped: the orders that became due soon since the last look make one notification ("3 orders due within
 *   12 min"); up to MAX_OVERDUE_EACH newly overdue orders get one each ("Order SO… is overdue"), more one summary;
 * - never repeated for the same order, state and deadline (the memory), whatever the settings or do-not-disturb
 *   were when it was first seen — turning a kind on later does not replay old news;
 * - the first look after the first full sync notifies no order that was overdue already: one summary instead.
 */

export type DueNotification = DesktopNotification;

/** What the planner reads of the attention queue (the core's Attention satisfies it). */
export interface DueQueue {
  counts: { overdue: number; dueSoon: number };
  rows: ReadonlyArray<{ kind: string; orderId: string; orderNum: string | null; dueMs: number | null }>;
}

/**
 * Orders already notified, per state and deadline: `${orderId} ${state} ${dueMs}` → the deadline (for pruning).
 * Only orders still due soon or overdue (see pruned), so it stays small; kept across restarts (dueMemoryStore.ts).
 */
export interface DueMemory {
  seen: Record<string, number>;
}

export const EMPTY_DUE_MEMORY: DueMemory = { seen: {} };

export interface DueNotifyContext {
  /** The per-kind settings (both default on). */
  settings: { dueSoon: boolean; overdue: boolean };
  nowMs: number;
  /** Epoch ms until which nothing is shown (do-not-disturb); null: not set. */
  doNotDisturbUntilMs: number | null;
  /** The first look after the first full sync: what is overdue already is summarised, not announced per order. */
  firstLook: boolean;
}

/** Up to this many newly overdue orders get a notification each; more collapse into one summary. */
export const MAX_OVERDUE_EACH = 3;
/**
 * Memory entries whose deadline is older than this are forgotten, where the queue cannot tell whether their order
 * is still due (its kind was cut at the row limit); elsewhere an order no longer listed is forgotten at once.
 */
export const DUE_MEMORY_DAYS = 30;
/** At most this many entries are remembered (the oldest deadlines go first). */
export const DUE_MEMORY_MAX = 20_000;

type DueRow = DueQueue['rows'][number] & { dueMs: number };
const keyOf = (r: DueRow, state: 'due-soon' | 'overdue') => `${r.orderId} ${state} ${r.dueMs}`;
const nameOf = (r: DueRow) => `Order ${r.orderNum ?? r.orderId}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function planDueNotifications(
  queue: DueQueue,
  memory: DueMemory,
  ctx: DueNotifyContext,
): { notifications: DueNotification[]; memory: DueMemory } {
  const seen = { ...memory.seen };
  const fresh = (state: 'due-soon' | 'overdue') =>
    queue.rows.filter((r): r is DueRow => r.kind === state && r.dueMs !== null && !(keyOf(r as DueRow, state) in seen));
  const soon = fresh('due-soon');
  const overdue = fresh('overdue');
  for (const r of soon) seen[keyOf(r, 'due-soon')] = r.dueMs;
  for (const r of overdue) seen[keyOf(r, 'overdue')] = r.dueMs;
  const next = { seen: pruned(seen, queue, ctx.nowMs) };

  const quiet = ctx.doNotDisturbUntilMs !== null && ctx.nowMs < ctx.doNotDisturbUntilMs;
  if (quiet) return { notifications: [], memory: next };
  const out: DueNotification[] = [];
  if (ctx.settings.overdue && overdue.length > 0) {
    if (ctx.firstLook) {
      // Not news: the merchant learns the size of the backlog once, from the whole count.
      const n = Math.max(queue.counts.overdue, overdue.length);
      out.push({
        title: 'Deliveries overdue',
        body: `${plural(n, 'order is', 'orders are')} past the delivery deadline`,
        target: { screen: 'attention', orderId: null },
      });
    } else if (overdue.length <= MAX_OVERDUE_EACH) {
      for (const r of overdue)
        out.push({
          title: 'Delivery overdue',
          body: `${nameOf(r)} is overdue`,
          target: { screen: 'orders', orderId: r.orderId },
        });
    } else {
      out.push({
        title: 'Deliveries overdue',
        body: `${overdue.length} orders became overdue`,
        target: { screen: 'attention', orderId: null },
      });
    }
  }
  if (ctx.settings.dueSoon && soon.length > 0) {
    const latest = Math.max(...soon.map((r) => r.dueMs));
    const within = `within ${Math.max(1, Math.ceil((latest - ctx.nowMs) / 60_000))} min`;
    out.push(
      soon.length === 1
        ? {
            title: 'Delivery due soon',
            body: `${nameOf(soon[0]!)} is due ${within}`,
            target: { screen: 'orders', orderId: soon[0]!.orderId },
          }
        : {
            title: 'Deliveries due soon',
            body: `${soon.length} orders due ${within}`,
            target: { screen: 'attention', orderId: null },
          },
    );
  }
  return { notifications: out, memory: next };
}

/**
 * Keeps only what can still matter: an order that left the queue's due-soon or overdue rows (delivered, closed, its
 * deadline moved) cannot come back with the same state and deadline, so its entry goes. A kind whose rows the queue
 * cut short (more orders than rows) keeps its entries until their deadline is DUE_MEMORY_DAYS old — an order beyond
 * the cut is still due. Then the oldest deadlines beyond DUE_MEMORY_MAX.
 */
function pruned(seen: Record<string, number>, queue: DueQueue, nowMs: number): Record<string, number> {
  const horizon = nowMs - DUE_MEMORY_DAYS * 86_400_000;
  const listed = new Set(
    queue.rows.filter((r): r is DueRow => r.dueMs !== null).map((r) => `${r.orderId} ${r.kind} ${r.dueMs}`),
  );
  const rowsOf = (kind: string) => queue.rows.filter((r) => r.kind === kind).length;
  const complete: Record<string, boolean> = {
    'due-soon': rowsOf('due-soon') >= queue.counts.dueSoon,
    overdue: rowsOf('overdue') >= queue.counts.overdue,
  };
  let entries = Object.entries(seen).filter(([key, dueMs]) =>
    complete[key.split(' ')[1]!] ? listed.has(key) : dueMs >= horizon,
  );
  if (entries.length > DUE_MEMORY_MAX) entries = entries.sort((a, b) => b[1] - a[1]).slice(0, DUE_MEMORY_MAX);
  return Object.fromEntries(entries);
}
