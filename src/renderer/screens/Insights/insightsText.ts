import { currentFormatLocale } from '../../i18n/localeStore';
import { translate as t } from '../../i18n/t';
import { MARK } from '../../i18n/marks';

/**
 * Insights figures in the app's language (the CLI keeps its English words: src/shared/domain/insightsFormat.ts):
 * a delivery time as "1 h 20 min" / "1 小时 20 分钟", a share as "12.5%", counts with the locale's grouping (revenue:
 * RevenueAmounts.tsx). Worded at the call: the screen calls
 * `useT`, so it re-renders when the language changes.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export function countText(v: number | null): string {
  return v === null ? MARK.none : Math.round(v).toLocaleString(currentFormatLocale());
}

export function durationText(ms: number | null): string {
  if (ms === null) return MARK.none;
  const v = Math.max(0, ms);
  if (v < MIN) return t('insights.unit.s', { n: Math.round(v / 1000) });
  if (v < HOUR) return t('insights.unit.min', { n: Math.round(v / MIN) });
  if (v < DAY) {
    const h = Math.floor(v / HOUR);
    const m = Math.round((v - h * HOUR) / MIN);
    if (m === 0 || m === 60) return t('insights.unit.h', { n: m === 60 ? h + 1 : h });
    return t('insights.unit.hMin', { h, m });
  }
  const d = Math.floor(v / DAY);
  const h = Math.round((v - d * DAY) / HOUR);
  if (h === 0 || h === 24) return t('insights.unit.d', { n: h === 24 ? d + 1 : d });
  return t('insights.unit.dH', { d, h });
}

export function shareText(share: number | null): string {
  if (share === null) return MARK.none;
  return new Intl.NumberFormat(currentFormatLocale(), { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** A histogram bin: "1 h – 6 h", "7 d +". */
export function binText(fromMs: number, toMs: number | null): string {
  return toMs === null
    ? t('insights.binOpen', { from: durationText(fromMs) })
    : t('insights.bin', { from: durationText(fromMs), to: durationText(toMs) });
}
