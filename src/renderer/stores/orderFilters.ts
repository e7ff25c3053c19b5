import { translate } from '../i18n/t';
import type { IpcRequest } from '../../shared/ipc/contract';
import type { IpcError } from '../../shared/ipc/result';

/**
 * The orders list's filters as the merchant sets them (text as typed, dates as `YYYY-MM-DD` days in the merchant's
 * time zone), their place in the URL hash (`#/orders?q=muller&status=2,3`), and the cache query they become.
 * Pure: the store, the screen and the saved views share it.
 */

/** Any / only orders with it / only orders without it. */
export type Tristate = 'any' | 'yes' | 'no';
export type SortKey = 'created' | 'paid';
export type SortDirection = 'desc' | 'asc';

export interface OrderFilters {
  /** Words that must all occur in order number, buyer name, product titles, SKU attributes or remark. */
  search: string;
  orderNum: string;
  id: string;
  buyerId: string;
  productTitle: string;
  statuses: number[];
  afterSalesStatuses: number[];
  deliveryStatuses: number[];
  createdFrom: string;
  createdTo: string;
  updatedFrom: string;
  updatedTo: string;
  afterSales: Tristate;
  dispute: Tristate;
  exception: Tristate;
  sort: SortKey;
  direction: SortDirection;
}

export type TextField = 'search' | 'orderNum' | 'id' | 'buyerId' | 'productTitle';
export type DateField = 'createdFrom' | 'createdTo' | 'updatedFrom' | 'updatedTo';
export type StatusField = 'statuses' | 'afterSalesStatuses' | 'deliveryStatuses';
export type TristateField = 'afterSales' | 'dispute' | 'exception';
/** A field a problem can be shown at. */
export type FilterField = TextField | DateField | StatusField;

export const emptyFilters: Readonly<OrderFilters> = Object.freeze({
  search: '',
  orderNum: '',
  id: '',
  buyerId: '',
  productTitle: '',
  statuses: [],
  afterSalesStatuses: [],
  deliveryStatuses: [],
  createdFrom: '',
  createdTo: '',
  updatedFrom: '',
  updatedTo: '',
  afterSales: 'any',
  dispute: 'any',
  exception: 'any',
  sort: 'created',
  direction: 'desc',
} satisfies OrderFilters);

/** URL parameter of each field: short, stable (saved views keep them), readable in the address bar. */
const PARAM: Record<keyof OrderFilters, string> = {
  search: 'q',
  orderNum: 'num',
  id: 'id',
  buyerId: 'buyer',
  productTitle: 'title',
  statuses: 'status',
  afterSalesStatuses: 'afterSalesStatus',
  deliveryStatuses: 'delivery',
  createdFrom: 'createdFrom',
  createdTo: 'createdTo',
  updatedFrom: 'updatedFrom',
  updatedTo: 'updatedTo',
  afterSales: 'afterSales',
  dispute: 'dispute',
  exception: 'exception',
  sort: 'sort',
  direction: 'dir',
};

const TEXT_FIELDS: readonly TextField[] = ['search', 'orderNum', 'id', 'buyerId', 'productTitle'];
const DATE_FIELDS: readonly DateField[] = ['createdFrom', 'createdTo', 'updatedFrom', 'updatedTo'];
const STATUS_FIELDS: readonly StatusField[] = ['statuses', 'afterSalesStatuses', 'deliveryStatuses'];
const TRISTATE_FIELDS: readonly TristateField[] = ['afterSales', 'dispute', 'exception'];

/** Whole numbers of a comma list; anything else in it is dropped (a hand-edited address must not break the list). */
function statusList(text: string | null): number[] {
  if (!text) return [];
  const values = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^-?\d{1,9}$/.test(s))
    .map(Number);
  return [...new Set(values)].sort((a, b) => a - b);
}

/** Filters from the hash's parameters; unknown parameters and malformed values are ignored. */
export function filtersFromParams(params: URLSearchParams): OrderFilters {
  const f: OrderFilters = { ...emptyFilters, statuses: [], afterSalesStatuses: [], deliveryStatuses: [] };
  // Text and dates are kept as written: a bad one is shown at its field, not silently dropped.
  for (const field of [...TEXT_FIELDS, ...DATE_FIELDS]) f[field] = params.get(PARAM[field]) ?? '';
  for (const field of STATUS_FIELDS) f[field] = statusList(params.get(PARAM[field]));
  for (const field of TRISTATE_FIELDS) {
    const v = params.get(PARAM[field]);
    f[field] = v === '1' ? 'yes' : v === '0' ? 'no' : 'any';
  }
  if (params.get(PARAM.sort) === 'paid') f.sort = 'paid';
  if (params.get(PARAM.direction) === 'asc') f.direction = 'asc';
  return f;
}

/** The parameters of filters: only what differs from the defaults, in a fixed order (equal filters, equal URLs). */
export function filtersToParams(f: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of TEXT_FIELDS) if (f[field].trim() !== '') params.set(PARAM[field], f[field]);
  for (const field of STATUS_FIELDS)
    if (f[field].length > 0) params.set(PARAM[field], [...f[field]].sort((a, b) => a - b).join(','));
  for (const field of DATE_FIELDS) if (f[field].trim() !== '') params.set(PARAM[field], f[field].trim());
  for (const field of TRISTATE_FIELDS) if (f[field] !== 'any') params.set(PARAM[field], f[field] === 'yes' ? '1' : '0');
  if (f.sort !== 'created') params.set(PARAM.sort, f.sort);
  if (f.direction !== 'desc') params.set(PARAM.direction, f.direction);
  return params;
}

/** A stable text of filters: two filters are the same query exactly when their keys are equal. */
export const filtersKey = (f: OrderFilters): string => filtersToParams(f).toString();

/** Nothing narrows the list (sort aside). */
export function hasNoFilter(f: OrderFilters): boolean {
  return filtersKey({ ...f, sort: 'created', direction: 'desc' }) === '';
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant a day starts (or, `end`, its last millisecond) in the merchant's time zone, as the platform writes
 * instants; undefined when `day` is not a real `YYYY-MM-DD` day (the host then says what is wrong with it).
 */
export function dayInstant(day: string, end: boolean): string | undefined {
  const m = DAY.exec(day.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const start = new Date(y, mo - 1, d);
  start.setFullYear(y); // years below 100 are not 19xx
  if (start.getFullYear() !== y || start.getMonth() !== mo - 1 || start.getDate() !== d) return undefined;
  const next = new Date(start);
  next.setDate(d + 1);
  return new Date(end ? next.getTime() - 1 : start.getTime()).toISOString();
}

/** Years a merchant's filter can mean; "0002" is a year being typed (or mistyped), not a day to filter by. */
export const PLAUSIBLE_YEARS = { from: 1970, to: 2199 } as const;

/** A real `YYYY-MM-DD` day in a plausible year: what a date field applies while the merchant is still typing. */
export function plausibleDay(day: string): boolean {
  const m = DAY.exec(day.trim());
  if (!m || dayInstant(day, false) === undefined) return false;
  const year = Number(m[1]);
  return year >= PLAUSIBLE_YEARS.from && year <= PLAUSIBLE_YEARS.to;
}

/** The `YYYY-MM-DD` of an instant in the merchant's time zone (today's, for "Delivery errors today"). */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export type CacheFilter = IpcRequest<'orders:count'>;

/**
 * The cache's filter for the merchant's filters. Blank text is no filter; a day becomes the instant it starts
 * (from) or ends (to) in the merchant's zone; a value that is not a day is passed on as written, so the host's
 * check names the field and what a good value looks like.
 */
export function toCacheFilter(f: OrderFilters): CacheFilter {
  const q: CacheFilter = {};
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  const day = (v: string, end: boolean) => (v.trim() === '' ? undefined : (dayInstant(v, end) ?? v.trim()));
  const search = text(f.search);
  if (search !== undefined) q.search = search;
  const orderNum = text(f.orderNum);
  if (orderNum !== undefined) q.orderNum = orderNum;
  const id = text(f.id);
  if (id !== undefined) q.id = id;
  const buyerId = text(f.buyerId);
  if (buyerId !== undefined) q.buyerId = buyerId;
  const productTitle = text(f.productTitle);
  if (productTitle !== undefined) q.productTitle = productTitle;
  if (f.statuses.length > 0) q.sellerOrderStatus = [...f.statuses];
  if (f.afterSalesStatuses.length > 0) q.orderAfterSalesStatus = [...f.afterSalesStatuses];
  if (f.deliveryStatuses.length > 0) q.deliveryStatus = [...f.deliveryStatuses];
  const cb = day(f.createdFrom, false);
  if (cb !== undefined) q.createBeginDate = cb;
  const ce = day(f.createdTo, true);
  if (ce !== undefined) q.createEndDate = ce;
  const ub = day(f.updatedFrom, false);
  if (ub !== undefined) q.updateBeginDate = ub;
  const ue = day(f.updatedTo, true);
  if (ue !== undefined) q.updateEndDate = ue;
  if (f.afterSales !== 'any') q.hasAfterSales = f.afterSales === 'yes';
  if (f.dispute !== 'any') q.hasDispute = f.dispute === 'yes';
  if (f.exception !== 'any') q.deliveryException = f.exception === 'yes';
  return q;
}

export type FieldIssues = Partial<Record<FilterField, string>>;

/**
 * Problems found before asking the host: a reversed range (the host would answer it as one sentence, and it is
 * clearer at the field). Everything else is the host's to check.
 */
export function localIssues(f: OrderFilters): FieldIssues {
  const issues: FieldIssues = {};
  const reversed = (from: string, to: string) => {
    const a = dayInstant(from, false);
    const b = dayInstant(to, false);
    return a !== undefined && b !== undefined && a > b;
  };
  const labels: Record<DateField, string> = {
    createdFrom: translate('filters.createdFrom'),
    createdTo: translate('filters.createdTo'),
    updatedFrom: translate('filters.updatedFrom'),
    updatedTo: translate('filters.updatedTo'),
  };
  for (const field of DATE_FIELDS) {
    const value = f[field].trim();
    // A real day in an odd year (a year typed short, then left): said at the field, nothing asked.
    if (value !== '' && dayInstant(value, false) !== undefined && !plausibleDay(value))
      issues[field] = translate('filters.yearMistyped', {
        field: labels[field],
        year: value.slice(0, 4),
        from: String(PLAUSIBLE_YEARS.from),
        to: String(PLAUSIBLE_YEARS.to),
      });
  }
  if (reversed(f.createdFrom, f.createdTo)) issues.createdTo = translate('filters.createdReversed');
  if (reversed(f.updatedFrom, f.updatedTo)) issues.updatedTo = translate('filters.updatedReversed');
  return issues;
}

/** Which filter field each request field of the cache query is. */
const FIELD_OF_REQUEST: Record<string, FilterField> = {
  search: 'search',
  orderNum: 'orderNum',
  id: 'id',
  buyerId: 'buyerId',
  productTitle: 'productTitle',
  sellerOrderStatus: 'statuses',
  orderAfterSalesStatus: 'afterSalesStatuses',
  deliveryStatus: 'deliveryStatuses',
  createBeginDate: 'createdFrom',
  createEndDate: 'createdTo',
  updateBeginDate: 'updatedFrom',
  updateEndDate: 'updatedTo',
};

/** The host's per-field problems (its `issues`, by request field) at the merchant's fields; the rest stays general. */
export function issuesByField(error: IpcError | null): { fields: FieldIssues; general: boolean } {
  const fields: FieldIssues = {};
  const issues = error?.issues ?? [];
  let unplaced = issues.length === 0;
  for (const issue of issues) {
    const field = FIELD_OF_REQUEST[issue.path.split('.')[0] ?? ''];
    if (field) fields[field] = fields[field] ?? issue.message;
    else unplaced = true;
  }
  return { fields, general: error !== null && unplaced };
}
