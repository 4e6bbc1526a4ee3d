// Numbers, money, dates and shares as the views write them.
const integer = new Intl.NumberFormat('en');

export const formatCount = (n: number) => integer.format(n);
export const formatPercent = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)} %`;
export const formatDate = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—');
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

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

/** The ISO date of `days` days before today (local), for `from`. */
export function daysAgo(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return isoDate(d);
}

export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
