// Campaigns of the site with their figures of the last 30 days (GET /analytics/campaigns).
import { api, call } from '../api/client';
import { DataTable } from '../components/data-table';
import { Async } from '../components/status';
import { browserTimeZone, daysAgo, formatCount, formatMoney, formatPercent } from '../format';
import { useApi } from '../use-api';

export function Campaigns({ siteId }: { siteId: string }) {
  const [state] = useApi(
    () =>
      Promise.all([
        call(api.GET('/api/v1/sites/{siteId}/campaigns', { params: { path: { siteId }, query: { limit: 100 } } })),
        call(api.GET('/api/v1/sites/{siteId}/analytics/campaigns', { params: { path: { siteId }, query: { from: daysAgo(29), tz: browserTimeZone() } } })),
      ]),
    [siteId],
  );
  return (
    <>
      <h1>Campaigns</h1>
      <Async state={state} what="the campaigns">
        {([campaigns, figures]) => {
          const byId = new Map(figures.campaigns.map((f) => [f.campaign_id, f]));
          return (
            <>
              <DataTable
                caption={`Campaigns, ${figures.from.slice(0, 10)} to ${figures.to.slice(0, 10)}`}
                rows={campaigns}
                rowKey={(c) => c.campaign_id}
                columns={[
                  { label: 'Name', cell: (c) => c.name },
                  { label: 'Kind', cell: (c) => c.kind },
                  { label: 'Status', cell: (c) => c.status },
                  { label: 'Experiment', cell: (c) => (c.experiment_id ? 'gated' : '—') },
                  { label: 'Impressions', numeric: true, cell: (c) => formatCount(byId.get(c.campaign_id)?.impressions ?? 0) },
                  { label: 'Clicks', numeric: true, cell: (c) => formatCount(byId.get(c.campaign_id)?.clicks ?? 0) },
                  { label: 'Click rate', numeric: true, cell: (c) => formatPercent(byId.get(c.campaign_id)?.ctr ?? 0) },
                  { label: 'Submissions', numeric: true, cell: (c) => formatCount(byId.get(c.campaign_id)?.submissions ?? 0) },
                  { label: 'Add to carts', numeric: true, cell: (c) => formatCount(byId.get(c.campaign_id)?.add_to_carts ?? 0) },
                  { label: 'Orders', numeric: true, cell: (c) => formatCount(byId.get(c.campaign_id)?.orders ?? 0) },
                  { label: 'Revenue', numeric: true, cell: (c) => formatMoney(byId.get(c.campaign_id)?.revenue as Record<string, number> | undefined) },
                ]}
              />
              <p>
                Not tied to a campaign: {formatCount(figures.unattributed.impressions)} impressions and {formatCount(figures.unattributed.clicks)} clicks.
              </p>
            </>
          );
        }}
      </Async>
    </>
  );
}
