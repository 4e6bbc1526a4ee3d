// Numbers, money, dates and shares as the views write them.
const integer = new Intl.NumberFormat('en');

export const formatCount = (n: number) => integer.format(n);
export const formatPercent = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)} %`;
export const formatDate = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—');
/** The start of a bucket of a series, in the series' time zone: "3 Nov, 14:00", "3 Nov", "week of 3 Nov". */
export function formatBucket(iso: string, interval: 'hour' | 'day' | 'week', timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', ...(interval === 'hour' ? { hour: '2-digit', minute: '2-digit' } : {}) };
  let text: string;
  try {
    text = new Date(iso).toLocaleString('en-GB', { ...options, timeZone });
  } catch {
    text = new Date(iso).toLocaleString('en-GB', { ...options, timeZone: 'UTC' });
  }
  return interval === 'week' ? `week of ${text}` : text;
}

/** The IANA time zones this browser knows, with UTC and `current` among them. */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', current])].sort();
}

/** An amount, or amounts per currency (`{ EUR: 12.5 }`); none is "—". */
export function formatMoney(value: number | Record<string, number> | null | undefined, currency?: string | null): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return currency ? money(value, currency) : String(value);
  const entries = Object.entries(value);
  return entries.length === 0 ? '0' : entries.map(([c, v]) => money(v, c)).join(' · ');
}

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** The ISO date of `days` days before today (in `timeZone`, else the browser's), for `from`. */
export function daysAgo(days: number, timeZone?: string): string {
  const d = new Date(`${today(timeZone)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** Today's ISO date in `timeZone` (an unknown one: the browser's). */
export function today(timeZone?: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return timeZone ? today() : isoDate(new Date());
  }
}

function isoDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
