import { useT } from '../../i18n/t';
import { ToggleButton } from '../../components/ui/ToggleButton';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import uPlot from 'uplot';
import { labelAxisSpace, valueAxisSize } from './chartAxes';
import 'uplot/dist/uPlot.min.css';
import { useAppStore } from '../../stores/appStore';
import { SERIES_COLORS, SERIES_DASHES, themeColors } from './chartColors';

export interface ChartSeries {
  label: string;
  values: ReadonlyArray<number | null>;
}

interface SeriesChartProps {
  /** The chart's stable name (data-chart), whatever the language: "Orders", "Revenue EUR". */
  chartId?: string;
  title: string;
  /** One label per point (a bucket's period). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  format: (v: number | null) => string;
  /** Bars (counts) or lines (amounts, times). */
  kind: 'bars' | 'lines';
  /** Opens what produced point `i` (the Orders list of its bucket). */
  onOpen: (i: number) => void;
  /** The same figures as a table (the data-table toggle). */
  table: ReactNode;
  height?: number;
  /** A sparkline: no axes, legend or table toggle. */
  compact?: boolean;
  /**
   * Drawn after the screen's first paint (a chart below the first viewport): its place is held at its height until
   * the frame after the first one, then it is drawn in a task of its own, so the first paint waits only for the
   * charts a merchant sees first.
   */
  later?: boolean;
}

/**
 * A time series drawn by uPlot (canvas: 730 points × several series in a few ms, see docs/PERFORMANCE.md). Keyboard:
 * the chart is one focusable element; ←/→ (Home/End) move between points, the point is announced, Enter opens it;
 * a click opens the point under the pointer. "Show table" gives the same figures as a table with links.
 */
export function SeriesChart(props: SeriesChartProps) {
  const { chartId, title, labels, series, format, kind, onOpen, table, height = 220, compact = false } = props;
  const [shown, setShown] = useState(!props.later);
  const t = useT();
  const periodLabel = t('insights.period');
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [asTable, setAsTable] = useState(false);
  const [point, setPoint] = useState<number | null>(null);
  const [renderMs, setRenderMs] = useState<number | null>(null);
  const theme = useAppStore((s) => s.theme);
  const openRef = useRef(onOpen);
  useEffect(() => {
    openRef.current = onOpen;
  }, [onOpen]);
  const describedBy = useId();

  useEffect(() => {
    if (shown) return;
    // The frame after this commit is the first paint; a task queued from it runs once that frame is on screen.
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => setShown(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (task !== undefined) clearTimeout(task);
    };
  }, [shown]);

  useEffect(() => {
    const el = box.current;
    if (!el || asTable || !shown) return;
    const started = performance.now();
    const colors = themeColors(el);
    const xs = labels.map((_, i) => i);
    const data: uPlot.AlignedData = [xs, ...series.map((s) => s.values.map((v) => v))];
    const bars = kind === 'bars' ? uPlot.paths.bars!({ size: [0.7, 40], gap: 1 }) : undefined;
    const axis = { stroke: colors.muted, grid: { stroke: colors.grid, width: 0.5 }, ticks: { stroke: colors.grid } };
    const u = new uPlot(
      {
        width: Math.max(120, el.clientWidth),
        height,
        legend: { show: !compact },
        cursor: { y: false, points: { size: 8 } },
        scales: { x: { time: false } },
        axes: compact
          ? [{ show: false }, { show: false }]
          : [
              {
                ...axis,
                values: (_u, splits) => splits.map((i) => labels[Math.round(i)] ?? ''),
                space: labelAxisSpace(labels),
              },
              { ...axis, values: (_u, splits) => splits.map((v) => format(v)), size: valueAxisSize },
            ],
        series: [
          { label: periodLabel, value: (_u, i) => (i == null ? '' : (labels[Math.round(i)] ?? '')) },
          ...series.map((s, i) => ({
            label: s.label,
            stroke: SERIES_COLORS[i % SERIES_COLORS.length],
            fill: kind === 'bars' ? `${SERIES_COLORS[i % SERIES_COLORS.length]}cc` : undefined,
            dash: kind === 'lines' ? SERIES_DASHES[i % SERIES_DASHES.length] : undefined,
            width: kind === 'lines' ? 2 : 1,
            paths: bars,
            points: { show: kind === 'lines' && labels.length <= 60 },
            value: (_u: uPlot, v: number | null) => format(v),
          })),
        ],
      },
      data,
      el,
    );
    u.over.addEventListener('click', () => {
      const i = u.cursor.idx;
      if (i != null) openRef.current(i);
    });
    plot.current = u;
    setRenderMs(performance.now() - started);
    const resize = new ResizeObserver(() => u.setSize({ width: Math.max(120, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [labels, series, kind, height, compact, asTable, theme, format, periodLabel, shown]);

  const moveTo = (i: number) => {
    const n = labels.length;
    if (n === 0) return;
    const at = Math.max(0, Math.min(n - 1, i));
    setPoint(at);
    const u = plot.current;
    if (u) u.setCursor({ left: u.valToPos(at, 'x'), top: u.over.clientHeight / 2 });
  };
  const onKey = (e: KeyboardEvent) => {
    const cur = point ?? labels.length - 1;
    if (e.key === 'ArrowRight') moveTo(point === null ? cur : cur + 1);
    else if (e.key === 'ArrowLeft') moveTo(point === null ? cur : cur - 1);
    else if (e.key === 'Home') moveTo(0);
    else if (e.key === 'End') moveTo(labels.length - 1);
    else if (e.key === 'Enter' && point !== null) onOpen(point);
    else return;
    e.preventDefault();
  };
  const spoken =
    point === null
      ? ''
      : t('insights.point', {
          period: labels[point] ?? '',
          values: series
            .map((s) => t('insights.pointValue', { label: s.label, value: format(s.values[point] ?? null) }))
            .join(t('attention.listSeparator')),
        });

  return (
    <figure className={compact ? 'chart chart-compact' : 'chart'} data-chart={chartId ?? title}>
      <figcaption className="chart-head">
        <span className="chart-title">{title}</span>
        {!compact && (
          <ToggleButton look="link" pressed={asTable} onClick={() => setAsTable(!asTable)}>
            {asTable ? t('insights.showChart') : t('insights.showTable')}
          </ToggleButton>
        )}
      </figcaption>
      {asTable ? (
        table
      ) : !shown ? (
        // Held at the drawn chart's height (its legend's line included): nothing moves when it is drawn.
        <div className="chart-pending" style={{ height: height + 32 }} aria-hidden="true" />
      ) : (
        <>
          <div
            ref={box}
            className="chart-canvas"
            tabIndex={0}
            role="img"
            aria-label={t('insights.chartLabel', { title, count: labels.length })}
            aria-describedby={describedBy}
            data-render-ms={renderMs === null ? undefined : renderMs.toFixed(2)}
            onKeyDown={onKey}
            onBlur={() => setPoint(null)}
          />
          <p id={describedBy} className="chart-point" aria-live="polite">
            {spoken}
          </p>
        </>
      )}
    </figure>
  );
}
