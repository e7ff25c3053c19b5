/**
 * Words for Insights figures, the same in the CLI and the app: a delivery time as "1 h 20 min", a share as
 * "12.5 %", revenue as "EUR 12.30 · JPY 1500" (each currency on its own, never a sum).
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < MIN) return `${Math.round(ms / 1000)} s`;
  if (ms < HOUR) return `${Math.round(ms / MIN)} min`;
  if (ms < DAY) {
    const h = Math.floor(ms / HOUR);
    const m = Math.round((ms - h * HOUR) / MIN);
    return m === 0 ? `${h} h` : m === 60 ? `${h + 1} h` : `${h} h ${m} min`;
  }
  const d = Math.floor(ms / DAY);
  const h = Math.round((ms - d * DAY) / HOUR);
  return h === 0 ? `${d} d` : h === 24 ? `${d + 1} d` : `${d} d ${h} h`;
}

export function formatShare(share: number | null): string {
  if (share === null) return '—';
  const pct = share * 100;
  return `${pct === Math.round(pct) ? pct.toFixed(0) : pct.toFixed(1)} %`;
}

export function formatRevenue(revenue: ReadonlyArray<{ currency: string; amount: string }>): string {
  return revenue.length === 0 ? '—' : revenue.map((r) => `${r.currency || '?'} ${r.amount}`).join(' · ');
}

/** Histogram bin label: "1–6 h", "7 d +". */
export function formatBin(fromMs: number, toMs: number | null): string {
  return toMs === null ? `${formatDuration(fromMs)} +` : `${formatDuration(fromMs)} – ${formatDuration(toMs)}`;
}
