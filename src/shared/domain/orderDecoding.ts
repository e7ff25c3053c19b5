import { z } from 'zod';
import { MAX_JSON_DEPTH, nestedTooDeep } from './jsonNesting';
import type { Order, OrderListData, SkippedOrder } from './order';

/**
 * Validation of the order list's `data`, written out for the known shape: one pass over each object's own keys,
 * no copies (the freshly parsed objects are normalised in place), and a path only when something is wrong. It is
 * the hot path of a sync (every order of every page), where a generic schema library cost 3–4× more.
 *
 * Tolerant as before: unknown fields pass through (nesting bounded), absent or null optional fields are kept.
 * Strict where it matters: IDs are canonical decimal text in 1 … 2^63−1 (a response's "0042" is the order 42, as
 * in a request), ID-like integers stay text, other integers must be exact (within 2^53).
 */

type Path = Array<string | number>;
export interface DecodeIssue {
  path: Path;
  message: string;
}
export type Decoded<T> = { ok: true; value: T } | { ok: false; issue: DecodeIssue };

type Kind =
  | 'string'
  | 'int'
  | 'bool'
  /** A required order ID. */
  | 'id'
  /** An optional ID (buyer). */
  | 'optId'
  /** An ID-like integer of the spec (productSpuId …): kept as canonical decimal text. */
  | 'intText'
  | 'strings'
  | 'record'
  | Fields;
type Fields = ReadonlyMap<string, Kind>;

const ITEM: Fields = new Map<string, Kind>([
  ['productSpuId', 'intText'],
  ['productSkuId', 'intText'],
  ['productSpuNum', 'string'],
  ['productSkuNum', 'string'],
  ['productSpuTitle', 'string'],
  ['quantity', 'int'],
  ['deliveryType', 'int'],
  ['deliveryTime', 'int'],
  ['deliveryTimeUnit', 'int'],
  ['categoryId3', 'intText'],
  ['categoryName', 'string'],
  ['brandId', 'intText'],
  ['brandName', 'string'],
  ['originalCurrencyProductUnitPrice', 'string'],
  ['originalCurrencyProductTotalPrice', 'string'],
  ['productSpuAttr', 'record'],
  ['productSkuAttr', 'record'],
  ['productSkuImagesUrl', 'strings'],
]);

const DELIVERY_INFO: Fields = new Map<string, Kind>([
  ['key', 'string'],
  ['value', 'strings'],
  ['type', 'int'],
]);

const DELIVERY_RECORD: Fields = new Map<string, Kind>([
  ['imageUrls', 'strings'],
  ['description', 'string'],
  ['createTime', 'string'],
  ['deliveringNumber', 'int'],
]);

const ORDER: Fields = new Map<string, Kind>([
  ['id', 'id'],
  ['orderNum', 'string'],
  ['masterOrderNum', 'string'],
  ['buyerId', 'optId'],
  ['buyerName', 'string'],
  ['orderStatus', 'int'],
  ['orderDeliveryStatus', 'int'],
  ['payTime', 'string'],
  ['createTime', 'string'],
  ['deliveryType', 'int'],
  ['deliveryMethodName', 'string'],
  ['originalCurrencyProductPrice', 'string'],
  ['originalCurrencyCode', 'string'],
  ['originalCurrencySymbol', 'string'],
  ['orderDeliveryTotal', 'int'],
  ['deliveringNumber', 'int'],
  ['remark', 'string'],
  ['isExistAfterSales', 'bool'],
  ['isExistDispute', 'bool'],
  ['orderItems', ITEM],
  ['deliveryInfo', DELIVERY_INFO],
  ['orderDeliveryList', DELIVERY_RECORD],
  ['deliveryErrorInfo', 'record'],
]);

const MAX_ID = '9223372036854775807';
const ID_MESSAGE = `expected an ID: a decimal integer from 1 to ${MAX_ID}`;
const INT_TEXT_MESSAGE = `expected an integer ID from -${MAX_ID} to ${MAX_ID}`;
const LOST_PRECISION = 'an integer beyond 2^53 sent as a JSON number has lost its exact value';
const DIGITS = /^\d{1,40}$/;
const SIGNED_DIGITS = /^-?\d{1,40}$/;

/** Digits without leading zeros, and within 2^63−1; undefined past it. */
function canonicalMagnitude(digits: string): string | undefined {
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 0x30) start++;
  const s = start === 0 ? digits : digits.slice(start);
  if (s.length > 19 || (s.length === 19 && s > MAX_ID)) return undefined;
  return s;
}

/** An ID in canonical form (1 … 2^63−1), or an issue message. */
function readId(v: unknown): string | { message: string } {
  if (typeof v === 'string') {
    if (!DIGITS.test(v)) return { message: ID_MESSAGE };
    const s = canonicalMagnitude(v);
    return s === undefined || s === '0' ? { message: ID_MESSAGE } : s;
  }
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) return { message: ID_MESSAGE };
    if (!Number.isSafeInteger(v)) return { message: LOST_PRECISION };
    return v >= 1 ? String(v) : { message: ID_MESSAGE };
  }
  return { message: ID_MESSAGE };
}

/** An ID-like integer in canonical text (|n| ≤ 2^63−1), or an issue message. */
function readIntText(v: unknown): string | { message: string } {
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) return { message: INT_TEXT_MESSAGE };
    return Number.isSafeInteger(v) ? String(v) : { message: LOST_PRECISION };
  }
  if (typeof v !== 'string' || !SIGNED_DIGITS.test(v)) return { message: INT_TEXT_MESSAGE };
  const negative = v.charCodeAt(0) === 0x2d;
  const s = canonicalMagnitude(negative ? v.slice(1) : v);
  if (s === undefined) return { message: INT_TEXT_MESSAGE };
  return negative && s !== '0' ? `-${s}` : s;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const issue = (path: Path, message: string): DecodeIssue => ({ path, message });

/**
 * Checks (and normalises in place) the fields of `obj`, an object `depth` containers deep in the response.
 * Returns the first issue, its path relative to `obj`.
 */
function checkObject(obj: Record<string, unknown>, fields: Fields, depth: number): DecodeIssue | undefined {
  for (const key in obj) {
    const v = obj[key];
    const kind = fields.get(key);
    if (kind === undefined) {
      // Unknown field: kept as sent, but its nesting is bounded like everything else.
      const deep = nestedTooDeep(v, MAX_JSON_DEPTH - depth);
      if (deep) return issue([key, ...deep], `nested deeper than ${MAX_JSON_DEPTH} levels`);
      continue;
    }
    if (v === null || v === undefined) {
      if (kind === 'id') return issue([key], ID_MESSAGE);
      continue;
    }
    const problem = checkValue(obj, key, v, kind, depth);
    if (problem) return problem;
  }
  return undefined;
}

function checkValue(
  obj: Record<string, unknown>,
  key: string,
  v: unknown,
  kind: Kind,
  depth: number,
): DecodeIssue | undefined {
  switch (kind) {
    case 'string':
      return typeof v === 'string' ? undefined : issue([key], 'expected a string');
    case 'bool':
      return typeof v === 'boolean' ? undefined : issue([key], 'expected true or false');
    case 'int':
      if (typeof v === 'number' && Number.isSafeInteger(v)) return undefined;
      return issue([key], typeof v === 'number' && Number.isInteger(v) ? LOST_PRECISION : 'expected an integer');
    case 'id':
    case 'optId': {
      const id = readId(v);
      if (typeof id !== 'string') return issue([key], id.message);
      obj[key] = id;
      return undefined;
    }
    case 'intText': {
      const text = readIntText(v);
      if (typeof text !== 'string') return issue([key], text.message);
      obj[key] = text;
      return undefined;
    }
    case 'strings': {
      if (!Array.isArray(v)) return issue([key], 'expected an array of strings');
      for (let i = 0; i < v.length; i++) {
        if (typeof v[i] !== 'string') return issue([key, i], 'expected a string');
      }
      return undefined;
    }
    case 'record': {
      if (!isPlainObject(v)) return issue([key], 'expected an object');
      const deep = nestedTooDeep(v, MAX_JSON_DEPTH - depth);
      return deep ? issue([key, ...deep], `nested deeper than ${MAX_JSON_DEPTH} levels`) : undefined;
    }
    default: {
      // A list of objects of a known shape.
      if (!Array.isArray(v)) return issue([key], 'expected an array');
      if (depth + 2 > MAX_JSON_DEPTH) return issue([key], `nested deeper than ${MAX_JSON_DEPTH} levels`);
      for (let i = 0; i < v.length; i++) {
        const element: unknown = v[i];
        if (!isPlainObject(element)) return issue([key, i], 'expected an object');
        const inner = checkObject(element, kind, depth + 2);
        if (inner) return issue([key, i, ...inner.path], inner.message);
      }
      return undefined;
    }
  }
}

/** Containers around an order in the response: the envelope, `data`, `list`, the order itself. */
const ORDER_DEPTH = 4;

/** One order of a page (`raw` as parsed, normalised in place). The issue's path starts at the order. */
export function decodeOrder(raw: unknown): Decoded<Order> {
  if (!isPlainObject(raw)) return { ok: false, issue: issue([], 'expected an order object') };
  if (raw['id'] === undefined) return { ok: false, issue: issue(['id'], ID_MESSAGE) };
  const problem = checkObject(raw, ORDER, ORDER_DEPTH);
  return problem ? { ok: false, issue: problem } : { ok: true, value: raw as Order };
}

/** Segments of a path shown before it is cut short (a nesting-depth issue has ~60). */
const PATH_SHOWN = 16;

/** "data.list[3].orderItems[0].productSpuId" from path segments. */
export function formatDecodePath(prefix: string, path: Path): string {
  let out = prefix;
  for (const p of path.slice(0, PATH_SHOWN)) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${p}`;
  return path.length > PATH_SHOWN ? `${out}…` : out;
}

/** How a skipped order is named: its canonical ID, or what was sent in its place (quoted, at most 40 characters). */
function skippedId(raw: unknown): string {
  const sent = isPlainObject(raw) ? raw['id'] : undefined;
  const id = readId(sent);
  if (typeof id === 'string') return id;
  if (sent === undefined) return '(no ID)';
  return JSON.stringify(String(sent).slice(0, 40));
}

function optionalInt(data: Record<string, unknown>, key: string): DecodeIssue | undefined {
  const v = data[key];
  if (v === null || v === undefined || (typeof v === 'number' && Number.isSafeInteger(v))) return undefined;
  return issue([key], 'expected an integer');
}

/** The order list's `data`. Page-level problems fail the page; an order that does not decode is skipped. */
export function decodeOrderListData(data: unknown): Decoded<OrderListData> {
  if (!isPlainObject(data)) return { ok: false, issue: issue([], 'expected an object') };
  const total = data['totalCount'];
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) {
    return { ok: false, issue: issue(['totalCount'], 'expected a whole number ≥ 0 (required)') };
  }
  for (const key of ['pageIndex', 'pageSize', 'pageCount']) {
    const problem = optionalInt(data, key);
    if (problem) return { ok: false, issue: problem };
  }
  const raw = data['list'] ?? [];
  if (!Array.isArray(raw)) return { ok: false, issue: issue(['list'], 'expected an array') };
  const list: Order[] = [];
  const skipped: SkippedOrder[] = [];
  for (let i = 0; i < raw.length; i++) {
    const element: unknown = raw[i];
    const order = decodeOrder(element);
    if (order.ok) {
      list.push(order.value);
      continue;
    }
    const createTime = isPlainObject(element) ? element['createTime'] : undefined;
    skipped.push({
      id: skippedId(element),
      ...(typeof createTime === 'string' ? { createTime } : {}),
      reason: `${formatDecodePath(`data.list[${i}]`, order.issue.path)}: ${order.issue.message}`,
    });
  }
  data['list'] = list;
  data['skipped'] = skipped;
  return { ok: true, value: data as OrderListData };
}

/** Lines for a person: which orders were skipped and why (at most `shown` of them, then a count). */
export function describeSkippedOrders(orders: readonly SkippedOrder[], total = orders.length, shown = 10): string {
  const head =
    total === 1
      ? '1 order could not be read and was skipped (the rest were kept):'
      : `${total} orders could not be read and were skipped (the rest were kept):`;
  const lines = orders.slice(0, shown).map((o) => `  order ${o.id}: ${o.reason}`);
  if (total > lines.length) lines.push(`  … and ${total - lines.length} more`);
  return [head, ...lines].join('\n');
}

/** The order list's `data`; a page-level problem fails it, a problem inside one order only skips that order. */
export const orderListDataSchema = z.unknown().transform((data, ctx): OrderListData => {
  const decoded = decodeOrderListData(data);
  if (decoded.ok) return decoded.value;
  ctx.addIssue({ code: 'custom', message: decoded.issue.message, path: decoded.issue.path });
  return z.NEVER;
});
