// Pure rules of a site's configuration: defaults, patches, and the normal form of origins and
// publisher hosts.
import { validationFailed } from '../errors.js';
import { hasUnsafeUrlCharacter } from '../domain/urls.js';
import { effectiveConsentPolicy, patchConsentPolicy, type ConsentPolicy, type ConsentPolicyPatch, type StoredConsentPolicy } from './consent-policy.js';

export const PROVIDERS = ['awin', 'cj'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const DEFAULT_PUBLISHER_HOSTS: Readonly<Record<Provider, readonly string[]>> = Object.freeze({
  awin: ['www.awin1.com'],
  cj: ['www.anrdoezrs.net', 'www.dpbolvw.net', 'www.jdoqocy.com', 'www.kqzyfj.com', 'www.tkqlhce.com'],
});
export const DEFAULT_MAX_TOUCHES_PER_REQUEST = 20;
export const MAX_TOUCHES_PER_REQUEST = 20;
export const MAX_ORIGINS = 50;
export const DEFAULT_RUNTIME_EVENTS_PER_HOUR = 200_000;
export const DEFAULT_RUNTIME_RATE_LIMIT_PER_IP_PER_HOUR = 5_000;

/** What is stored: only the values an owner set. */
export interface StoredSiteConfig {
  max_touches_per_request?: number;
  runtime_events_per_hour?: number;
  runtime_rate_limit_per_ip_per_hour?: number;
  publisher_hosts?: Partial<Record<Provider, string[]>>;
  consent?: StoredConsentPolicy;
}

/** What applies: stored values over the defaults. */
export interface SiteConfig {
  max_touches_per_request: number;
  /** Events per clock hour that browsers (runtime tokens) may send for the site. */
  runtime_events_per_hour: number;
  /** Runtime traffic (events, touches, clicks, assignments) per client address per clock hour. */
  runtime_rate_limit_per_ip_per_hour: number;
  publisher_hosts: Record<Provider, string[]>;
  /** What browsers of the site may store and what the server keeps of them (CONTRACT §13). */
  consent: ConsentPolicy;
}

export function effectiveSiteConfig(stored: StoredSiteConfig | null | undefined): SiteConfig {
  return {
    max_touches_per_request: stored?.max_touches_per_request ?? DEFAULT_MAX_TOUCHES_PER_REQUEST,
    runtime_events_per_hour: stored?.runtime_events_per_hour ?? DEFAULT_RUNTIME_EVENTS_PER_HOUR,
    runtime_rate_limit_per_ip_per_hour: stored?.runtime_rate_limit_per_ip_per_hour ?? DEFAULT_RUNTIME_RATE_LIMIT_PER_IP_PER_HOUR,
    publisher_hosts: {
      awin: [...(stored?.publisher_hosts?.awin ?? DEFAULT_PUBLISHER_HOSTS.awin)],
      cj: [...(stored?.publisher_hosts?.cj ?? DEFAULT_PUBLISHER_HOSTS.cj)],
    },
    consent: effectiveConsentPolicy(stored?.consent),
  };
}

export interface SiteConfigPatch {
  max_touches_per_request?: number;
  runtime_events_per_hour?: number;
  runtime_rate_limit_per_ip_per_hour?: number;
  publisher_hosts?: Partial<Record<Provider, string[]>>;
  consent?: ConsentPolicyPatch;
}

/** Applies a patch to the stored overrides; hosts are normalised, a provider's list replaces the old one. */
export function patchSiteConfig(stored: StoredSiteConfig, patch: SiteConfigPatch, pathPrefix = '/config'): StoredSiteConfig {
  const next: StoredSiteConfig = { ...stored, publisher_hosts: { ...stored.publisher_hosts } };
  if (patch.max_touches_per_request !== undefined) next.max_touches_per_request = patch.max_touches_per_request;
  if (patch.runtime_events_per_hour !== undefined) next.runtime_events_per_hour = patch.runtime_events_per_hour;
  if (patch.runtime_rate_limit_per_ip_per_hour !== undefined) next.runtime_rate_limit_per_ip_per_hour = patch.runtime_rate_limit_per_ip_per_hour;
  for (const provider of PROVIDERS) {
    const hosts = patch.publisher_hosts?.[provider];
    if (hosts === undefined) continue;
    next.publisher_hosts![provider] = normalizeHosts(hosts, `${pathPrefix}/publisher_hosts/${provider}`);
  }
  if (Object.keys(next.publisher_hosts!).length === 0) delete next.publisher_hosts;
  if (patch.consent !== undefined) next.consent = patchConsentPolicy(stored.consent, patch.consent, `${pathPrefix}/consent`);
  return next;
}

/**
 * An origin in its normal form (`https://shop.example`, lower-case host, default port dropped), or
 * null when the input is not an http(s) origin: no path beyond "/", no query, fragment or user info.
 */
export function normalizeOrigin(input: string): string | null {
  // What the parser would drop or read as "/" (tab, LF, backslash...) is refused, not silently fixed.
  if (hasUnsafeUrlCharacter(input)) return null;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  if (/[?#]/.test(input)) return null;
  return url.origin;
}

export function normalizeOrigins(inputs: readonly string[], path = '/origins'): string[] {
  const out: string[] = [];
  inputs.forEach((input, i) => {
    const origin = normalizeOrigin(input);
    if (!origin) throw validationFailed(`${path}/${i}`, `"${input}" is not an http(s) origin such as https://shop.example`, 'invalid_origin');
    if (!out.includes(origin)) out.push(origin);
  });
  if (out.length > MAX_ORIGINS) throw validationFailed(path, `at most ${MAX_ORIGINS} origins`, 'too_many');
  return out;
}

/** A link host in its normal form (lower case, IDN as punycode, optional port kept), or null. */
export function normalizeHost(input: string): string | null {
  if (!/^[^/?#@\s]+$/.test(input)) return null;
  try {
    const url = new URL(`https://${input}`);
    return url.host || null;
  } catch {
    return null;
  }
}

function normalizeHosts(inputs: readonly string[], path: string): string[] {
  const out: string[] = [];
  inputs.forEach((input, i) => {
    const host = normalizeHost(input);
    if (!host) throw validationFailed(`${path}/${i}`, `"${input}" is not a host name such as www.awin1.com`, 'invalid_host');
    if (!out.includes(host)) out.push(host);
  });
  return out;
}
