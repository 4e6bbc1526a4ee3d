// The overview's settings as they are in its URL, so that a reload, a shared link and back/forward
// show the same view: ?days=30 (a preset: the last N days up to now) or ?from=2026-11-01&to=2026-11-24
// (dates, `to` included), &tz= (IANA), &interval=hour|day|week, &steps=page_view,product_view,…
// (the funnel's event types in order) and &window_minutes=. What is missing takes its default; a
// step or window the API refuses is sent as it is, and the API's message is shown.
import { browserTimeZone, daysAgo } from '../format';

export const PRESETS = [7, 30, 90] as const;
export const INTERVALS = ['hour', 'day', 'week'] as const;
export type Interval = (typeof INTERVALS)[number];

export const DEFAULT_STEPS = ['page_view', 'product_view', 'add_to_cart', 'purchase'];
export const DEFAULT_WINDOW = '60';
export const MAX_STEPS = 8;
export const MIN_STEPS = 2;

export interface OverviewQuery {
  /** The preset (the last N days), or undefined for dates. */
  days: number | undefined;
  /** First day (ISO date), with dates. */
  from: string;
  /** Last day, included (ISO date; empty: up to now), with dates. */
  to: string;
  tz: string;
  interval: Interval;
  steps: string[];
  /** As given: the API judges it (1–10,080); empty is the default. */
  window: string;
}

const isInterval = (v: string | null): v is Interval => INTERVALS.some((i) => i === v);

export function parseOverviewQuery(search: string): OverviewQuery {
  const p = new URLSearchParams(search);
  const from = p.get('from') ?? '';
  const days = Number(p.get('days'));
  const interval = p.get('interval');
  const steps = p.get('steps');
  return {
    days: from ? undefined : PRESETS.find((d) => d === days) ?? 30,
    from,
    to: from ? (p.get('to') ?? '') : '',
    tz: p.get('tz') || browserTimeZone(),
    interval: isInterval(interval) ? interval : 'day',
    steps: steps ? steps.split(',') : DEFAULT_STEPS,
    window: p.get('window_minutes') || DEFAULT_WINDOW,
  };
}

/** The URL's query of these settings (every one written, so that a shared link is the same view anywhere). */
export function overviewSearch(q: OverviewQuery): string {
  const p = new URLSearchParams();
  if (q.days === undefined) {
    p.set('from', q.from);
    if (q.to) p.set('to', q.to);
  } else {
    p.set('days', String(q.days));
  }
  p.set('tz', q.tz);
  p.set('interval', q.interval);
  p.set('steps', q.steps.join(','));
  p.set('window_minutes', q.window);
  return `?${p.toString().replaceAll('%2C', ',').replaceAll('%2F', '/')}`;
}

/** The API's period: a preset from N − 1 days before today in `tz` (today included) up to now; dates to the day after the last. */
export function apiPeriod(q: OverviewQuery): { from: string; to?: string; tz: string } {
  if (q.days !== undefined) return { from: daysAgo(q.days - 1, q.tz), tz: q.tz };
  return { from: q.from, ...(q.to ? { to: dayAfter(q.to) } : {}), tz: q.tz };
}

/** The next calendar day of an ISO date; anything else as it is (the API refuses it with its message). */
export function dayAfter(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
