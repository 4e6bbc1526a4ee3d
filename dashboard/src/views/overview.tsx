// The overview: the site's traffic and conversions over a period, as figures (text, against the
// previous period of equal length), as charts with their tables, top pages and referrers, and a
// funnel. The period, the charts' interval and the funnel are in the URL (overview-query.ts).
import { api, call, type Paths } from '../api/client';
import { DataTable } from '../components/data-table';
import { Async } from '../components/status';
import { TimeChart } from '../components/time-chart';
import { formatBucket, formatCount, formatMoney, formatPercent } from '../format';
import { navigateSearch, useSearch } from '../router';
import { useApi } from '../use-api';
import { Funnel } from './funnel';
import { apiPeriod, overviewSearch, parseOverviewQuery, type OverviewQuery } from './overview-query';
import { PeriodForm } from './period-form';

type Summary = Paths['/api/v1/sites/{siteId}/analytics/summary']['get']['responses'][200]['content']['application/json']['data'];
type SummaryFigures = Summary['previous'];

const TRAFFIC = [
  ['visitors', 'Visitors'],
  ['sessions', 'Sessions'],
  ['page_views', 'Page views'],
] as const;

export function Overview({ siteId }: { siteId: string }) {
  const query = parseOverviewQuery(useSearch());
  const apply = (change: Partial<OverviewQuery>) => navigateSearch(overviewSearch({ ...query, ...change }));
  const period = apiPeriod(query);
  const { interval, tz } = query;
  const [summary] = useApi(() => call(api.GET('/api/v1/sites/{siteId}/analytics/summary', { params: { path: { siteId }, query: period } })), [siteId, period]);
  const [series] = useApi(
    () =>
      Promise.all(
        TRAFFIC.map(([metric]) =>
          call(api.GET('/api/v1/sites/{siteId}/analytics/timeseries', { params: { path: { siteId }, query: { ...period, metric, interval } } })),
        ),
      ),
    [siteId, period, interval],
  );
  const [top] = useApi(
    () =>
      Promise.all(
        (['page', 'referrer_host'] as const).map((dimension) =>
          call(api.GET('/api/v1/sites/{siteId}/analytics/top', { params: { path: { siteId }, query: { ...period, dimension, limit: 10 } } })),
        ),
      ),
    [siteId, period],
  );
  return (
    <>
      <h1>Overview</h1>
      <PeriodForm query={query} apply={apply} />
      <section aria-labelledby="figures">
        <h2 id="figures">Figures</h2>
        <Async state={summary} what="the figures">
          {(s) => <Figures now={s} previous={s.previous} />}
        </Async>
      </section>
      <section aria-labelledby="traffic">
        <h2 id="traffic">Traffic by {interval}</h2>
        <Async state={series} what="the charts">
          {(all) => (
            <TimeChart
              title={`Visitors, sessions and page views per ${interval} (${tz})`}
              buckets={all[0]?.map((p) => p.bucket_start) ?? []}
              series={TRAFFIC.map(([, label], i) => ({ label, values: all[i]?.map((p) => p.value) ?? [] }))}
              formatBucket={(iso) => formatBucket(iso, interval, tz)}
              tz={tz}
            />
          )}
        </Async>
      </section>
      <section aria-labelledby="top">
        <h2 id="top">Top pages and referrers</h2>
        <Async state={top} what="the top pages">
          {([pages = [], referrers = []]) => (
            <div class="side-by-side">
              <DataTable caption="Pages by page views" rows={pages} rowKey={(r) => r.value} columns={[{ label: 'Page', cell: (r) => r.value }, { label: 'Page views', numeric: true, cell: (r) => formatCount(r.count) }]} empty="No page views in this period." />
              <DataTable caption="Referrers by sessions" rows={referrers} rowKey={(r) => r.value} columns={[{ label: 'Referrer', cell: (r) => r.value }, { label: 'Sessions', numeric: true, cell: (r) => formatCount(r.count) }]} empty="No referred sessions in this period." />
            </div>
          )}
        </Async>
      </section>
      <Funnel siteId={siteId} query={query} apply={apply} />
    </>
  );
}

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'new';
  const d = (now - before) / before;
  return `${d >= 0 ? '+' : '−'}${formatPercent(Math.abs(d), 0)} on the previous period`;
}

function Figures({ now, previous }: { now: SummaryFigures; previous: SummaryFigures }) {
  const counts = [
    ['Visitors', now.visitors, previous.visitors],
    ['Sessions', now.sessions, previous.sessions],
    ['Page views', now.page_views, previous.page_views],
    ['Product views', now.product_views, previous.product_views],
    ['Add to carts', now.add_to_carts, previous.add_to_carts],
    ['Conversions', now.conversions.count, previous.conversions.count],
  ] as const;
  return (
    <dl class="figures">
      {counts.map(([label, value, before]) => (
        <div key={label} data-figure={label}>
          <dt>{label}</dt>
          <dd>
            <span class="figure">{formatCount(value)}</span>
            <span class="delta">{change(value, before)}</span>
          </dd>
        </div>
      ))}
      <div>
        <dt>Revenue</dt>
        <dd>
          <span class="figure">{formatMoney(now.conversions.revenue)}</span>
        </dd>
      </div>
      <div>
        <dt>Conversion rate</dt>
        <dd>
          <span class="figure">{formatPercent(now.conversion_rate, 2)}</span>
        </dd>
      </div>
      <div>
        <dt>Average order value</dt>
        <dd>
          <span class="figure">{formatMoney(now.average_order_value)}</span>
        </dd>
      </div>
    </dl>
  );
}
