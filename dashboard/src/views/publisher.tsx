// Publisher analytics (owners of publisher-mode sites): clicks, orders and commission of the last
// 30 days, and the content and destinations that earned it.
import { api, call } from '../api/client';
import { DataTable } from '../components/data-table';
import { Async } from '../components/status';
import { daysAgo, formatCount, formatMoney } from '../format';
import { useApi } from '../use-api';
import type { SiteInfo } from './site-info';

export function Publisher({ site }: { site: SiteInfo }) {
  return (
    <>
      <h1>Publisher analytics</h1>
      {!site.publisher_mode ? (
        <p>This site is not in publisher mode: it has no publisher analytics.</p>
      ) : site.role !== 'owner' ? (
        <p>Publisher analytics are for the site’s owners.</p>
      ) : (
        <PublisherReport siteId={site.site_id} />
      )}
    </>
  );
}

function PublisherReport({ siteId }: { siteId: string }) {
  const [report] = useApi(() => call(api.GET('/api/v1/analytics/publishers', { params: { query: { website_id: siteId, from: daysAgo(29) } } })), [siteId]);
  return (
    <Async state={report} what="the publisher report">
      {(r) => (
        <>
          <p>
            From {r.from.slice(0, 10)} to {r.to.slice(0, 10)}.
          </p>
          <dl class="figures">
            <div>
              <dt>Clicks</dt>
              <dd class="figure">{formatCount(r.clicks)}</dd>
            </div>
            <div>
              <dt>Settled orders</dt>
              <dd class="figure">{formatCount(r.settled_orders)}</dd>
            </div>
            <div>
              <dt>Commissionable revenue</dt>
              <dd class="figure">{formatMoney(r.commissionable_revenue as number | Record<string, number>)}</dd>
            </div>
            <div>
              <dt>Approved commission</dt>
              <dd class="figure">{formatMoney(r.commission.approved as number | Record<string, number>)}</dd>
            </div>
            <div>
              <dt>Pending commission</dt>
              <dd class="figure">{formatMoney(r.commission.pending as number | Record<string, number>)}</dd>
            </div>
            <div>
              <dt>Reversals</dt>
              <dd class="figure">{formatCount(r.reversals.count)}</dd>
            </div>
          </dl>
          <DataTable
            caption="Top content by clicks"
            rows={r.top_content}
            rowKey={(c) => c.content_id}
            columns={[
              { label: 'Content', cell: (c) => c.content_id },
              { label: 'Clicks', numeric: true, cell: (c) => formatCount(c.clicks) },
              { label: 'Commission', numeric: true, cell: (c) => formatMoney(c.commission as number | Record<string, number>) },
            ]}
          />
          <DataTable
            caption="Top destinations by clicks"
            rows={r.top_destinations}
            rowKey={(d) => d.destination}
            columns={[
              { label: 'Destination', cell: (d) => d.destination },
              { label: 'Clicks', numeric: true, cell: (d) => formatCount(d.clicks) },
              { label: 'Commission', numeric: true, cell: (d) => formatMoney(d.commission as number | Record<string, number>) },
            ]}
          />
        </>
      )}
    </Async>
  );
}
