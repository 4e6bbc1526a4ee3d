// Workflows of the site, and one workflow's webhook deliveries (with a replay of a failed one).
import { useState } from 'preact/hooks';
import { api, call, callPage } from '../api/client';
import { DataTable } from '../components/data-table';
import { Link } from '../components/link';
import { More } from '../components/more';
import { Async, ErrorMessage } from '../components/status';
import { formatDate } from '../format';
import { sitePath } from '../router';
import { useApi, usePaged } from '../use-api';

export function Workflows({ siteId, id }: { siteId: string; id?: string }) {
  return id ? <Deliveries siteId={siteId} workflowId={id} /> : <WorkflowList siteId={siteId} />;
}

function WorkflowList({ siteId }: { siteId: string }) {
  const list = usePaged(
    (cursor) => callPage(api.GET('/api/v1/sites/{siteId}/workflows', { params: { path: { siteId }, query: { limit: 50, ...(cursor ? { cursor } : {}) } } })),
    [siteId],
  );
  return (
    <>
      <h1>Workflows</h1>
      <Async state={list.state} what="the workflows">
        {(rows) => (
          <DataTable
            caption="Workflows"
            rows={rows}
            rowKey={(w) => w.workflow_id}
            columns={[
              { label: 'Name', cell: (w) => <Link href={sitePath(siteId, 'workflows', w.workflow_id)}>{w.name}</Link> },
              { label: 'Status', cell: (w) => w.status },
              { label: 'Trigger', cell: (w) => `${w.trigger.on}${w.trigger.event_types ? ` (${w.trigger.event_types.join(', ')})` : ''}` },
              { label: 'Webhook', cell: (w) => <code>{w.action.url}</code> },
              { label: 'Updated', cell: (w) => formatDate(w.updated_at) },
            ]}
          />
        )}
      </Async>
      <More list={list} what="workflows" />
    </>
  );
}

function Deliveries({ siteId, workflowId }: { siteId: string; workflowId: string }) {
  const path = { siteId, workflowId };
  const [workflow] = useApi(() => call(api.GET('/api/v1/sites/{siteId}/workflows/{workflowId}', { params: { path } })), [siteId, workflowId]);
  const list = usePaged(
    (cursor) => callPage(api.GET('/api/v1/sites/{siteId}/workflows/{workflowId}/deliveries', { params: { path, query: { limit: 50, ...(cursor ? { cursor } : {}) } } })),
    [siteId, workflowId],
  );
  const [replayError, setReplayError] = useState<Error>();
  const replay = (deliveryId: string) => {
    setReplayError(undefined);
    call(api.POST('/api/v1/sites/{siteId}/workflows/{workflowId}/deliveries/{deliveryId}/replay', { params: { path: { ...path, deliveryId } } })).then(list.reload, setReplayError);
  };
  return (
    <>
      <p class="crumbs">
        <Link href={sitePath(siteId, 'workflows')}>Workflows</Link> ›
      </p>
      <h1>{workflow.status === 'ok' ? workflow.data.name : 'Workflow'}</h1>
      <Async state={workflow} what="the workflow">
        {(w) => (
          <p>
            {w.status}; on {w.trigger.on}, posts to <code>{w.action.url}</code>.
          </p>
        )}
      </Async>
      <h2>Deliveries</h2>
      {replayError ? <ErrorMessage error={replayError} /> : null}
      <Async state={list.state} what="the deliveries">
        {(rows) => (
          <DataTable
            caption="Deliveries"
            rows={rows}
            rowKey={(d) => d.delivery_id}
            columns={[
              { label: 'Created', cell: (d) => formatDate(d.created_at) },
              { label: 'Type', cell: (d) => d.type },
              { label: 'Status', cell: (d) => d.status },
              { label: 'Attempts', numeric: true, cell: (d) => d.attempts },
              { label: 'Last answer', cell: (d) => d.last_error ?? (d.last_status_code ? `HTTP ${d.last_status_code}` : '—') },
              { label: 'Next attempt', cell: (d) => formatDate(d.next_attempt_at) },
              {
                label: 'Action',
                cell: (d) =>
                  d.status === 'failed' ? (
                    <button type="button" onClick={() => replay(d.delivery_id)}>
                      Replay
                    </button>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
        )}
      </Async>
      <More list={list} what="deliveries" />
    </>
  );
}
