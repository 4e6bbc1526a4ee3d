// The commands of CONTRACT §2 as functions of the services and parsed options: the platform's own
// (migrations, sites and members through the kernel, local tokens, platform signatures, click-id
// protection) and every module's. They print nothing themselves: main.ts prints their results
// (JSON with --json, else readable lines).
import { migrate } from '../db/migrate.js';
import type { Services } from '../services.js';
import { SYSTEM } from '../kernel/index.js';
import { MODULES } from '../modules/index.js';
import { SIGNATURE_TOLERANCE_SECONDS, signPlatformRequest } from '../auth/platform-signature.js';
import { int, list, onOff, str, type Command, type InternalCommand } from './command.js';
import { secretFingerprint } from '../secret-fingerprint.js';
import { UsageError } from './usage.js';

export type { Executor, Options } from './command.js';

const siteSummary = (site: { site_id: string; name: string; origins: string[]; publisher_mode: boolean }, owner: string | undefined) => ({
  site_id: site.site_id,
  name: site.name,
  origins: site.origins,
  publisher_mode: site.publisher_mode,
  owner: owner ?? null,
});

/** The platform's own commands. */
const CORE: Record<string, Command<Services>> = {
  migrate: {
    kind: 'database',
    usage: 'migrate                                       apply database migrations',
    options: {},
    async run(services) {
      const result = await migrate(services.db);
      return { applied: result.applied, total: result.total, engine: services.db.engine };
    },
  },
  'site create': {
    kind: 'database',
    usage: 'site create --name N --origin URL [--origin URL…] [--publisher] --owner USER',
    options: { name: { type: 'string' }, origin: { type: 'string', multiple: true }, publisher: { type: 'boolean' }, owner: { type: 'string' } },
    async run(services, o) {
      const origins = list(o, 'origin');
      if (origins.length === 0) throw new UsageError('at least one --origin is required');
      const site = await services.kernel.sites.createSite({
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
    usage: 'site update --site SITE [--max-touches N] [--publisher on|off] [--name N] [--origin URL…]',
    options: {
      site: { type: 'string' },
      'max-touches': { type: 'string' },
      publisher: { type: 'string' },
      name: { type: 'string' },
      origin: { type: 'string', multiple: true },
    },
    async run(services, o) {
      const origins = list(o, 'origin');
      const maxTouches = int(o, 'max-touches', 1, 20);
      const site = await services.kernel.sites.updateSite(SYSTEM, str(o, 'site')!, {
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
    usage: 'site member add --site SITE --user USER [--role member|owner]',
    options: { site: { type: 'string' }, user: { type: 'string' }, role: { type: 'string' } },
    async run(services, o) {
      const role = str(o, 'role', false) ?? 'member';
      if (role !== 'member' && role !== 'owner') throw new UsageError('--role must be member or owner');
      const member = await services.kernel.sites.addMember(SYSTEM, str(o, 'site')!, str(o, 'user')!, role);
      return { site_id: member.site_id, user: member.user, role: member.role };
    },
  },
  'site archive': {
    kind: 'database',
    usage: 'site archive --site SITE                      archive a site: its keys, tokens, resources and public media are gone',
    options: { site: { type: 'string' } },
    async run(services, o) {
      return services.kernel.sites.archiveSite(SYSTEM, str(o, 'site')!);
    },
  },
  token: {
    kind: 'offline',
    usage: 'token --user USER [--ttl 3600]                ID token from the local issuer',
    options: { user: { type: 'string' }, ttl: { type: 'string' } },
    async run({ idTokens }, o) {
      const ttl = int(o, 'ttl', 60, 30 * 86_400) ?? 3600;
      const user = str(o, 'user')!;
      const { idToken, expiresAt } = await (await idTokens()).issueLocal(user, ttl);
      return { id_token: idToken, expires_at: expiresAt.toISOString() };
    },
  },
  'platform sign': {
    kind: 'offline',
    usage: 'platform sign --method M --path P [--body B]  X-Platform-Signature for one /api/admin request (single use, 300 s)',
    options: { method: { type: 'string' }, path: { type: 'string' }, body: { type: 'string' } },
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
  'click-ids rotate': {
    kind: 'database',
    usage: 'click-ids rotate                              re-encrypt click ids with the first CLICK_ID_KEYS key',
    options: {},
    async run(services) {
      return services.clickIds.rotate();
    },
  },
  'click-ids purge': {
    kind: 'database',
    usage: 'click-ids purge [--older-than 400]            drop encrypted click ids of touches older than DAYS',
    options: { 'older-than': { type: 'string' } },
    async run(services, o) {
      const days = int(o, 'older-than', 1, 36_500) ?? services.config.clickIdRetentionDays;
      const result = await services.clickIds.purge(days);
      return { purged: result.purged, older_than_days: days, before: result.before };
    },
  },
};

/** Every command: the platform's, then each module's in the registry's order. */
export const COMMANDS: Record<string, Command<Services>> = Object.assign({}, CORE, ...MODULES.map((m) => m.commands));

/** Database commands that only a `caller` command sends (never on the command line): their input is JSON. */
export const INTERNAL_COMMANDS: Record<string, InternalCommand<Services>> = Object.assign(
  {
    // What a command line beside the server compares its master secret with (never the secret).
    'secret-fingerprint': async (services: Services) => ({ fingerprint: secretFingerprint(services.moduleContext.secrets) }),
  },
  ...MODULES.map((m) => m.internalCommands),
);
