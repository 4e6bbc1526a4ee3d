// Effects with their confidence intervals, drawn (a forest plot in SVG: a dot for the estimate, a
// bar for the interval, a line at no effect) and listed in a table.
import { DataTable } from './data-table';

export interface Interval {
  label: string;
  effect: number | null;
  low: number | null;
  high: number | null;
  pValue: number | null;
}

const WIDTH = 560;
const ROW = 34;
const LEFT = 240;
const RIGHT = 20;

export function IntervalPlot(props: { title: string; rows: Interval[]; format: (v: number) => string }) {
  const drawn = props.rows.filter((r) => r.effect !== null && r.low !== null && r.high !== null);
  const extent = Math.max(1e-9, ...drawn.flatMap((r) => [Math.abs(r.low!), Math.abs(r.high!)]));
  const x = (v: number) => LEFT + ((v + extent) / (2 * extent)) * (WIDTH - LEFT - RIGHT);
  const height = props.rows.length * ROW + 30;
  const fmt = (v: number | null) => (v === null ? '—' : props.format(v));
  return (
    <figure class="chart">
      <figcaption>{props.title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width={WIDTH} height={height} class="intervals" aria-hidden="true">
        <line x1={x(0)} x2={x(0)} y1={0} y2={height - 24} class="zero" />
        {props.rows.map((r, i) => {
          const y = i * ROW + ROW / 2;
          return (
            <g key={r.label}>
              <text x={8} y={y + 4}>{r.label}</text>
              {r.low !== null && r.high !== null ? <line x1={x(r.low)} x2={x(r.high)} y1={y} y2={y} class="ci" /> : null}
              {r.effect !== null ? <circle cx={x(r.effect)} cy={y} r={5} class="estimate" /> : <text x={LEFT} y={y + 4}>no data yet</text>}
            </g>
          );
        })}
        <text x={x(-extent)} y={height - 8}>{fmt(-extent)}</text>
        <text x={x(0)} y={height - 8} text-anchor="middle">0</text>
        <text x={x(extent)} y={height - 8} text-anchor="end">{fmt(extent)}</text>
      </svg>
      <DataTable
        caption={`${props.title} (table)`}
        rows={props.rows}
        rowKey={(r) => r.label}
        columns={[
          { label: 'Metric', cell: (r) => r.label },
          { label: 'Effect', numeric: true, cell: (r) => fmt(r.effect) },
          { label: 'Interval', numeric: true, cell: (r) => (r.low === null || r.high === null ? '—' : `${fmt(r.low)} to ${fmt(r.high)}`) },
          { label: 'p-value', numeric: true, cell: (r) => (r.pValue === null ? '—' : r.pValue.toFixed(3)) },
        ]}
      />
    </figure>
  );
}
