import { insightsFigures } from '../insights/insightsFigures';
import {
  addDays,
  dayText,
  daysBetween,
  isTimeZone,
  localDayOf,
  parseDay,
  zonedBuckets,
  type Bucket,
  type LocalDay,
} from '../insights/zonedBuckets';
import { dayNumber } from '../insights/localDays';
import type { OrderCache } from '../cache/orderCache';
import type { CacheError } from '../../shared/errors/cacheErrors';
import { err, ok, type Result } from '../result';
import type { AppError } from '../../shared/errors/appError';
import {
  INSIGHTS_MAX_BUCKETS,
  INSIGHTS_MAX_DAYS,
  insightsRequestSchema,
  type InsightsData,
  type InsightsQuery,
} from '../../shared/ipc/insights';
import type { Session } from './session';
import { appErrorFromCache } from './sessionErrors';

/**
 * Insights (`insights:get`, `merchant-desk insights`): what the cache knows, per local day, week or month of the
 * merchant's zone — computed from the cache alone, offline. The same figures for every caller.
 */
export function getInsights(session: Session, input: unknown): Result<InsightsData, AppError> {
  const parsed = insightsRequestSchema.safeParse(input ?? {});
  if (!parsed.success)
    return invalid(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })));
  const q = parsed.data;
  const from = parseDay(q.range.from);
  const to = parseDay(q.range.to);
  const problems: Array<{ path: string; message: string }> = [];
  if (!from) problems.push({ path: 'range.from', message: `${q.range.from} is not a real day` });
  if (!to) problems.push({ path: 'range.to', message: `${q.range.to} is not a real day` });
  if (!isTimeZone(q.timeZone))
    problems.push({
      path: 'timeZone',
      message: `${q.timeZone} is not a time zone (an IANA name such as Europe/Berlin)`,
    });
  if (from && to && daysBetween(from, to) < 0)
    problems.push({ path: 'range.to', message: 'to must not be before from' });
  if (from && to && daysBetween(from, to) >= INSIGHTS_MAX_DAYS)
    problems.push({ path: 'range', message: `a range is at most ${INSIGHTS_MAX_DAYS} days` });
  if (problems.length > 0) return invalid(problems);
  const buckets = zonedBuckets(from as LocalDay, to as LocalDay, q.granularity, q.timeZone);
  if (buckets.length > INSIGHTS_MAX_BUCKETS)
    return invalid([
      {
        path: 'granularity',
        message: `${buckets.length} buckets; at most ${INSIGHTS_MAX_BUCKETS} (use weeks or months)`,
      },
    ]);
  const c = session.existingCache();
  if (!c.ok) return c;
  const r = insightsFromCache(c.value, q, buckets);
  if (!r.ok) return err(appErrorFromCache(r.error, session.wording.rebuildHint));
  return ok(r.value);
}

/** The figures of a validated request over its buckets (the use case after its checks; the bench times it). */
export function insightsFromCache(
  cache: OrderCache,
  q: InsightsQuery,
  buckets: readonly Bucket[],
): Result<InsightsData, CacheError> {
  const dayOf = (text: string) => dayNumber(parseDay(text)!);
  const days = { buckets: buckets.map((b) => ({ firstDay: dayOf(b.firstDay), lastDay: dayOf(b.lastDay) })) };
  const fromMs = buckets[0]?.startMs ?? 0;
  const toMs = buckets[buckets.length - 1]?.endMs ?? 0;
  return cache.insightRows({ timeZone: q.timeZone, days, fromMs, toMs, top: q.top }, (rows) =>
    insightsFigures(q, buckets, rows),
  );
}

function invalid(issues: Array<{ path: string; message: string }>): Result<never, AppError> {
  return err({
    kind: 'invalid-input',
    message: issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '),
    issues,
  });
}

/**
 * The range of a request that names none or one end: `to` defaults to today in the zone, `from` to 29 days before
 * `to` (30 days). Given days are passed on as written (the use case checks them).
 */
export function defaultInsightsRange(
  nowMs: number,
  timeZone: string,
  from?: string,
  to?: string,
): { from: string; to: string } {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const end = to ?? dayText(localDayOf(nowMs, zone));
  const endDay = parseDay(end);
  return { from: from ?? (endDay ? dayText(addDays(endDay, -29)) : end), to: end };
}
