// The overview's period: a preset (the last 7, 30 or 90 days) or dates, the time zone and the
// interval of the charts. Applied with its button (one history entry per change, and the keyboard
// can go through a list's options without loading each), then kept in the URL.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { daysAgo, timeZones, today } from '../format';
import { INTERVALS, PRESETS, type Interval, type OverviewQuery } from './overview-query';

interface Draft {
  /** A preset's number of days, or "dates". */
  period: string;
  from: string;
  to: string;
  tz: string;
  interval: Interval;
}

const draftOf = (q: OverviewQuery): Draft => ({ period: q.days === undefined ? 'dates' : String(q.days), from: q.from, to: q.to, tz: q.tz, interval: q.interval });

const INTERVAL_LABELS: Record<Interval, string> = { hour: 'By hour', day: 'By day', week: 'By week' };

export function PeriodForm({ query, apply }: { query: OverviewQuery; apply: (change: Partial<OverviewQuery>) => void }) {
  const [draft, setDraft] = useState(() => draftOf(query));
  // Back/forward (or a link) changed the URL: the form shows it.
  useEffect(() => setDraft(draftOf(query)), [query.days, query.from, query.to, query.tz, query.interval]);
  const zones = useMemo(() => timeZones(draft.tz), [draft.tz]);
  const choosePeriod = (period: string) => {
    // Dates start as the preset's days, up to today.
    const days = Number(draft.period) || 30;
    setDraft(period === 'dates' && !draft.from ? { ...draft, period, from: daysAgo(days - 1, draft.tz), to: today(draft.tz) } : { ...draft, period });
  };
  const submit = (e: Event) => {
    e.preventDefault();
    const { tz, interval } = draft;
    apply(draft.period === 'dates' ? { days: undefined, from: draft.from, to: draft.to, tz, interval } : { days: Number(draft.period), from: '', to: '', tz, interval });
  };
  return (
    <form class="controls" aria-label="Period and charts" onSubmit={submit}>
      <div>
        <label for="period">Period</label>{' '}
        <select id="period" value={draft.period} onChange={(e) => choosePeriod(e.currentTarget.value)}>
          {PRESETS.map((p) => (
            <option value={String(p)} key={p}>
              Last {p} days
            </option>
          ))}
          <option value="dates">Dates…</option>
        </select>
      </div>
      {draft.period === 'dates' ? (
        <>
          <div>
            <label for="from">From</label>{' '}
            <input id="from" type="date" required value={draft.from} onInput={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
          </div>
          <div>
            <label for="to">To (included; empty: today)</label>{' '}
            <input id="to" type="date" value={draft.to} onInput={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
          </div>
        </>
      ) : null}
      <div>
        <label for="tz">Time zone</label>{' '}
        <select id="tz" value={draft.tz} onChange={(e) => setDraft({ ...draft, tz: e.currentTarget.value })}>
          {zones.map((z) => (
            <option value={z} key={z}>
              {z}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label for="interval">Charts</label>{' '}
        <select id="interval" value={draft.interval} onChange={(e) => setDraft({ ...draft, interval: e.currentTarget.value as Interval })}>
          {INTERVALS.map((i) => (
            <option value={i} key={i}>
              {INTERVAL_LABELS[i]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">Show</button>
    </form>
  );
}
