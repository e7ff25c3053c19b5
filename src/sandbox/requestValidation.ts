/**
 * Turns request bodies into typed requests, or into the message of a 10002 answer naming the offending field.
 * Sandbox rules: `null` counts as absent; unknown fields are ignored; IDs must be JSON integer literals.
 */
import { parseIsoInstant } from '../shared/time/isoInstant';
import { JsonInteger } from './jsonBody';
import type { OrderQuery } from './orderTypes';

export type Validation<T> = { ok: true; value: T } | { ok: false; message: string };

export const PAGE_INDEX_MAX = 100;
export const PAGE_SIZE_MAX = 100;
/** Sandbox decision: the spec gives no default page size. */
export const DEFAULT_PAGE_SIZE = 10;

const INT64_MAX = 9223372036854775807n;

class FieldError extends Error {}

function present(body: Record<string, unknown>, field: string): boolean {
  return body[field] !== undefined && body[field] !== null;
}

function pageNumber(body: Record<string, unknown>, field: string, max: number, fallback: number): number {
  if (!present(body, field)) return fallback;
  const v = body[field];
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new FieldError(`${field} must be an integer`);
  if (v < 1 || v > max) throw new FieldError(`${field} must be between 1 and ${max}, got ${v}`);
  return v;
}

/** A positive 64-bit integer sent as a JSON number; returned as its decimal text. */
function integerId(body: Record<string, unknown>, field: string): string | undefined {
  if (!present(body, field)) return undefined;
  const v = body[field];
  const source = v instanceof JsonInteger ? v.source : typeof v === 'number' ? String(v) : undefined;
  if (source === undefined)
    throw new FieldError(
      `${field} must be an integer (a JSON number, not ${typeof v === 'string' ? 'a string' : typeof v})`,
    );
  if (!/^-?\d+$/.test(source)) throw new FieldError(`${field} must be an integer, got ${source}`);
  const n = BigInt(source);
  if (n < 1n || n > INT64_MAX) throw new FieldError(`${field} must be between 1 and ${INT64_MAX}, got ${source}`);
  return n.toString();
}

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  if (!present(body, field)) return undefined;
  const v = body[field];
  if (typeof v !== 'string') throw new FieldError(`${field} must be a string`);
  return v;
}

function statusList(body: Record<string, unknown>, field: string): number[] | undefined {
  if (!present(body, field)) return undefined;
  const v = body[field];
  if (!Array.isArray(v)) throw new FieldError(`${field} must be an array of integers`);
  v.forEach((x, i) => {
    if (typeof x !== 'number' || !Number.isInteger(x)) throw new FieldError(`${field}[${i}] must be an integer`);
  });
  // Sandbox decision: an empty list means "no filter".
  return v.length === 0 ? undefined : (v as number[]);
}

function isoDate(body: Record<string, unknown>, field: string): number | undefined {
  const text = optionalString(body, field);
  if (text === undefined) return undefined;
  const ms = parseIsoInstant(text);
  if (ms === undefined)
    throw new FieldError(
      `${field} must be an ISO 8601 date or date-time, e.g. 2026-01-31T23:59:59.000Z, got ${JSON.stringify(text)}`,
    );
  return ms;
}

function validate<T>(build: () => T): Validation<T> {
  try {
    return { ok: true, value: build() };
  } catch (e) {
    if (e instanceof FieldError) return { ok: false, message: e.message };
    throw e;
  }
}

export function validateOrderListBody(body: Record<string, unknown>): Validation<OrderQuery> {
  return validate(() => {
    const q: OrderQuery = {
      pageIndex: pageNumber(body, 'pageIndex', PAGE_INDEX_MAX, 1),
      pageSize: pageNumber(body, 'pageSize', PAGE_SIZE_MAX, DEFAULT_PAGE_SIZE),
    };
    const id = integerId(body, 'id');
    if (id !== undefined) q.id = id;
    const orderNum = optionalString(body, 'orderNum');
    if (orderNum !== undefined) q.orderNum = orderNum;
    const buyerId = integerId(body, 'buyerId');
    if (buyerId !== undefined) q.buyerId = buyerId;
    const productTitle = optionalString(body, 'productTitle');
    if (productTitle !== undefined && productTitle !== '') q.productTitle = productTitle;
    const sellerOrderStatus = statusList(body, 'sellerOrderStatus');
    if (sellerOrderStatus) q.sellerOrderStatus = sellerOrderStatus;
    const orderAfterSalesStatus = statusList(body, 'orderAfterSalesStatus');
    if (orderAfterSalesStatus) q.orderAfterSalesStatus = orderAfterSalesStatus;
    const dates = [
      ['createBeginDate', 'createBeginMs'],
      ['createEndDate', 'createEndMs'],
      ['updateBeginDate', 'updateBeginMs'],
      ['updateEndDate', 'updateEndMs'],
    ] as const;
    for (const [field, key] of dates) {
      const ms = isoDate(body, field);
      if (ms !== undefined) q[key] = ms;
    }
    return q;
  });
}

export interface AuditDecision {
  isApproved: boolean;
  rejectDescription?: string;
  rejectImageUrls?: string[];
}

export function validateAuditBody(body: Record<string, unknown>): Validation<AuditDecision> {
  return validate(() => {
    if (!present(body, 'isApproved')) throw new FieldError('isApproved is required (true or false)');
    const isApproved = body.isApproved;
    if (typeof isApproved !== 'boolean') throw new FieldError('isApproved must be a boolean');
    const decision: AuditDecision = { isApproved };
    const rejectDescription = optionalString(body, 'rejectDescription');
    if (!isApproved && (rejectDescription === undefined || rejectDescription.trim() === '')) {
      throw new FieldError('rejectDescription is required and must not be blank when isApproved is false');
    }
    if (rejectDescription !== undefined) decision.rejectDescription = rejectDescription;
    if (present(body, 'rejectImageUrls')) {
      const urls = body.rejectImageUrls;
      if (!Array.isArray(urls)) throw new FieldError('rejectImageUrls must be an array of strings');
      urls.forEach((u, i) => {
        if (typeof u !== 'string') throw new FieldError(`rejectImageUrls[${i}] must be a string`);
      });
      decision.rejectImageUrls = urls as string[];
    }
    return decision;
  });
}

export interface BuyerSyncBody {
  merchantUserNo: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateBuyerSyncBody(body: Record<string, unknown>): Validation<BuyerSyncBody> {
  return validate(() => {
    const merchantUserNo = optionalString(body, 'merchantUserNo');
    if (merchantUserNo === undefined || merchantUserNo.trim() === '')
      throw new FieldError('merchantUserNo is required and must be a non-empty string');
    const email = optionalString(body, 'email');
    if (email === undefined) throw new FieldError('email is required');
    if (!EMAIL.test(email)) throw new FieldError(`email must look like name@example.com, got ${JSON.stringify(email)}`);
    const result: BuyerSyncBody = { merchantUserNo, email };
    const firstName = optionalString(body, 'firstName');
    if (firstName !== undefined) result.firstName = firstName;
    const lastName = optionalString(body, 'lastName');
    if (lastName !== undefined) result.lastName = lastName;
    return result;
  });
}
