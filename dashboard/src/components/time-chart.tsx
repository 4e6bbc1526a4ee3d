// A time series chart (uPlot on a canvas, hidden from screen readers, its axis in the series' time
// zone) with its data as a table beside it: visually hidden until asked for, always there for
// screen readers.
import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import { DataTable } from './data-table';
import { formatCount } from '../format';

export interface Series {
  label: string;
  values: number[];
}

const COLORS = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed'];

/** Dates on the axis in `tz` (an IANA zone the browser knows), else in the browser's. */
function tzDate(tz: string | undefined): ((ts: number) => Date) | undefined {
  if (!tz) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    return undefined;
  }
  return (ts) => uPlot.tzDate(new Date(ts * 1000), tz);
}

export function TimeChart(props: { title: string; buckets: string[]; series: Series[]; formatBucket: (iso: string) => string; tz?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = props.buckets.map((b) => Date.parse(b) / 1000);
    const zoned = tzDate(props.tz);
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 320),
        height: 260,
        series: [{}, ...props.series.map((s, i) => ({ label: s.label, stroke: COLORS[i % COLORS.length], width: 2, points: { show: xs.length < 40 } }))],
        axes: [{}, { size: 60 }],
        scales: { x: { time: true } },
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        ...(zoned ? { tzDate: zoned } : {}),
      },
      [xs, ...props.series.map((s) => s.values)],
      el,
    );
    const resize = () => plot.setSize({ width: Math.max(el.clientWidth, 320), height: 260 });
    addEventListener('resize', resize);
    return () => {
      removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [props.buckets, props.series, props.tz]);
  const rows = props.buckets.map((b, i) => ({ b, i }));
  return (
    <figure class="chart">
      <figcaption>
        {props.title}{' '}
        <button type="button" class="link" aria-expanded={showTable} onClick={() => setShowTable(!showTable)}>
          {showTable ? 'Hide the table' : 'Show as a table'}
        </button>
      </figcaption>
      <div ref={box} class="plot" aria-hidden="true" />
      <DataTable
        class={showTable ? 'table-wrap' : 'sr-only'}
        caption={props.title}
        rows={rows}
        rowKey={(r) => r.b}
        columns={[
          { label: 'Period', cell: (r) => props.formatBucket(r.b) },
          ...props.series.map((s) => ({ label: s.label, numeric: true, cell: (r: { i: number }) => formatCount(s.values[r.i] ?? 0) })),
        ]}
      />
    </figure>
  );
}
