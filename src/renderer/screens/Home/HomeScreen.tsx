import { Msg, useT } from '../../i18n/t';
import { MARK } from '../../i18n/marks';
import { ScreenTitle } from '../../i18n/ScreenTitle';
import { useEffect, useMemo } from 'react';
import { RevenueAmounts } from '../Insights/RevenueAmounts';
import { filterOf } from '../../../shared/ipc/insights';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatRoute, navigate, type Route } from '../../router';
import { countAtLeast, useAttentionStore } from '../../stores/attentionStore';
import { useChangesStore } from '../../stores/changesStore';
import { daysAgo, useInsightsStore } from '../../stores/insightsStore';
import { ordersHref } from '../Insights/ordersLink';
import { SeriesChart } from '../Insights/SeriesChart';
import '../Insights/Insights.css';
import './Home.css';

const ATTENTION_KINDS = ['refunds', 'overdue', 'dueSoon', 'exceptions', 'disputes'] as const;

/**
 * Home: the short overview the app opens on — today's orders and revenue (from the cache), what needs attention (the
 * attention queue's counts), the last 30 days' orders as a sparkline — and the full Insights one click away.
 */
export function HomeScreen(_props: { route: Route }) {
  const today = useInsightsStore((s) => s.today);
  const month = useInsightsStore((s) => s.month);
  const attention = useAttentionStore((s) => s.queue);
  const revision = useChangesStore((s) => s.revision);
  const day = daysAgo(0);
  useEffect(() => {
    const store = useInsightsStore.getState();
    void store.load('today', { range: { from: day, to: day }, top: 1 });
    void store.load('month', { range: { from: daysAgo(29), to: day }, top: 1 });
  }, [day, revision]);
  const tr = useT();
  const t = today.data?.total;
  const m = month.data;
  const labels = useMemo(() => m?.buckets.map((b) => b.firstDay) ?? [], [m]);
  const ordersLabel = tr('home.ordersSeries');
  const series = useMemo(
    () => [{ label: ordersLabel, values: m?.buckets.map((b) => b.orders) ?? [] }],
    [m, ordersLabel],
  );
  const counts = attention.data?.counts;

  return (
    <section className="home" aria-labelledby="home-title">
      <h1 id="home-title">
        <ScreenTitle screen="home" />
      </h1>
      <h2>{tr('home.today')}</h2>
      {today.error && <ErrorNotice error={today.error} />}
      <ul className="insights-tiles" aria-label={tr('home.today')}>
        <li>
          {t ? (
            <a href={ordersHref(t.filter)} data-testid="home-today-orders">
              <Msg
                id="home.ordersToday"
                values={{ count: t.orders, value: (n) => <span className="tile-value">{n}</span> }}
              />
            </a>
          ) : (
            <span className="muted">{MARK.pending}</span>
          )}
        </li>
        <li>
          <RevenueAmounts revenue={t ? t.revenue : null} />
          <span className="muted">{tr('home.revenueToday')}</span>
        </li>
        {t && t.afterSales > 0 && (
          <li>
            <a href={ordersHref(filterOf(t.filter, 'afterSales'))}>
              <Msg
                id="home.refundsToday"
                values={{ count: t.afterSales, value: (n) => <span className="tile-value">{n}</span> }}
              />
            </a>
          </li>
        )}
      </ul>
      <h2>{tr('screen.attention')}</h2>
      {attention.error && <ErrorNotice error={attention.error} />}
      {counts && counts.total === 0 && <p className="muted">{tr('home.nothing')}</p>}
      {counts && counts.total > 0 && (
        <ul className="home-attention">
          {ATTENTION_KINDS.filter((k) => counts[k] > 0).map((k) => (
            <li key={k}>
              <a href={formatRoute('attention')}>
                <Msg
                  id={`home.attention.${k}`}
                  values={{
                    count: counts[k],
                    // "10,000+" while the exact count is counted (a million orders).
                    more: countAtLeast(attention.data, k) ? 'yes' : 'no',
                    value: (n) => <strong>{n}</strong>,
                  }}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <h2>{tr('home.last30')}</h2>
      {month.error && <ErrorNotice error={month.error} />}
      {m && (
        <SeriesChart
          title={tr('home.chartTitle', { from: m.range.from, to: m.range.to, total: m.total.orders })}
          kind="bars"
          compact
          height={60}
          labels={labels}
          series={series}
          format={(v) => (v === null ? MARK.none : String(v))}
          onOpen={(i) => {
            const b = m.buckets[i];
            if (b) navigate(ordersHref(b.filter));
          }}
          table={null}
        />
      )}
      <p>
        <a className="home-insights-link" href={formatRoute('insights')}>
          {tr('home.openInsights')}
        </a>
      </p>
    </section>
  );
}
