import type { InsightsRequest } from '../../stores/insightsStore';
import { daysAgo } from '../../stores/insightsStore';

/** The range presets: days back from today (12 months: 365 days by month); each named by `insights.preset.<id>`. */
export const PRESETS = [
  { id: '7', days: 7, by: 'day' },
  { id: '30', days: 30, by: 'day' },
  { id: '90', days: 90, by: 'day' },
  { id: '365', days: 365, by: 'month' },
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const BY = ['day', 'week', 'month'] as const;

export interface InsightsView {
  preset: string;
  request: Omit<InsightsRequest, 'timeZone'>;
}

/** The screen's request from its address (`#/insights?range=90&by=week&currency=EUR`, or `range=custom&from=&to=`). */
export function viewOf(params: URLSearchParams, now = new Date()): InsightsView {
  const currency = params.get('currency') || undefined;
  const byParam = params.get('by');
  const preset = PRESETS.find((p) => p.id === params.get('range'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (params.get('range') === 'custom' && DAY.test(from) && DAY.test(to)) {
    const by = BY.find((b) => b === byParam) ?? 'day';
    return { preset: 'custom', request: { range: { from, to }, granularity: by, ...(currency ? { currency } : {}) } };
  }
  const p = preset ?? PRESETS[1];
  const by = BY.find((b) => b === byParam) ?? p.by;
  return {
    preset: p.id,
    request: {
      range: { from: daysAgo(p.days - 1, now), to: daysAgo(0, now) },
      granularity: by,
      ...(currency ? { currency } : {}),
    },
  };
}
