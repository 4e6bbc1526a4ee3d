// What a site (or a user) may hold at most: the one rule every create path asks, with the current
// count and what it adds, before it inserts (inside the transaction whose lock makes the count exact).
// The message names the number and the setting that changes it, so a refused merchant knows both.
import { AppError } from '../errors.js';

export type LimitName =
  | 'apiKeysPerSite'
  | 'campaignsPerSite'
  | 'experimentsPerSite'
  | 'integrationsPerSite'
  | 'membersPerSite'
  | 'mediaItemsPerSite'
  | 'mediaBytesPerSite'
  | 'sitesPerUser';

/** Each limit's number (config.limits has this shape: LIMIT_* settings). */
export type Limits = Readonly<Record<LimitName, number>>;

/**
 * The limits configuration applies when nothing is set (config.ts's defaults; a test keeps the two
 * equal): for a service built without configuration, never for none at all.
 */
export const DEFAULT_LIMITS: Limits = {
  apiKeysPerSite: 200,
  campaignsPerSite: 500,
  experimentsPerSite: 200,
  integrationsPerSite: 50,
  membersPerSite: 500,
  mediaItemsPerSite: 10_000,
  mediaBytesPerSite: 10 * 1024 ** 3,
  sitesPerUser: 100,
};

/** The setting of each limit and what the message says it bounds. */
export const LIMIT_SETTINGS: Readonly<Record<LimitName, { env: string; holds: (limit: number) => string }>> = {
  apiKeysPerSite: { env: 'LIMIT_API_KEYS_PER_SITE', holds: (n) => `A site may hold at most ${n} API keys, revoked ones included` },
  campaignsPerSite: { env: 'LIMIT_CAMPAIGNS_PER_SITE', holds: (n) => `A site may hold at most ${n} campaigns, in any status` },
  experimentsPerSite: { env: 'LIMIT_EXPERIMENTS_PER_SITE', holds: (n) => `A site may hold at most ${n} experiments, in any status` },
  integrationsPerSite: { env: 'LIMIT_INTEGRATIONS_PER_SITE', holds: (n) => `A site may hold at most ${n} integrations` },
  membersPerSite: { env: 'LIMIT_MEMBERS_PER_SITE', holds: (n) => `A site may have at most ${n} members, owners included` },
  mediaItemsPerSite: { env: 'LIMIT_MEDIA_ITEMS_PER_SITE', holds: (n) => `A site may hold at most ${n} media items` },
  mediaBytesPerSite: { env: 'LIMIT_MEDIA_BYTES_PER_SITE', holds: (n) => `A site may hold at most ${n} bytes${readableBytes(n)} of media` },
  sitesPerUser: { env: 'LIMIT_SITES_PER_USER', holds: (n) => `A user may be a member of at most ${n} sites` },
};

const UNITS = [
  ['GiB', 1024 ** 3],
  ['MiB', 1024 ** 2],
  ['KiB', 1024],
] as const;

/** " (10 GiB)" for a whole number of a binary unit, else nothing: the exact number is said anyway. */
function readableBytes(n: number): string {
  const unit = UNITS.find(([, size]) => n >= size && n % size === 0);
  return unit ? ` (${n / unit[1]} ${unit[0]})` : '';
}

/** The refusal of a limit (422 limit_reached), its message naming the number and the setting. */
export function limitReached(name: LimitName, limit: number): AppError {
  const setting = LIMIT_SETTINGS[name];
  return new AppError('limit_reached', `${setting.holds(limit)} (${setting.env})`);
}

/**
 * Whether `adding` more fit beside the `count` held under `limit`: undefined when they do, else the
 * refusal. Adding nothing always fits (a re-upload answered with the item the site has), even when a
 * lowered limit is already exceeded: what is held stays, only growth is refused.
 */
export function checkLimit(name: LimitName, limit: number, count: number, adding = 1): AppError | undefined {
  if (adding <= 0) return undefined;
  return count + adding > limit ? limitReached(name, limit) : undefined;
}

/** checkLimit that throws its refusal. */
export function assertWithinLimit(name: LimitName, limit: number, count: number, adding = 1): void {
  const refused = checkLimit(name, limit, count, adding);
  if (refused) throw refused;
}
