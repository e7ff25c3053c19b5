import { ScreenTitle } from '../../i18n/ScreenTitle';
import { useEffect, useMemo, useState } from 'react';
import { formatBin, formatDuration, formatRevenue, formatShare } from '../../../shared/domain/insightsFormat';
import { filterOf, type InsightsMetric, type OrdersFilter } from '../../../shared/ipc/insights';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatRoute, navigate, type Route } from '../../router';
import { useChangesStore } from '../../stores/changesStore';
import { useInsightsStore, type Insights } from '../../stores/insightsStore';
import { BarList } from './BarList';
import { PRESETS, viewOf, type InsightsView } from './insightsRoute';
import { ordersHref } from './ordersLink';
import { SeriesChart, type ChartSeries } from './SeriesChart';
import './Insights.css';

type Bucket = Insights['buckets'][number];

const count = (v: number | null) => (v === null ? '—' : Math.round(v).toLocaleString('en'));
const duration = (v: number | null) => formatDuration(v === null ? null : Math.max(0, v));

/** Where a figure's click goes: the Orders list with the figure's filter. */
const open = (filter: OrdersFilter) => navigate(ordersHref(filter));

function setParams(route: Route, change: Record<string, string | null>) {
  const params = new URLSearchParams(route.params);
  for (const [k, v] of Object.entries(change))
    if (v === null) params.delete(k);
    else params.set(k, v);
  navigate(formatRoute('insights', [], params), { replace: true });
}

/** The figures of a chart as a table: one row per period, each count a link to its orders. */
function FiguresTable({
  buckets,
  columns,
}: {
  buckets: readonly Bucket[];
  columns: ReadonlyArray<{ label: string; text: (b: Bucket) => string; metric?: InsightsMetric }>;
}) {
  return (
    <div className="figures-table">
      <table>
        <thead>
          <tr>
            <th scope="col">Period</th>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {buckets.map((b) => (
            <tr key={b.firstDay}>
              <th scope="row">{period(b)}</th>
              {columns.map((c) => (
                <td key={c.label}>
                  {c.metric ? <a href={ordersHref(filterOf(b.filter, c.metric))}>{c.text(b)}</a> : c.text(b)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const period = (b: Pick<Bucket, 'firstDay' | 'lastDay'>) =>
  b.firstDay === b.lastDay ? b.firstDay : `${b.firstDay} – ${b.lastDay}`;

/**
 * Insights: what the cache knows about the shop over a range, per day, week or month of this computer's zone —
 * orders, revenue per currency (each on its own), delivery times against the required time, lateness, exceptions,
 * refund requests, disputes, top products and SKUs, repeat buyers. Every bar and count opens the Orders list of the
 * orders behind it. The range lives in the address (`#/insights?range=90&by=week`).
 */
export function InsightsScreen({ route }: { route: Route }) {
  const view = useMemo(() => viewOf(route.params), [route.params]);
  const state = useInsightsStore((s) => s.screen);
  const revision = useChangesStore((s) => s.revision);
  const key = JSON.stringify(view.request);
  useEffect(() => {
    void useInsightsStore.getState().load('screen', JSON.parse(key) as InsightsView['request']);
  }, [key, revision]);
  const [customFrom, setCustomFrom] = useState(view.request.range.from);
  const [customTo, setCustomTo] = useState(view.request.range.to);
  const d = state.data;

  return (
    <section className="insights" aria-labelledby="insights-title" aria-busy={state.status === 'loading'}>
      <header className="insights-head">
        <h1 id="insights-title">
          <ScreenTitle screen="insights" />
        </h1>
        <div className="insights-controls" role="group" aria-label="Range">
          {PRESETS.map((p) => (
            <button
              key={p.id}
              type="button"
              aria-pressed={view.preset === p.id}
              onClick={() => setParams(route, { range: p.id, by: null, from: null, to: null })}
            >
              {p.label}
            </button>
          ))}
          <form
            className="insights-custom"
            onSubmit={(e) => {
              e.preventDefault();
              setParams(route, { range: 'custom', from: customFrom, to: customTo });
            }}
          >
            <label>
              From <input type="date" value={customFrom} onChange={(e) => setCustomFrom(e.target.value)} />
            </label>
            <label>
              To <input type="date" value={customTo} onChange={(e) => setCustomTo(e.target.value)} />
            </label>
            <button type="submit" aria-pressed={view.preset === 'custom'}>
              Custom range
            </button>
          </form>
          <label>
            By{' '}
            <select
              value={view.request.granularity ?? 'day'}
              onChange={(e) => setParams(route, { by: e.target.value })}
            >
              <option value="day">day</option>
              <option value="week">week</option>
              <option value="month">month</option>
            </select>
          </label>
          <label>
            Currency{' '}
            <select
              value={view.request.currency ?? ''}
              onChange={(e) => setParams(route, { currency: e.target.value || null })}
            >
              <option value="">All, each on its own</option>
              {(d?.currencies ?? (view.request.currency ? [view.request.currency] : [])).map((c) => (
                <option key={c} value={c}>
                  {c || '(none)'}
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>
      {state.error && <ErrorNotice error={state.error} />}
      {d && <InsightsBody d={d} />}
      {!d && state.status === 'loading' && <p className="muted">Reading the cache…</p>}
    </section>
  );
}

function InsightsBody({ d }: { d: Insights }) {
  const t = d.total;
  const labels = useMemo(() => d.buckets.map((b) => (b.firstDay === b.lastDay ? b.firstDay : b.firstDay)), [d]);
  const openBucket = (i: number) => {
    const b = d.buckets[i];
    if (b) open(b.filter);
  };
  const orders = useMemo<ChartSeries[]>(() => [{ label: 'Orders', values: d.buckets.map((b) => b.orders) }], [d]);
  const revenue = useMemo(
    () =>
      d.total.revenue.map((r) => ({
        currency: r.currency,
        series: [
          {
            label: r.currency || '(no currency)',
            values: d.buckets.map((b) => {
              const a = b.revenue.find((x) => x.currency === r.currency);
              return a ? Number(a.amount) : 0;
            }),
          },
        ],
      })),
    [d],
  );
  const delivery = useMemo<ChartSeries[]>(
    () => [
      { label: 'Median', values: d.buckets.map((b) => b.leadMedianMs) },
      { label: 'p90', values: d.buckets.map((b) => b.leadP90Ms) },
      { label: 'Required (median)', values: d.buckets.map((b) => b.requiredMedianMs) },
    ],
    [d],
  );
  const problems = useMemo<ChartSeries[]>(
    () => [
      { label: 'Delivery exceptions', values: d.buckets.map((b) => b.exceptions) },
      { label: 'Refund requests', values: d.buckets.map((b) => b.afterSales) },
      { label: 'Disputes', values: d.buckets.map((b) => b.disputes) },
    ],
    [d],
  );
  return (
    <>
      <ul className="insights-tiles" aria-label="The range at a glance">
        <li>
          <a href={ordersHref(t.filter)}>
            <span className="tile-value">{count(t.orders)}</span> orders
          </a>
          <span className="muted">
            {t.paidOrders.toLocaleString('en')} paid · {t.units.toLocaleString('en')} units
          </span>
        </li>
        <li>
          <span className="tile-value tile-money">{formatRevenue(t.revenue)}</span>
          <span className="muted">revenue of paid orders, per currency</span>
        </li>
        <li>
          <span className="tile-value">{duration(t.leadMedianMs)}</span>
          <span className="muted">
            paid → delivered (median; p90 {duration(t.leadP90Ms)}; required {duration(t.requiredMedianMs)})
          </span>
        </li>
        <li>
          <span className="tile-value">{formatShare(t.lateShare)}</span>
          <span className="muted">
            delivered late ({t.late} of {t.measured})
          </span>
        </li>
        <li>
          <a href={ordersHref(filterOf(t.filter, 'exceptions'))}>
            <span className="tile-value">{t.exceptions}</span> delivery exceptions
          </a>
        </li>
        <li>
          <a href={ordersHref(filterOf(t.filter, 'afterSales'))}>
            <span className="tile-value">{t.afterSales}</span> refund requests
          </a>
          {!d.decisionsKnown && <span className="muted">decisions are not in the orders the platform sends</span>}
        </li>
        <li>
          <a href={ordersHref(filterOf(t.filter, 'disputes'))}>
            <span className="tile-value">{t.disputes}</span> disputes
          </a>
        </li>
      </ul>
      <div className="insights-charts">
        <SeriesChart
          title="Orders"
          kind="bars"
          labels={labels}
          series={orders}
          format={count}
          onOpen={openBucket}
          table={
            <FiguresTable
              buckets={d.buckets}
              columns={[{ label: 'Orders', text: (b) => count(b.orders), metric: 'orders' }]}
            />
          }
        />
        {revenue.map((r) => (
          <SeriesChart
            key={r.currency}
            title={`Revenue, ${r.currency || 'no currency'} (paid orders)`}
            kind="lines"
            labels={labels}
            series={r.series}
            format={(v) => (v === null ? '—' : v.toLocaleString('en'))}
            onOpen={openBucket}
            table={
              <FiguresTable
                buckets={d.buckets}
                columns={[
                  {
                    label: `Revenue ${r.currency}`,
                    text: (b) => b.revenue.find((x) => x.currency === r.currency)?.amount ?? '0',
                    metric: 'orders',
                  },
                ]}
              />
            }
          />
        ))}
        <SeriesChart
          title="Paid to delivered"
          kind="lines"
          labels={labels}
          series={delivery}
          format={duration}
          onOpen={openBucket}
          table={
            <FiguresTable
              buckets={d.buckets}
              columns={[
                { label: 'Median', text: (b) => duration(b.leadMedianMs) },
                { label: 'p90', text: (b) => duration(b.leadP90Ms) },
                { label: 'Required (median)', text: (b) => duration(b.requiredMedianMs) },
                { label: 'Late', text: (b) => (b.measured ? `${b.late} (${formatShare(b.lateShare)})` : '—') },
              ]}
            />
          }
        />
        <SeriesChart
          title="Exceptions, refund requests, disputes"
          kind="bars"
          labels={labels}
          series={problems}
          format={count}
          onOpen={openBucket}
          table={
            <FiguresTable
              buckets={d.buckets}
              columns={[
                { label: 'Delivery exceptions', text: (b) => count(b.exceptions), metric: 'exceptions' },
                { label: 'Refund requests', text: (b) => count(b.afterSales), metric: 'afterSales' },
                { label: 'Disputes', text: (b) => count(b.disputes), metric: 'disputes' },
              ]}
            />
          }
        />
      </div>
      <div className="insights-lists">
        <BarList
          title="Paid to delivered (orders)"
          rows={d.deliveryHistogram.map((h) => ({
            key: String(h.fromMs),
            label: formatBin(h.fromMs, h.toMs),
            value: h.orders,
            valueText: h.orders.toLocaleString('en'),
          }))}
        />
        <BarList
          title="Top products by revenue"
          rows={d.topProductsByRevenue.map((r) => ({
            key: `${r.currency}:${r.productKey}`,
            label: r.title || r.productKey,
            detail: `${r.orders} orders`,
            value: Number(r.revenue),
            valueText: `${r.currency} ${r.revenue}`,
            href: ordersHref(r.filter),
          }))}
        />
        <BarList
          title="Top products by refund rate"
          rows={d.topProductsByRefundRate.map((r) => ({
            key: r.productKey,
            label: r.title || r.productKey,
            detail: `${r.afterSales} of ${r.orders} orders`,
            value: r.refundRate,
            valueText: formatShare(r.refundRate),
            href: ordersHref({ ...r.filter, afterSales: 'yes' }),
          }))}
        />
        <BarList
          title="Top SKUs by revenue"
          rows={d.topSkusByRevenue.map((r) => ({
            key: `${r.currency}:${r.productKey}:${r.skuKey}`,
            label: r.skuLabel || r.skuKey || '',
            detail: r.title,
            value: Number(r.revenue),
            valueText: `${r.currency} ${r.revenue}`,
            href: ordersHref(r.filter),
          }))}
        />
        <BarList
          title="Top SKUs by refund rate"
          rows={d.topSkusByRefundRate.map((r) => ({
            key: `${r.productKey}:${r.skuKey}`,
            label: r.skuLabel || r.skuKey || '',
            detail: `${r.title} · ${r.afterSales} of ${r.orders}`,
            value: r.refundRate,
            valueText: formatShare(r.refundRate),
            href: ordersHref({ ...r.filter, afterSales: 'yes' }),
          }))}
        />
        <BarList
          title={`Buyers with repeat orders: ${d.repeatBuyers.buyers} (${d.repeatBuyers.orders} orders)`}
          rows={d.repeatBuyers.top.map((b) => ({
            key: b.buyerId,
            label: b.buyerName || b.buyerId,
            value: b.orders,
            valueText: `${b.orders} orders`,
            href: ordersHref(b.filter),
          }))}
        />
      </div>
    </>
  );
}
