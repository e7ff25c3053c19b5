import { z } from 'zod';
import { formatIsoInstant, parseIsoInstant } from '../time/isoInstant';

/**
 * Requests as the merchant expresses them, validated before anything is sent. IDs are decimal strings
 * (64-bit safe); the API client writes them into the JSON body as integer literals.
 */
const MAX_ID = 9223372036854775807n;
export const idText = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,40}$/, {
      message: `${what} must be a positive whole number (digits only), e.g. 1234567890123456789`,
      abort: true,
    })
    .refine((s) => BigInt(s) > 0n && BigInt(s) <= MAX_ID, `${what} must be between 1 and ${MAX_ID}`)
    // One spelling per number: "0042" is sent (and cached) as 42.
    .transform((s) => BigInt(s).toString());

/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the instants `YYYY-MM-DDTHH:mm:ss.sssZ` can write. */
const MIN_INSTANT = -62_167_219_200_000;
const MAX_INSTANT = 253_402_300_799_999;
const HAS_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d/i;
const HAS_ZONE = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

/**
 * An instant the merchant gives: a date (00:00 UTC of that day) or a date-time with its zone — a time without a
 * zone is refused, since the platform's reading of it is unknown. Sent in the platform's own form
 * (`YYYY-MM-DDTHH:mm:ss.sssZ`), so what the platform receives is unambiguous.
 */
const isoDate = (what: string) =>
  z
    .string()
    .trim()
    .refine((s) => parseIsoInstant(s) !== undefined, {
      message: `${what} must be a real ISO 8601 date or date-time, e.g. 2026-01-31 or 2026-01-31T23:59:59.000Z`,
      abort: true,
    })
    .refine((s) => !HAS_TIME.test(s) || HAS_ZONE.test(s), {
      message: `${what} needs a time zone after the time: Z for UTC or an offset such as +08:00`,
      abort: true,
    })
    .refine((s) => parseIsoInstant(s)! >= MIN_INSTANT && parseIsoInstant(s)! <= MAX_INSTANT, {
      message: `${what} must fall between the years 0000 and 9999 (UTC)`,
      abort: true,
    })
    .transform((s) => formatIsoInstant(parseIsoInstant(s)!));

const statusList = (what: string) =>
  z.array(z.number().int(`${what} values must be whole numbers`)).min(1, `${what} needs at least one status value`);

export const PAGE_INDEX_MAX = 100;
export const PAGE_SIZE_MAX = 100;

/** The order-list filters without their cross-field check (extend it, then add `checkDateRanges`). */
export const orderListQueryObject = z
  .object({
    pageIndex: z
      .number()
      .int('page must be a whole number')
      .min(1, 'page must be 1 to 100')
      .max(PAGE_INDEX_MAX, 'page must be 1 to 100 (the platform serves at most 100 pages)')
      .default(1),
    pageSize: z
      .number()
      .int('page size must be a whole number')
      .min(1, 'page size must be 1 to 100')
      .max(PAGE_SIZE_MAX, 'page size must be 1 to 100')
      .optional(),
    id: idText('order id').optional(),
    orderNum: z.string().trim().min(1, 'order number must not be blank').optional(),
    buyerId: idText('buyer id').optional(),
    productTitle: z.string().trim().min(1, 'product title must not be blank').optional(),
    sellerOrderStatus: statusList('order status').optional(),
    orderAfterSalesStatus: statusList('after-sales status').optional(),
    createBeginDate: isoDate('created-from').optional(),
    createEndDate: isoDate('created-to').optional(),
    updateBeginDate: isoDate('updated-from').optional(),
    updateEndDate: isoDate('updated-to').optional(),
  })
  .strict();

/** created-from ≤ created-to and updated-from ≤ updated-to (a reversed range would quietly match nothing). */
export function checkDateRanges(
  q: { createBeginDate?: string; createEndDate?: string; updateBeginDate?: string; updateEndDate?: string },
  ctx: z.RefinementCtx,
): void {
  const reversed = (from: string | undefined, to: string | undefined) =>
    from !== undefined && to !== undefined && parseIsoInstant(from)! > parseIsoInstant(to)!;
  if (reversed(q.createBeginDate, q.createEndDate))
    ctx.addIssue({ code: 'custom', path: ['createEndDate'], message: 'created-to must not be before created-from' });
  if (reversed(q.updateBeginDate, q.updateEndDate))
    ctx.addIssue({ code: 'custom', path: ['updateEndDate'], message: 'updated-to must not be before updated-from' });
}

export const orderListQuerySchema = orderListQueryObject.superRefine(checkDateRanges);
export type OrderListQueryInput = z.input<typeof orderListQuerySchema>;
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

const httpUrl = z
  .string()
  .trim()
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'evidence image URLs must be http(s) URLs, e.g. https://example.com/proof.png');

export const afterSalesDecisionSchema = z.discriminatedUnion('isApproved', [
  z.object({ orderId: idText('order id'), isApproved: z.literal(true) }).strict(),
  z
    .object({
      orderId: idText('order id'),
      isApproved: z.literal(false),
      rejectDescription: z.string().trim().min(1, 'a rejection needs a reason (rejectDescription must not be blank)'),
      rejectImageUrls: z.array(httpUrl).optional(),
    })
    .strict(),
]);
export type AfterSalesDecisionInput = z.input<typeof afterSalesDecisionSchema>;
export type AfterSalesDecision = z.output<typeof afterSalesDecisionSchema>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const buyerSyncRequestSchema = z
  .object({
    merchantUserNo: z
      .string()
      .trim()
      .min(1, 'merchantUserNo (the buyer’s user number in your system) must not be empty'),
    email: z.string().trim().regex(EMAIL, 'email must look like name@example.com'),
    firstName: z.string().trim().min(1).optional(),
    lastName: z.string().trim().min(1).optional(),
  })
  .strict();
export type BuyerSyncRequestInput = z.input<typeof buyerSyncRequestSchema>;
export type BuyerSyncRequest = z.output<typeof buyerSyncRequestSchema>;

/**
 * The item of an SSO link. The spec gives no format; Merchant Desk takes it as the platform's product ID (the
 * `productSpuId` of an order item): a whole number from 1 to 2⁶³−1. Anything else — a path (`../../x`), a query
 * (`42?x=1`), a negative number — is refused before a buyer sync spends an authorization code on it.
 */
export const itemIdSchema = idText('item id');
