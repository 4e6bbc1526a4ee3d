// The commands of CONTRACT §2 as functions of the services and parsed options. They print nothing
// themselves: main.ts prints their results (JSON with --json, else readable lines).
import { migrate } from '../db/migrate.js';
import type { Services } from '../services.js';
import type { IdTokens } from '../auth/id-tokens.js';
import { SYSTEM } from '../modules/sites/site-access.js';
import { IMPORT_RECORDS_COMMAND, importRecordsCommand, importReportFile, importSettings, type Executor } from './import-report-file.js';
import { UsageError } from './usage.js';
import { SIGNATURE_TOLERANCE_SECONDS, signPlatformRequest } from '../auth/platform-signature.js';

export type Options = Record<string, string | boolean | string[] | undefined>;

const str = (o: Options, name: string, required = true): string | undefined => {
  const v = o[name];
  if (Array.isArray(v)) return v[v.length - 1];
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (required) throw new UsageError(`--${name} is required`);
  return undefined;
};

const int = (o: Options, name: string, min: number, max: number): number | undefined => {
  const v = str(o, name, false);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return Number(v);
};

const onOff = (o: Options, name: string): boolean | undefined => {
  const v = str(o, name, false);
  if (v === undefined) return undefined;
  if (v === 'on') return true;
  if (v === 'off') return false;
  throw new UsageError(`--${name} must be on or off`);
};

const list = (o: Options, name: string): string[] => {
  const v = o[name];
  const values = Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
  return values.flatMap((x) => x.split(',')).map((x) => x.trim()).filter(Boolean);
};

const siteSummary = (site: { site_id: string; name: string; origins: string[]; publisher_mode: boolean }, owner: string | undefined) => ({
  site_id: site.site_id,
  name: site.name,
  origins: site.origins,
  publisher_mode: site.publisher_mode,
  owner: owner ?? null,
});

type Result = Promise<Record<string, unknown>>;

export type { Executor } from './import-report-file.js';

/**
 * Where a command runs. `database`: with the services, where the database is (this process, or the
 * server holding the embedded database, which is sent the options). `offline`: here, without a
 * database (`token` needs only the local issuer). `caller`: here, in the caller's directory (it reads
 * the caller's files), reaching the database through an executor of internal commands.
 */
export type Command =
  | { kind: 'database'; run(services: Services, options: Options, positionals: string[]): Result }
  | { kind: 'offline'; run(tools: OfflineTools, options: Options, positionals: string[]): Result }
  | { kind: 'caller'; run(execute: Executor, options: Options, positionals: string[]): Result };

/** Database commands that only a `caller` command sends (never on the command line): their input is JSON. */
export const INTERNAL_COMMANDS: Record<string, (services: Services, input: Record<string, unknown>) => Result> = {
  [IMPORT_RECORDS_COMMAND]: importRecordsCommand,
};

/** What commands without a database use: the local issuer and the platform secret. */
export interface OfflineTools {
  idTokens: IdTokens;
  platformSecret: string | undefined;
}

export const COMMANDS: Record<string, Command> = {
  migrate: {
    kind: 'database',
    async run(services) {
      const result = await migrate(services.db);
      return { applied: result.applied, total: result.total, engine: services.db.engine };
    },
  },
  'site create': {
    kind: 'database',
    async run(services, o) {
      const origins = list(o, 'origin');
      if (origins.length === 0) throw new UsageError('at least one --origin is required');
      const site = await services.sites.createSite({
        name: str(o, 'name')!,
        origins,
        publisherMode: o.publisher === true,
        owner: str(o, 'owner')!,
      });
      return siteSummary(site, site.owner);
    },
  },
  'site update': {
    kind: 'database',
    async run(services, o) {
      const origins = list(o, 'origin');
      const maxTouches = int(o, 'max-touches', 1, 20);
      const site = await services.sites.updateSite(SYSTEM, str(o, 'site')!, {
        name: str(o, 'name', false),
        origins: origins.length > 0 ? origins : undefined,
        publisherMode: onOff(o, 'publisher'),
        config: maxTouches === undefined ? undefined : { max_touches_per_request: maxTouches },
      });
      return { ...siteSummary(site, site.owner), config: site.config };
    },
  },
  'site member add': {
    kind: 'database',
    async run(services, o) {
      const role = str(o, 'role', false) ?? 'member';
      if (role !== 'member' && role !== 'owner') throw new UsageError('--role must be member or owner');
      const member = await services.sites.addMember(SYSTEM, str(o, 'site')!, str(o, 'user')!, role);
      return { site_id: member.site_id, user: member.user, role: member.role };
    },
  },
  'key create': {
    kind: 'database',
    async run(services, o) {
      const scopes = list(o, 'scopes');
      if (scopes.length === 0) throw new UsageError('--scopes is required, e.g. --scopes events:write,partner_attribution:convert');
      const key = await services.apiKeys.createKey(SYSTEM, str(o, 'site')!, {
        name: str(o, 'name', false),
        scopes,
        rateLimitPerHour: int(o, 'rate-limit', 1, 100_000_000),
      });
      return { key_id: key.key_id, api_key: key.api_key, scopes: key.scopes, site_id: key.site_id, rate_limit_per_hour: key.rate_limit_per_hour };
    },
  },
  'key revoke': {
    kind: 'database',
    async run(services, _o, positionals) {
      const keyId = positionals[0];
      if (!keyId) throw new UsageError('usage: storefront key revoke KEY_ID');
      const key = await services.apiKeys.revokeKey(SYSTEM, undefined, keyId);
      return { key_id: key.key_id, revoked_at: key.revoked_at };
    },
  },
  'click-ids rotate': {
    kind: 'database',
    async run(services) {
      return services.touches.rotateClickIds();
    },
  },
  'click-ids purge': {
    kind: 'database',
    async run(services, o) {
      const days = int(o, 'older-than', 1, 36_500) ?? services.config.clickIdRetentionDays;
      const result = await services.touches.purgeClickIds(days);
      return { purged: result.purged, older_than_days: days, before: result.before };
    },
  },
  'publisher import': {
    kind: 'caller',
    async run(execute, o) {
      const siteId = str(o, 'site')!;
      const provider = str(o, 'provider')!;
      const file = str(o, 'file')!;
      const settings = importSettings({ provider, format: str(o, 'format', false), currency: str(o, 'currency', false), timezone: str(o, 'timezone', false) });
      return importReportFile(execute, { siteId, file, ...settings, progress: process.stderr.isTTY === true });
    },
  },
  token: {
    kind: 'offline',
    async run({ idTokens }, o) {
      const ttl = int(o, 'ttl', 60, 30 * 86_400) ?? 3600;
      const { idToken, expiresAt } = await idTokens.issueLocal(str(o, 'user')!, ttl);
      return { id_token: idToken, expires_at: expiresAt.toISOString() };
    },
  },
  'platform sign': {
    kind: 'offline',
    async run({ platformSecret }, o) {
      if (!platformSecret) throw new UsageError('PLATFORM_SECRET is not set: there is nothing to sign with');
      const method = str(o, 'method')!.toUpperCase();
      if (!/^[A-Z]{3,7}$/.test(method)) throw new UsageError('--method must be an HTTP method such as GET or POST');
      const path = str(o, 'path')!;
      if (!path.startsWith('/api/admin/')) throw new UsageError('--path must be a platform route with its query, such as /api/admin/sites?limit=10');
      const body = str(o, 'body', false) ?? '';
      return { header: signPlatformRequest(platformSecret, { method, url: path, rawBody: body }), method, path, valid_seconds: SIGNATURE_TOLERANCE_SECONDS };
    },
  },
};
