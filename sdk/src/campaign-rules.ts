// Which campaigns a page shows, decided in the browser and pure (no DOM): targeting by path, device
// and first session; frequency caps per session and per local calendar day; how far the page is
// scrolled; and how long the public configuration stays fresh.
import { pathTargeted } from '../../src/domain/path-glob.js';
import type { Campaign, Device, Frequency } from './campaign-types.js';

export interface Visit {
  path: string;
  device: Device;
  /** The device's first session. */
  newVisitor: boolean;
}

/** Targeting (CONTRACT §9): path globs (empty include = every path, exclude wins), devices (empty = all), first session only. */
export function targeted(c: Pick<Campaign, 'targeting'>, visit: Visit): boolean {
  const t = c.targeting ?? {};
  if (!pathTargeted(visit.path, t.url_include ?? [], t.url_exclude ?? [])) return false;
  if (t.devices && t.devices.length > 0 && !t.devices.includes(visit.device)) return false;
  return !(t.new_visitors_only && !visit.newVisitor);
}

/** The device type from the user agent, as the events' context reports it. */
export const deviceType = (ua: string): Device => (/Mobi|Android/i.test(ua) ? 'mobile' : /Tablet|iPad/i.test(ua) ? 'tablet' : 'desktop');

/** Impressions of one campaign: in which session and on which local day they were counted. */
export interface Shown {
  /** session id and impressions in it */
  s: string;
  sn: number;
  /** local day (YYYY-MM-DD) and impressions on it */
  d: string;
  dn: number;
}

/** The local calendar day of a time, as YYYY-MM-DD. */
export function localDay(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}`;
}

/** Whether a campaign has reached a cap in this session or on this day. */
export function capped(shown: Shown | undefined, f: Frequency | undefined, session: string, day: string): boolean {
  if (!shown || !f) return false;
  const inSession = shown.s === session ? shown.sn : 0;
  const onDay = shown.d === day ? shown.dn : 0;
  return (f.max_per_session !== undefined && inSession >= f.max_per_session) || (f.max_per_day !== undefined && onDay >= f.max_per_day);
}

/** The counts after one more impression. */
export function countImpression(shown: Shown | undefined, session: string, day: string): Shown {
  return {
    s: session,
    sn: shown?.s === session ? shown.sn + 1 : 1,
    d: day,
    dn: shown?.d === day ? shown.dn + 1 : 1,
  };
}

/** How far down the page the visitor has scrolled, 0–100; a page that fits the window is seen whole (100). */
export function scrolledPercent(scrollTop: number, viewportHeight: number, documentHeight: number): number {
  const room = documentHeight - viewportHeight;
  return room <= 0 ? 100 : Math.min(100, Math.max(0, (scrollTop / room) * 100));
}

/** Seconds of freshness from a Cache-Control value (`max-age`), 0 when absent or `no-store`/`no-cache`. */
export function maxAgeSeconds(cacheControl: string | null): number {
  if (!cacheControl || /no-(store|cache)/i.test(cacheControl)) return 0;
  const m = /(?:^|[,\s])max-age=(\d+)/i.exec(cacheControl);
  return m ? Number(m[1]) : 0;
}

/** The overlay id events name: the campaign as shown, in this version. */
export const overlayId = (c: Pick<Campaign, 'campaign_id' | 'version'>) => `${c.campaign_id}:v${c.version}`;
