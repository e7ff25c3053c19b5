/** Seller endpoints: order list and after-sales audit (Bearer token). */
import type { IncomingHttpHeaders } from 'node:http';
import type { Churn } from './churn';
import { CODES, errorResponse, successResponse, type SandboxRequest, type SandboxResponse } from './envelope';
import { readJsonObject } from './jsonBody';
import type { OrderStore } from './orderStore';
import { validateAuditBody, validateOrderListBody } from './requestValidation';
import { wireOrder } from './wireOrder';

export interface SellerContext {
  token: string;
  store: OrderStore;
  churn: Churn;
  now: () => number;
  /** Send the sandbox's extra order fields (`--extended-order-fields`, demos only); default: the spec's Order. */
  extendedOrderFields: boolean;
}

export function hasValidBearer(headers: IncomingHttpHeaders, token: string): boolean {
  const m = /^Bearer +(\S+) *$/i.exec(headers.authorization ?? '');
  return m !== null && m[1] === token;
}

function unauthorized(ctx: SellerContext): SandboxResponse {
  return errorResponse('seller', ctx.now(), CODES.unauthorized, undefined, 401);
}

export function handleOrderList(ctx: SellerContext, req: SandboxRequest): SandboxResponse {
  if (!hasValidBearer(req.headers, ctx.token)) return unauthorized(ctx);
  const body = readJsonObject(req.headers['content-type'], req.body);
  if (!body.ok) return errorResponse('seller', ctx.now(), CODES.jsonParse, body.reason);
  const query = validateOrderListBody(body.value);
  if (!query.ok) return errorResponse('seller', ctx.now(), CODES.jsonParse, query.message);
  const page = ctx.store.query(query.value);
  const list = page.list.map((order) => wireOrder(order, ctx.extendedOrderFields));
  const response = successResponse('seller', ctx.now(), { ...page, list });
  ctx.churn.afterOrderListRequest();
  return response;
}

export function handleAudit(ctx: SellerContext, req: SandboxRequest, orderIdSegment: string): SandboxResponse {
  if (!hasValidBearer(req.headers, ctx.token)) return unauthorized(ctx);
  if (!/^[1-9]\d{0,18}$/.test(orderIdSegment)) {
    return errorResponse(
      'seller',
      ctx.now(),
      CODES.urlParse,
      `orderId in the path must be a positive integer, got ${JSON.stringify(orderIdSegment)}`,
      404,
    );
  }
  const body = readJsonObject(req.headers['content-type'], req.body);
  if (!body.ok) return errorResponse('seller', ctx.now(), CODES.jsonParse, body.reason);
  const decision = validateAuditBody(body.value);
  if (!decision.ok) return errorResponse('seller', ctx.now(), CODES.jsonParse, decision.message);
  switch (ctx.store.audit(orderIdSegment, decision.value)) {
    case 'not-found':
      return errorResponse('seller', ctx.now(), CODES.orderNotFound);
    case 'not-awaiting-review':
      return errorResponse('seller', ctx.now(), CODES.noPendingAfterSales);
    case 'ok':
      return successResponse('seller', ctx.now(), true);
  }
}
