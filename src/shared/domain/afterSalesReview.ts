/**
 * Which after-sales status values mean "a request awaits the seller's review". The spec names the status but gives
 * no values; the default is the sandbox's 1 ("Awaiting seller review"), a labelled default listed in the README's
 * gap table. This is the one copy: the core's decision policy and attention queue, main's tray count and the
 * renderer's after-sales inbox read it here (the renderer may not import the core).
 */
export const DEFAULT_AWAITING_REVIEW: readonly number[] = Object.freeze([1]);

/**
 * The after-sales status values of a profile (the spec gives none): which value the list filter is asked with for
 * "awaiting the seller's review", and the decided states' values. Labelled defaults — the sandbox's — until the
 * merchant confirms them for their platform (`confirmed`); until then the app says so once, in Settings and in the
 * after-sales inbox.
 */
export interface AfterSalesStatusSettings {
  awaitingReview: readonly number[];
  approved: readonly number[];
  rejected: readonly number[];
  closed: readonly number[];
  confirmed: boolean;
}

export const DEFAULT_AFTER_SALES_STATUS_SETTINGS: AfterSalesStatusSettings = Object.freeze({
  awaitingReview: DEFAULT_AWAITING_REVIEW,
  approved: Object.freeze([2]),
  rejected: Object.freeze([3]),
  closed: Object.freeze([4]),
  confirmed: false,
});

/** The sentence said once where the values are unconfirmed (Settings, the inbox). */
export function unconfirmedStatusNote(s: Pick<AfterSalesStatusSettings, 'awaitingReview'>): string {
  return `After-sales status values are unconfirmed defaults: the platform is asked for "awaiting review" with status ${s.awaitingReview.join(', ')} (the spec gives no values). Confirm them in Settings for your platform.`;
}

export type ReviewState = 'awaiting' | 'not-awaiting' | 'unknown';

/**
 * What the cache learned of an order's after-sales status through the list filter (the spec's Order has no status
 * field): `status` the value it was listed under (the awaiting value), null when the learned awaiting set does not
 * hold it; `learnedAtMs` when the awaiting set was last learned in full (null: never).
 */
export interface AfterSalesLearned {
  status: number | null;
  learnedAtMs: number | null;
}

/**
 * The after-sales fields of an order, as the core decodes them or as they cross the bridge. No
 * `orderAfterSalesStatus`: the spec's Order has none (a platform or the sandbox's demo flag may still send it; it is
 * never read) — the status is what the list filter taught the cache.
 */
export interface AfterSalesFields {
  isExistAfterSales?: unknown;
  /** Added by the cache when read (never sent by the platform). */
  afterSalesLearned?: unknown;
}

function learnedOf(order: AfterSalesFields): AfterSalesLearned | undefined {
  const l = order.afterSalesLearned;
  if (typeof l !== 'object' || l === null) return undefined;
  const { status, learnedAtMs } = l as Record<string, unknown>;
  return {
    status: typeof status === 'number' && Number.isInteger(status) ? status : null,
    learnedAtMs: typeof learnedAtMs === 'number' ? learnedAtMs : null,
  };
}

/** The after-sales status the list filter taught the cache (null: not learned, or not in a known state). */
export function learnedAfterSalesStatus(order: AfterSalesFields): number | null {
  return learnedOf(order)?.status ?? null;
}

/**
 * Whether the order's after-sales request awaits a decision: what the list filter taught the cache (listed under
 * an awaiting value: awaiting; learned and not listed: not awaiting), else `isExistAfterSales: false` says no;
 * anything else is unknown. A status field the platform sends is never read (the spec has none).
 */
export function reviewStateOf(
  order: AfterSalesFields,
  awaiting: readonly number[] = DEFAULT_AWAITING_REVIEW,
): ReviewState {
  const learned = learnedOf(order);
  if (learned?.status != null) return awaiting.includes(learned.status) ? 'awaiting' : 'not-awaiting';
  if (learned?.learnedAtMs != null) return 'not-awaiting';
  return order.isExistAfterSales === false ? 'not-awaiting' : 'unknown';
}
