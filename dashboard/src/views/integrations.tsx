// Network integrations of the site (Awin, CJ), and one integration's runs (with a run on demand).
import { useState } from 'preact/hooks';
import { api, call, callPage } from '../api/client';
import { DataTable } from '../components/data-table';
import { Link } from '../components/link';
import { More } from '../components/more';
import { Async, ErrorMessage } from '../components/status';
import { formatCount, formatDate } from '../format';
import { sitePath } from '../router';
import { useApi, usePaged } from '../use-api';

export function Integrations({ siteId, id }: { siteId: string; id?: string }) {
  return id ? <Runs siteId={siteId} integrationId={id} /> : <IntegrationList siteId={siteId} />;
}

function IntegrationList({ siteId }: { siteId: string }) {
  const list = usePaged(
    (cursor) => callPage(api.GET('/api/v1/sites/{siteId}/integrations', { params: { path: { siteId }, query: { limit: 50, ...(cursor ? { cursor } : {}) } } })),
    [siteId],
  );
  return (
    <>
      <h1>Integrations</h1>
      <Async state={list.state} what="the integrations">
        {(rows) => (
          <DataTable
            caption="Integrations"
            rows={rows}
            rowKey={(i) => i.integration_id}
            columns={[
              { label: 'Network', cell: (i) => <Link href={sitePath(siteId, 'integrations', i.integration_id)}>{i.kind === 'awin' ? 'Awin' : 'CJ'} {i.credentials.account_id}</Link> },
              { label: 'Status', cell: (i) => i.status },
              { label: 'Every', cell: (i) => `${i.every_minutes} min` },
              { label: 'Token', cell: (i) => `…${i.credentials.api_token_last4}` },
              { label: 'Next run', cell: (i) => formatDate(i.next_run_at) },
            ]}
          />
        )}
      </Async>
      <More list={list} what="integrations" />
    </>
  );
}

function Runs({ siteId, integrationId }: { siteId: string; integrationId: string }) {
  const path = { siteId, integrationId };
  const [integration] = useApi(() => call(api.GET('/api/v1/sites/{siteId}/integrations/{integrationId}', { params: { path } })), [siteId, integrationId]);
  const list = usePaged(
    (cursor) => callPage(api.GET('/api/v1/sites/{siteId}/integrations/{integrationId}/runs', { params: { path, query: { limit: 50, ...(cursor ? { cursor } : {}) } } })),
    [siteId, integrationId],
  );
  const [runError, setRunError] = useState<Error>();
  const runNow = () => {
    setRunError(undefined);
    call(api.POST('/api/v1/sites/{siteId}/integrations/{integrationId}/run', { params: { path } })).then(list.reload, setRunError);
  };
  const name = integration.status === 'ok' ? `${integration.data.kind === 'awin' ? 'Awin' : 'CJ'} ${integration.data.credentials.account_id}` : 'Integration';
  return (
    <>
      <p class="crumbs">
        <Link href={sitePath(siteId, 'integrations')}>Integrations</Link> ›
      </p>
      <h1>{name}</h1>
      <Async state={integration} what="the integration">
        {(i) => (
          <p>
            {i.status}; every {i.every_minutes} minutes, looking back {i.lookback_days} days; next run {formatDate(i.next_run_at)}.
          </p>
        )}
      </Async>
      <h2>Runs</h2>
      <button type="button" onClick={runNow}>
        Run now
      </button>
      {runError ? <ErrorMessage error={runError} /> : null}
      <Async state={list.state} what="the runs">
        {(rows) => (
          <DataTable
            caption="Runs"
            rows={rows}
            rowKey={(r) => r.run_id}
            columns={[
              { label: 'Queued', cell: (r) => formatDate(r.queued_at) },
              { label: 'By', cell: (r) => r.started_by },
              { label: 'Status', cell: (r) => r.status },
              { label: 'Records', numeric: true, cell: (r) => formatCount(r.records) },
              { label: 'Created', numeric: true, cell: (r) => formatCount(r.created) },
              { label: 'Updated', numeric: true, cell: (r) => formatCount(r.updated) },
              { label: 'Errors', numeric: true, cell: (r) => formatCount(r.errors) },
              { label: 'Error', cell: (r) => r.error?.message ?? '—' },
            ]}
          />
        )}
      </Async>
      <More list={list} what="runs" />
    </>
  );
}
