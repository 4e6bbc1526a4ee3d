// A funnel: sessions per step as bars (SVG, hidden from screen readers; each bar's length against
// the largest step, the share of the step before beside it) and the same figures as a table.
import { DataTable } from './data-table';
import { formatCount, formatPercent } from '../format';

export interface FunnelStep {
  label: string;
  sessions: number;
}

const WIDTH = 720;
const ROW = 36;
const LEFT = 200;
const BAR = 320;

/** `part ÷ whole` as a share, or "—" without a whole. */
const share = (part: number, whole: number | undefined) => (whole ? formatPercent(part / whole) : '—');

export function FunnelChart(props: { title: string; steps: FunnelStep[] }) {
  const largest = Math.max(1, ...props.steps.map((s) => s.sessions));
  const first = props.steps[0]?.sessions;
  const rows = props.steps.map((s, i) => ({ ...s, n: i + 1, previous: i === 0 ? undefined : props.steps[i - 1]!.sessions }));
  const height = rows.length * ROW + 4;
  return (
    <figure class="chart">
      <figcaption>{props.title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width={WIDTH} height={height} class="funnel" aria-hidden="true">
        {rows.map((r, i) => {
          const y = i * ROW + 4;
          const length = (r.sessions / largest) * BAR;
          return (
            <g key={r.n}>
              <text x={8} y={y + 20}>
                {r.n}. {r.label}
              </text>
              <rect x={LEFT} y={y} width={BAR} height={ROW - 10} class="track" />
              <rect x={LEFT} y={y} width={length} height={ROW - 10} class="bar" />
              <text x={LEFT + BAR + 10} y={y + 20}>
                {formatCount(r.sessions)}
                {r.previous === undefined ? '' : ` · ${share(r.sessions, r.previous)} of step ${r.n - 1}`}
              </text>
            </g>
          );
        })}
      </svg>
      {first === 0 ? <p class="empty">No session reached the first step in this period.</p> : null}
      <DataTable
        caption={`${props.title} (table)`}
        rows={rows}
        rowKey={(r) => String(r.n)}
        columns={[
          { label: 'Step', cell: (r) => `${r.n}. ${r.label}` },
          { label: 'Sessions', numeric: true, cell: (r) => formatCount(r.sessions) },
          { label: 'Of the step before', numeric: true, cell: (r) => (r.previous === undefined ? '—' : share(r.sessions, r.previous)) },
          { label: 'Of the first step', numeric: true, cell: (r) => share(r.sessions, first) },
        ]}
      />
    </figure>
  );
}
