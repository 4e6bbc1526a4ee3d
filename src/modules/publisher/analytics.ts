// Publisher analytics (CONTRACT §6), pure parts: the period rule, and the figures from click
// groups and record groups. Amounts are per currency ({ "EUR": 12.5 }) or, when one currency is
// asked for, plain numbers.
import { validationFailed } from '../../errors.js';
import { currencyDigits, fromMinorUnits } from '../../domain/money.js';
import { parseIsoTimestamp } from '../../domain/timestamps.js';
import type { DimensionFigures } from './rollups.js';
import { isOrderStatus, type OrderStatus } from './orders.js';

/** Clicks of a period by dimension (total; per content; per destination), and how many of them no record names. */
export interface ClickGroup {
  dimension: 'total' | 'content' | 'destination';
  key: string;
  clicks: number;
  withoutRecord: number;
}

/** Reported references of a period (by when a network first reported them), and how many of them a click carries. */
export interface ReferenceCounts {
  references: number;
  matched: number;
}

/** The whole UTC months and whole days of a period (YYYY-MM-DD, to exclusive): what the rollups hold. */
export interface RollupRanges {
  months: { from: string; to: string } | null;
  days: { from: string; to: string }[];
}

/** A period as read: its rollup ranges, and the partial days at its edges (epoch milliseconds), read from the raw rows. */
export interface PeriodSplit extends RollupRanges {
  raw: { from: number; to: number }[];
}

const DAY_MS = 86_400_000;
const MAX_PERIOD_DAYS = 366;
const DEFAULT_PERIOD_DAYS = 30;
const TOP = 10;

/** from inclusive, to exclusive; ISO dates (midnight UTC) or timestamps; default the last 30 days. */
export function parsePeriod(from: string | undefined, to: string | undefined, now: number): { from: number; to: number } {
  const parse = (v: string, name: string) => {
    const t = /^\d{4}-\d{2}-\d{2}$/.test(v) ? parseIsoTimestamp(`${v}T00:00:00Z`) : parseIsoTimestamp(v);
    if (t === null) throw validationFailed(`/${name}`, `${name} must be an ISO date (2026-11-01) or timestamp`, 'format');
    return t;
  };
  const end = to === undefined ? now : parse(to, 'to');
  const start = from === undefined ? end - DEFAULT_PERIOD_DAYS * DAY_MS : parse(from, 'from');
  if (start >= end) throw validationFailed('/from', 'from must be before to', 'order');
  if (end - start > MAX_PERIOD_DAYS * DAY_MS) throw validationFailed('/to', `the period may be at most ${MAX_PERIOD_DAYS} days`, 'too_long');
  return { from: start, to: end };
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The start of the UTC month `ms` falls in, or (`ahead` 1) of the month after. */
const monthStart = (ms: number, ahead = 0) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + ahead, 1);
};

/**
 * A period cut into whole UTC months and whole days (read from the rollups) and the partial days
 * at its edges (read from the raw rows).
 */
export function splitPeriod(p: { from: number; to: number }): PeriodSplit {
  const firstDay = Math.ceil(p.from / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(p.to / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return { months: null, days: [], raw: [p] };
  const raw = [...(p.from < firstDay ? [{ from: p.from, to: firstDay }] : []), ...(lastDay < p.to ? [{ from: lastDay, to: p.to }] : [])];
  const firstMonth = monthStart(firstDay) === firstDay ? firstDay : monthStart(firstDay, 1);
  const lastMonth = monthStart(lastDay);
  if (firstMonth >= lastMonth) return { months: null, days: [{ from: dayOf(firstDay), to: dayOf(lastDay) }], raw };
  const days = [
    ...(firstDay < firstMonth ? [{ from: dayOf(firstDay), to: dayOf(firstMonth) }] : []),
    ...(lastMonth < lastDay ? [{ from: dayOf(lastMonth), to: dayOf(lastDay) }] : []),
  ];
  return { months: { from: dayOf(firstMonth), to: dayOf(lastMonth) }, days, raw };
}

type Amounts = Record<string, number>;

export function buildPublisherAnalytics(clickGroups: readonly ClickGroup[], recordRows: readonly DimensionFigures[], references: ReferenceCounts, currency: string | undefined) {
  const addTo = (m: Amounts, cur: string, minor: number) => {
    m[cur] = (m[cur] ?? 0) + minor;
  };
  const present = (m: Amounts): Amounts | number => {
    if (currency) return fromMinorUnits(m[currency] ?? 0, currencyDigits(currency) ?? 2);
    // A currency whose amounts net to nothing (e.g. commission moved away by a decline) is not listed.
    return Object.fromEntries(Object.entries(m).filter(([, minor]) => minor !== 0).map(([cur, minor]) => [cur, fromMinorUnits(minor, currencyDigits(cur) ?? 2)]));
  };

  let clicks = 0;
  let observedWithoutOrder = 0;
  const byContent = new Map<string, { clicks: number; commission: Amounts }>();
  const byDestination = new Map<string, { clicks: number; commission: Amounts }>();
  const entry = (m: Map<string, { clicks: number; commission: Amounts }>, key: string) => {
    let e = m.get(key);
    if (!e) m.set(key, (e = { clicks: 0, commission: {} }));
    return e;
  };
  for (const g of clickGroups) {
    if (g.dimension === 'total') {
      clicks += g.clicks;
      observedWithoutOrder += g.withoutRecord;
    } else if (g.dimension === 'content') {
      if (g.key !== '') entry(byContent, g.key).clicks += g.clicks;
    } else entry(byDestination, g.key).clicks += g.clicks;
  }

  let settled = 0;
  const revenue: Amounts = {};
  const commission: Record<Exclude<OrderStatus, 'correction'>, Amounts> = { approved: {}, pending: {}, declined: {}, bonus: {} };
  let reversalCount = 0;
  const reversalAmount: Amounts = {};
  for (const r of recordRows) {
    if (r.dimension === 'status') {
      // Orders by status: a bonus is bonus commission only; corrections without their original count their reversals only.
      const status = r.key;
      if (!isOrderStatus(status)) continue;
      if (status !== 'correction') addTo(commission[status], r.currency, r.commission);
      if (status === 'approved') {
        settled += r.records;
        addTo(revenue, r.currency, r.sale);
      }
      reversalCount += r.reversals;
      if (r.reversals > 0) addTo(reversalAmount, r.currency, r.reversalAmount);
    } else {
      // Earned commission (pending and approved) attributed to the click's content and destination.
      addTo(entry(r.dimension === 'content' ? byContent : byDestination, r.key).commission, r.currency, r.commission);
    }
  }
  const total = (m: Amounts) => Object.values(m).reduce((a, b) => a + b, 0);
  const top = <K extends string>(m: Map<string, { clicks: number; commission: Amounts }>, key: K, by: 'clicks' | 'commission') =>
    [...m.entries()]
      .sort(([ka, a], [kb, b]) => (by === 'clicks' ? b.clicks - a.clicks || total(b.commission) - total(a.commission) : total(b.commission) - total(a.commission) || b.clicks - a.clicks) || (ka < kb ? -1 : 1))
      .filter(([, v]) => (by === 'clicks' ? v.clicks > 0 : total(v.commission) > 0))
      .slice(0, TOP)
      .map(([k, v]) => ({ [key]: k, clicks: v.clicks, commission: present(v.commission) }) as Record<K, string> & { clicks: number; commission: Amounts | number });

  const unmatched = references.references - references.matched;
  return {
    clicks,
    settled_orders: settled,
    commissionable_revenue: present(revenue),
    commission: { approved: present(commission.approved), pending: present(commission.pending), declined: present(commission.declined), bonus: present(commission.bonus) },
    reversals: { count: reversalCount, amount: present(reversalAmount) },
    top_content: top(byContent, 'content_id', 'clicks'),
    top_destinations: top(byDestination, 'destination', 'clicks'),
    top_content_by_commission: top(byContent, 'content_id', 'commission'),
    top_destinations_by_commission: top(byDestination, 'destination', 'commission'),
    reference_correlation: {
      provider_references: references.references,
      matched: references.matched,
      unmatched_provider: unmatched,
      observed_without_order: observedWithoutOrder,
      variance: references.references === 0 ? 0 : unmatched / references.references,
    },
  };
}
