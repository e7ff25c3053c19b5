import { formatMoney } from '../../format/money';
import { ToggleButton } from '../../components/ui/ToggleButton';
import { currentFormatLocale } from '../../i18n/localeStore';
import { MARK } from '../../i18n/marks';
import { Msg, SPACE, useT } from '../../i18n/t';
import { binText, countText, durationText, shareText } from './insightsText';
import { RevenueAmounts } from './RevenueAmounts';
import { ScreenTitle } from '../../i18n/ScreenTitle';
import { useEffect, useMemo, useState } from 'react';
import { filterOf, type InsightsMetric, type OrdersFilter } from '../../../shared/ipc/insights';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Select } from '../../components/ui/Select';
import { formatRoute, navigate, type Route } from '../../router';
import { useChangesStore } from '../../stores/changesStore';
import { useInsightsStore, type Insights } from '../../stores/insightsStore';
import { BarList } from './BarList';
import { PRESETS, viewOf, type InsightsView } from './insightsRoute';
import { ordersHref } from './ordersLink';
import { SeriesChart, type ChartSeries } from './SeriesChart';
import './Insights.css';

type Bucket = Insights['buckets'][number];

const count = countText;
const duration = durationText;
const formatShare = shareText;
const num = (v: number) => countText(v);

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
  const t = useT();
  return (
    <div className="figures-table">
      <table>
        <thead>
          <tr>
            <th scope="col">{t('insights.period')}</th>
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

/** A revenue axis value (one function for every render: a new one would make its chart draw again). */
const amount = (v: number | null) => (v === null ? MARK.none : v.toLocaleString(currentFormatLocale()));

/**
 * The charts drawn with the first paint: the first viewport's at 1280×800 (the tiles, then two rows of two); the
 * rest are drawn right after it (SeriesChart's `later`), each in a task of its own.
 */
const FIRST_CHARTS = 4;

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
  const t = useT();

  return (
    <section className="insights" aria-labelledby="insights-title" aria-busy={state.status === 'loading'}>
      <header className="insights-head">
        <h1 id="insights-title">
          <ScreenTitle screen="insights" />
        </h1>
        <div className="insights-controls" role="group" aria-label={t('insights.range')}>
          {PRESETS.map((p) => (
            <ToggleButton
              key={p.id}
              look="segment"
              pressed={view.preset === p.id}
              onClick={() => setParams(route, { range: p.id, by: null, from: null, to: null })}
            >
              {t(`insights.preset.${p.id}`)}
            </ToggleButton>
          ))}
          <form
            className="insights-custom"
            onSubmit={(e) => {
              e.preventDefault();
              setParams(route, { range: 'custom', from: customFrom, to: customTo });
            }}
          >
            <label>
              {t('insights.from')}
              {SPACE}
              <input type="date" value={customFrom} onChange={(e) => setCustomFrom(e.target.value)} />
            </label>
            <label>
              {t('insights.to')}
              {SPACE}
              <input type="date" value={customTo} onChange={(e) => setCustomTo(e.target.value)} />
            </label>
            <ToggleButton type="submit" look="segment" pressed={view.preset === 'custom'}>
              {t('insights.custom')}
            </ToggleButton>
          </form>
          <label>
            {t('insights.by')}
            {SPACE}
            <Select
              value={view.request.granularity ?? 'day'}
              onChange={(e) => setParams(route, { by: e.target.value })}
            >
              <option value="day">{t('insights.by.day')}</option>
              <option value="week">{t('insights.by.week')}</option>
              <option value="month">{t('insights.by.month')}</option>
            </Select>
          </label>
          <label>
            {t('insights.currency')}
            {SPACE}
            <Select
              value={view.request.currency ?? ''}
              onChange={(e) => setParams(route, { currency: e.target.value || null })}
            >
              <option value="">{t('insights.currency.all')}</option>
              {(d?.currencies ?? (view.request.currency ? [view.request.currency] : [])).map((c) => (
                <option key={c} value={c}>
                  {c || t('insights.currency.none')}
                </option>
              ))}
            </Select>
          </label>
        </div>
      </header>
      {state.error && <ErrorNotice error={state.error} />}
      {d && <InsightsBody d={d} />}
      {!d && state.status === 'loading' && <p className="muted">{t('insights.loading')}</p>}
    </section>
  );
}

function InsightsBody({ d }: { d: Insights }) {
  const tr = useT();
  const t = d.total;
  const labels = useMemo(() => d.buckets.map((b) => (b.firstDay === b.lastDay ? b.firstDay : b.firstDay)), [d]);
  const openBucket = (i: number) => {
    const b = d.buckets[i];
    if (b) open(b.filter);
  };
  const orders = useMemo<ChartSeries[]>(
    () => [{ label: tr('insights.orders'), values: d.buckets.map((b) => b.orders) }],
    [d, tr],
  );
  const revenue = useMemo(
    () =>
      d.total.revenue.map((r) => ({
        currency: r.currency,
        series: [
          {
            label: r.currency || tr('insights.noCurrency'),
            values: d.buckets.map((b) => {
              const a = b.revenue.find((x) => x.currency === r.currency);
              return a ? Number(a.amount) : 0;
            }),
          },
        ],
      })),
    [d, tr],
  );
  const delivery = useMemo<ChartSeries[]>(
    () => [
      { label: tr('insights.median'), values: d.buckets.map((b) => b.leadMedianMs) },
      { label: tr('insights.p90'), values: d.buckets.map((b) => b.leadP90Ms) },
      { label: tr('insights.required'), values: d.buckets.map((b) => b.requiredMedianMs) },
    ],
    [d, tr],
  );
  const problems = useMemo<ChartSeries[]>(
    () => [
      { label: tr('insights.exceptions'), values: d.buckets.map((b) => b.exceptions) },
      { label: tr('insights.refunds'), values: d.buckets.map((b) => b.afterSales) },
      { label: tr('insights.disputes'), values: d.buckets.map((b) => b.disputes) },
    ],
    [d, tr],
  );
  return (
    <>
      <ul className="insights-tiles" aria-label={tr('insights.glance')}>
        <li>
          <a href={ordersHref(t.filter)}>
            <Msg
              id="insights.tile.orders"
              values={{ count: t.orders, value: (v) => <span className="tile-value">{v}</span> }}
            />
          </a>
          <span className="muted">{tr('insights.tile.paidUnits', { paid: t.paidOrders, units: t.units })}</span>
        </li>
        <li>
          <RevenueAmounts revenue={t.revenue} />
          <span className="muted">{tr('insights.tile.revenue')}</span>
        </li>
        <li>
          <span className="tile-value">{duration(t.leadMedianMs)}</span>
          <span className="muted">
            {tr('insights.tile.lead', { p90: duration(t.leadP90Ms), required: duration(t.requiredMedianMs) })}
          </span>
        </li>
        <li>
          <span className="tile-value">{formatShare(t.lateShare)}</span>
          <span className="muted">{tr('insights.tile.late', { late: t.late, measured: t.measured })}</span>
        </li>
        <li>
          <a href={ordersHref(filterOf(t.filter, 'exceptions'))}>
            <Msg
              id="insights.tile.exceptions"
              values={{ count: t.exceptions, value: (v) => <span className="tile-value">{v}</span> }}
            />
          </a>
        </li>
        <li>
          <a href={ordersHref(filterOf(t.filter, 'afterSales'))}>
            <Msg
              id="insights.tile.refunds"
              values={{ count: t.afterSales, value: (v) => <span className="tile-value">{v}</span> }}
            />
          </a>
          {!d.decisionsKnown && <span className="muted">{tr('insights.tile.noDecisions')}</span>}
        </li>
        <li>
          <a href={ordersHref(filterOf(t.filter, 'disputes'))}>
            <Msg
              id="insights.tile.disputes"
              values={{ count: t.disputes, value: (v) => <span className="tile-value">{v}</span> }}
            />
          </a>
        </li>
      </ul>
      <div className="insights-charts">
        <SeriesChart
          chartId="Orders"
          title={tr('insights.orders')}
          kind="bars"
          labels={labels}
          series={orders}
          format={count}
          onOpen={openBucket}
          table={
            <FiguresTable
              buckets={d.buckets}
              columns={[{ label: tr('insights.orders'), text: (b) => count(b.orders), metric: 'orders' }]}
            />
          }
        />
        {revenue.map((r, i) => (
          <SeriesChart
            key={r.currency}
            chartId={`Revenue ${r.currency}`}
            title={tr('insights.revenueChart', { currency: r.currency || tr('insights.noCurrency') })}
            kind="lines"
            labels={labels}
            series={r.series}
            format={amount}
            later={i + 1 >= FIRST_CHARTS}
            onOpen={openBucket}
            table={
              <FiguresTable
                buckets={d.buckets}
                columns={[
                  {
                    label: tr('insights.revenueColumn', { currency: r.currency }),
                    text: (b) => b.revenue.find((x) => x.currency === r.currency)?.amount ?? '0',
                    metric: 'orders',
                  },
                ]}
              />
            }
          />
        ))}
        <SeriesChart
          chartId="Delivery"
          later={revenue.length + 1 >= FIRST_CHARTS}
          title={tr('insights.lead')}
          kind="lines"
          labels={labels}
          series={delivery}
          format={duration}
          onOpen={openBucket}
          table={
            <FiguresTable
              buckets={d.buckets}
              columns={[
                { label: tr('insights.median'), text: (b) => duration(b.leadMedianMs) },
                { label: tr('insights.p90'), text: (b) => duration(b.leadP90Ms) },
                { label: tr('insights.required'), text: (b) => duration(b.requiredMedianMs) },
                {
                  label: tr('insights.late'),
                  text: (b) =>
                    b.measured ? tr('insights.lateCell', { late: b.late, share: formatShare(b.lateShare) }) : MARK.none,
                },
              ]}
            />
          }
        />
        <SeriesChart
          chartId="Problems"
          later={revenue.length + 2 >= FIRST_CHARTS}
          title={tr('insights.problems')}
          kind="bars"
          labels={labels}
          series={problems}
          format={count}
          onOpen={openBucket}
          table={
            <FiguresTable
              buckets={d.buckets}
              columns={[
                { label: tr('insights.exceptions'), text: (b) => count(b.exceptions), metric: 'exceptions' },
                { label: tr('insights.refunds'), text: (b) => count(b.afterSales), metric: 'afterSales' },
                { label: tr('insights.disputes'), text: (b) => count(b.disputes), metric: 'disputes' },
              ]}
            />
          }
        />
      </div>
      <div className="insights-lists">
        <BarList
          title={tr('insights.histogram')}
          rows={d.deliveryHistogram.map((h) => ({
            key: String(h.fromMs),
            label: binText(h.fromMs, h.toMs),
            value: h.orders,
            valueText: num(h.orders),
          }))}
        />
        <BarList
          title={tr('insights.topProductsRevenue')}
          rows={d.topProductsByRevenue.map((r) => ({
            key: `${r.currency}:${r.productKey}`,
            label: r.title || r.productKey,
            detail: tr('common.orderCount', { count: r.orders }),
            value: Number(r.revenue),
            valueText: formatMoney(r.revenue, r.currency),
            href: ordersHref(r.filter),
          }))}
        />
        <BarList
          title={tr('insights.topProductsRefund')}
          rows={d.topProductsByRefundRate.map((r) => ({
            key: r.productKey,
            label: r.title || r.productKey,
            detail: tr('insights.refundOf', { refunds: r.afterSales, count: r.orders }),
            value: r.refundRate,
            valueText: formatShare(r.refundRate),
            href: ordersHref({ ...r.filter, afterSales: 'yes' }),
          }))}
        />
        <BarList
          title={tr('insights.topSkusRevenue')}
          rows={d.topSkusByRevenue.map((r) => ({
            key: `${r.currency}:${r.productKey}:${r.skuKey}`,
            label: r.skuLabel || r.skuKey || '',
            detail: r.title,
            value: Number(r.revenue),
            valueText: formatMoney(r.revenue, r.currency),
            href: ordersHref(r.filter),
          }))}
        />
        <BarList
          title={tr('insights.topSkusRefund')}
          rows={d.topSkusByRefundRate.map((r) => ({
            key: `${r.productKey}:${r.skuKey}`,
            label: r.skuLabel || r.skuKey || '',
            detail: tr('insights.skuRefundOf', { title: r.title, refunds: r.afterSales, count: r.orders }),
            value: r.refundRate,
            valueText: formatShare(r.refundRate),
            href: ordersHref({ ...r.filter, afterSales: 'yes' }),
          }))}
        />
        <BarList
          title={tr('insights.repeatBuyers', { buyers: d.repeatBuyers.buyers, count: d.repeatBuyers.orders })}
          rows={d.repeatBuyers.top.map((b) => ({
            key: b.buyerId,
            label: b.buyerName || b.buyerId,
            value: b.orders,
            valueText: tr('common.orderCount', { count: b.orders }),
            href: ordersHref(b.filter),
          }))}
        />
      </div>
    </>
  );
}
