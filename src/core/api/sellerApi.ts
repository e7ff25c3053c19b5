import { learnedAfterSalesStatus } from '../../shared/domain/afterSalesReview';
import type { Order, OrderListData } from '../../shared/domain/order';
import { orderListDataSchema } from '../../shared/domain/orderDecoding';
import {
  afterSalesDecisionSchema,
  orderListQuerySchema,
  type AfterSalesDecision,
  type OrderListQuery,
} from '../../shared/domain/requests';
import { z } from 'zod';
import type { ApiError, OutcomeObservation } from '../../shared/errors/apiError';
import { integerLiteral } from '../json/losslessJson';
import { err, ok, type Result } from '../result';
import {
  resolveDeps,
  retryContextOf,
  validateInput,
  loadSecret,
  type ClientDeps,
  type ResolvedDeps,
} from './clientDeps';
import type { Decoded } from './envelope';
import { isSafeToRetryUnprocessed, isTransient, withRetry } from './retry';
import { sendAttempt } from './sendAttempt';

export interface OrderPage extends Decoded<OrderListData> {}

/** The order list request body: IDs become integer literals with every digit kept. */
export function orderListBody(query: OrderListQuery): string {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    body[key] = key === 'id' || key === 'buyerId' ? integerLiteral(value as string) : value;
  }
  return JSON.stringify(body);
}

/** The audit request body: `isApproved` alone when approving (spec rule 1). */
export function auditBody(decision: AfterSalesDecision): string {
  if (decision.isApproved) return JSON.stringify({ isApproved: true });
  return JSON.stringify({
    isApproved: false,
    rejectDescription: decision.rejectDescription,
    ...(decision.rejectImageUrls && decision.rejectImageUrls.length > 0
      ? { rejectImageUrls: decision.rejectImageUrls }
      : {}),
  });
}

/** The seller endpoints: order list and after-sales audit, with Bearer auth. */
export class SellerApi {
  private readonly deps: ResolvedDeps;

  constructor(deps: ClientDeps) {
    this.deps = resolveDeps(deps);
  }

  private url(path: string): string {
    const { baseUrl, apiPrefix } = this.deps.config;
    return `${baseUrl}${apiPrefix}${path}`;
  }

  private headers(token: string): Record<string, string> {
    return { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` };
  }

  /** One page of the order list. Retries network errors, 5xx, 429 and 10004 with backoff. */
  async listOrders(input: unknown): Promise<Result<OrderPage, ApiError>> {
    const query = validateInput(orderListQuerySchema, input ?? {});
    if (!query.ok) return query;
    const token = await loadSecret(this.deps.credentials.bearerToken());
    if (!token.ok) return token;
    const body = orderListBody(query.value);
    const url = this.url('/seller/order');
    return withRetry(retryContextOf(this.deps), isTransient, (n) =>
      sendAttempt(this.deps, {
        endpoint: 'orders',
        attempt: n,
        url,
        headers: this.headers(token.value),
        body,
        schema: orderListDataSchema,
      }),
    );
  }

  /** The spec's "after a callback" rule: the order list filtered by `id`. `null` when there is none. */
  async getOrder(id: string): Promise<Result<Order | null, ApiError>> {
    const query = validateInput(orderListQuerySchema, { id, pageIndex: 1, pageSize: 1 });
    if (!query.ok) return query;
    const page = await this.listOrders(query.value);
    if (!page.ok) return page;
    // The validated ID is canonical ("0042" → "42"), as decoding writes the platform's.
    const wanted = query.value.id;
    const unreadable = page.value.data.skipped.find((o) => o.id === wanted);
    if (unreadable) return err({ kind: 'protocol', message: `order ${wanted} cannot be read: ${unreadable.reason}` });
    return ok(page.value.data.list.find((o) => o.id === wanted) ?? null);
  }

  /**
   * Approves or rejects an after-sales request. Never blindly retried: only a refused connection or a 10004
   * answer is retried (a 429 is reported as a refusal, for the merchant to try again). When the outcome is
   * unknown (timeout, dropped connection, 5xx, garbled answer, cancel) the order is re-fetched and an
   * `outcome-unknown` error reports what was found.
   */
  async auditAfterSales(input: unknown): Promise<Result<true, ApiError>> {
    const decision = validateInput(afterSalesDecisionSchema, input);
    if (!decision.ok) return decision;
    const token = await loadSecret(this.deps.credentials.bearerToken());
    if (!token.ok) return token;
    const { orderId } = decision.value;
    const url = this.url(`/seller/order/${orderId}/after-sales/seller-audit`);
    const body = auditBody(decision.value);
    const result = await withRetry(retryContextOf(this.deps), isSafeToRetryUnprocessed, (n) =>
      sendAttempt(this.deps, {
        endpoint: 'audit',
        attempt: n,
        url,
        headers: this.headers(token.value),
        body,
        schema: z.literal(true),
      }),
    );
    if (result.ok) return ok(true);
    if (!isOutcomeUnknown(result.error)) return result;
    const observed = await this.observeAfterUnknown(orderId);
    const verb = decision.value.isApproved ? 'approval' : 'rejection';
    return err({
      kind: 'outcome-unknown',
      message: `The ${verb} of order ${orderId} may or may not have been applied (${describeCause(result.error)}).`,
      cause: result.error,
      observed,
    });
  }

  private async observeAfterUnknown(orderId: string): Promise<OutcomeObservation> {
    const found = await this.getOrder(orderId);
    if (!found.ok) return { kind: 'recheck-failed', error: found.error };
    if (found.value === null) return { kind: 'not-found' };
    return { kind: 'found', summary: observedSummary(found.value), order: found.value };
  }
}

/** What a re-check after an unknown outcome shows of an order, in one line. */
export function observedSummary(o: Order): string {
  return [
    `isExistAfterSales=${String(o.isExistAfterSales ?? 'unknown')}`,
    // What the filter taught the cache, when the order was read from it (the spec's Order has no status field).
    ...(learnedAfterSalesStatus(o) != null ? [`after-sales status ${learnedAfterSalesStatus(o)}`] : []),
    ...(o.orderStatus != null ? [`order status ${o.orderStatus}`] : []),
  ].join(', ');
}

/** After these, the platform may have applied the request. */
export function isOutcomeUnknown(error: ApiError): boolean {
  if (error.kind === 'timeout' || error.kind === 'protocol') return true;
  if (error.kind === 'network') return error.sent;
  if (error.kind === 'http') return error.status >= 500 && error.envelope?.code !== '10004';
  return false;
}

function describeCause(error: ApiError): string {
  switch (error.kind) {
    case 'timeout':
      return `no answer within ${error.timeoutMs} ms`;
    case 'network':
      return 'the connection closed without an answer';
    case 'http':
      return `HTTP ${error.status}`;
    case 'protocol':
      return `garbled answer: ${error.message}`;
    default:
      return error.kind;
  }
}
