// Experiments of the site, and one experiment's results: each metric's relative effect of the
// treatment with its confidence interval (drawn and tabled), the arms, and the result's checks.
import { api, call } from '../api/client';
import { DataTable } from '../components/data-table';
import { IntervalPlot, type Interval } from '../components/interval-plot';
import { Link } from '../components/link';
import { Async } from '../components/status';
import { formatCount, formatDate, formatPercent } from '../format';
import { sitePath } from '../router';
import { useApi } from '../use-api';

const METRICS = [
  ['conversion', 'Conversion'],
  ['revenue_per_session', 'Revenue per session'],
  ['gross_profit_per_session', 'Gross profit per session'],
  ['partner_contribution_per_session', 'Partner contribution per session'],
] as const;

export function Experiments({ siteId, id }: { siteId: string; id?: string }) {
  return id ? <ExperimentResults siteId={siteId} experimentId={id} /> : <ExperimentList siteId={siteId} />;
}

function ExperimentList({ siteId }: { siteId: string }) {
  const [list] = useApi(() => call(api.GET('/api/v1/partner-experiments', { params: { query: { website_id: siteId, limit: 100 } } })), [siteId]);
  return (
    <>
      <h1>Experiments</h1>
      <Async state={list} what="the experiments">
        {(experiments) => (
          <DataTable
            caption="Experiments"
            rows={experiments}
            rowKey={(e) => e.experiment_id}
            columns={[
              { label: 'Name', cell: (e) => <Link href={sitePath(siteId, 'experiments', e.experiment_id)}>{e.name}</Link> },
              { label: 'State', cell: (e) => e.state },
              { label: 'Split (control / treatment)', cell: (e) => `${e.weights.control} / ${e.weights.treatment}` },
              { label: 'Started', cell: (e) => formatDate(e.started_at) },
              { label: 'Stopped', cell: (e) => formatDate(e.stopped_at) },
            ]}
          />
        )}
      </Async>
    </>
  );
}

function ExperimentResults({ siteId, experimentId }: { siteId: string; experimentId: string }) {
  const path = { path: { experimentId } };
  const [state] = useApi(
    () => Promise.all([call(api.GET('/api/v1/partner-experiments/{experimentId}', { params: path })), call(api.GET('/api/v1/partner-experiments/{experimentId}/results', { params: path }))]),
    [experimentId],
  );
  return (
    <>
      <p class="crumbs">
        <Link href={sitePath(siteId, 'experiments')}>Experiments</Link> ›
      </p>
      <h1>{state.status === 'ok' ? state.data[0].name : 'Experiment'}</h1>
      <Async state={state} what="the experiment">
      {([experiment, results]) => {
        const rows: Interval[] = METRICS.map(([key, label]) => {
          const rel = results.metrics[key].effect.relative;
          return { label, effect: rel.effect, low: rel.ci[0] ?? null, high: rel.ci[1] ?? null, pValue: rel.p_value };
        });
        return (
          <>
            <p>
              {experiment.state}; {formatCount(results.sessions.control)} sessions in control and {formatCount(results.sessions.treatment)} in treatment;
              computed {formatDate(results.computed_at)}. {experiment.hypothesis ?? ''}
            </p>
            <IntervalPlot title={`Relative effect of the treatment, ${formatPercent(1 - experiment.alpha, 0)} confidence intervals`} rows={rows} format={(v) => formatPercent(v)} />
            <DataTable
              caption="Arms"
              rows={METRICS.map(([key, label]) => ({ key, label, m: results.metrics[key] }))}
              rowKey={(r) => r.key}
              columns={[
                { label: 'Metric', cell: (r) => r.label },
                { label: 'Control mean', numeric: true, cell: (r) => (r.m.control.mean === null ? '—' : r.m.control.mean.toFixed(4)) },
                { label: 'Treatment mean', numeric: true, cell: (r) => (r.m.treatment.mean === null ? '—' : r.m.treatment.mean.toFixed(4)) },
                { label: 'Absolute effect', numeric: true, cell: (r) => (r.m.effect.absolute.effect === null ? '—' : r.m.effect.absolute.effect.toFixed(4)) },
              ]}
            />
            <h2>Checks</h2>
            <ul>
              <li>Sample ratio: {results.states.sample_ratio.status} (p = {results.states.sample_ratio.p_value.toFixed(3)})</li>
              <li>Power: {results.states.power.status} for {results.states.power.primary_metric}</li>
              <li>Conversion window: {results.states.late_conversion.status}</li>
              <li>Refunds: {results.states.refund.status}</li>
            </ul>
          </>
        );
      }}
      </Async>
    </>
  );
}
