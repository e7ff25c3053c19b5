/**
 * Sandbox management: changes a test or a person drives from outside the process, as the platform's own back office
 * would (not part of the platform's API). `POST /_sandbox/order/{orderId}/deliver` (Bearer token, no body): the
 * merchant delivers what is missing of a paid order; answers the order as the list would now serve it.
 */
import { CODES, errorResponse, successResponse, type SandboxRequest, type SandboxResponse } from './envelope';
import { hasValidBearer, type SellerContext } from './sellerRoutes';
import { wireOrder } from './wireOrder';

export function handleDeliver(ctx: SellerContext, req: SandboxRequest, orderIdSegment: string): SandboxResponse {
  if (!hasValidBearer(req.headers, ctx.token))
    return errorResponse('seller', ctx.now(), CODES.unauthorized, undefined, 401);
  if (!/^[1-9]\d{0,18}$/.test(orderIdSegment))
    return errorResponse(
      'seller',
      ctx.now(),
      CODES.urlParse,
      `orderId in the path must be a positive integer, got ${JSON.stringify(orderIdSegment)}`,
      404,
    );
  const r = ctx.store.deliver(orderIdSegment);
  switch (r.outcome) {
    case 'not-found':
      return errorResponse('seller', ctx.now(), CODES.orderNotFound);
    case 'not-deliverable':
      return errorResponse(
        'seller',
        ctx.now(),
        CODES.nothingToDeliver,
        `order ${orderIdSegment} is unpaid or already delivered in full`,
        409,
      );
    case 'ok':
      return successResponse('seller', ctx.now(), wireOrder(r.order.order, ctx.extendedOrderFields));
  }
}
