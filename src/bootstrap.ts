// First start on an empty database: a demo site (owner `demo`, origins of this server) and, on the
// embedded engine only, a secret key with every scope, printed once with commands that work when
// pasted. On PostgreSQL (CONTRACT §7) no key is created or printed: the demo site is made only when
// the demo is on, and otherwise the start prints how to create a site and a key. The marker row
// makes this happen once even when several processes start together.
import type { Database } from './db/types.js';
import { claimFirstStart } from './db/first-start-repository.js';
import type { Services } from './services.js';
import { MODULES } from './modules/index.js';
import type { FirstStart } from './modules/module.js';

export interface BootstrapResult {
  siteId: string;
  /** The secret key with every scope: embedded engine only. */
  key: { apiKey: string; keyId: string } | undefined;
  /** The demo's running experiment, when the experiments module made one. */
  experimentId: string | undefined;
  idToken: string | undefined;
}

export interface BootstrapOptions {
  port: number;
  /** Create (and print) a secret key with every scope: the embedded engine's zero-setup start. */
  withKey: boolean;
}

/** The kernel makes the demo site (publisher mode on, so the demo shows every part); each module adds its step. */
export async function bootstrapIfEmpty(db: Database, services: Services, options: BootstrapOptions): Promise<BootstrapResult | undefined> {
  const { port } = options;
  if (!(await claimFirstStart(db)) || (await services.kernel.sites.countSites()) > 0) return undefined;
  const site = await services.kernel.sites.createSite({
    name: 'Demo storefront',
    origins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
    owner: 'demo',
    publisherMode: true,
  });
  const start: FirstStart = { site, owner: { kind: 'user', userId: 'demo' }, withKey: options.withKey, made: {} };
  for (const m of MODULES) await m.firstStart(services, start);
  const idToken = services.idTokens.localEnabled ? (await services.idTokens.issueLocal('demo', 86_400)).idToken : undefined;
  return { siteId: site.site_id, key: start.made.key, experimentId: start.made.experimentId, idToken };
}

/** The text printed once (to stdout, never to the log: it holds the secret). */
export function bootstrapMessage(result: BootstrapResult, baseUrl: string, origin: string): string {
  const key = result.key;
  const lines = [
    '',
    `Storefront created a demo site on this empty database.${key ? ' This is shown once.' : ''}`,
    '',
    `  site id   ${result.siteId}`,
    `  owner     demo`,
    ...(key
      ? [
          `  api key   ${key.apiKey}   (key ${key.keyId}, every scope; store it now)`,
          '',
          'Track an event from your server (201 the first time, 200 with deduplicated: true when repeated):',
          `  curl -s -X POST ${baseUrl}/api/v1/events/track -H 'X-API-Key: ${key.apiKey}' -H 'Content-Type: application/json' -d '{"event_type":"page_view","session_id":"demo-session","client_event_id":"demo-1","context":{"page_url":"${origin}/","user_agent":"curl"}}'`,
        ]
      : ['', `Create a secret key for your server when you need one: npx storefront key create --site ${result.siteId} --scopes events:write`]),
    '',
    'Exchange the public site id for a browser runtime token:',
    `  curl -s -X POST ${baseUrl}/api/v1/runtime/token -H 'Origin: ${origin}' -H 'Content-Type: application/json' -d '{"site_id":"${result.siteId}"}'`,
  ];
  if (result.idToken) {
    lines.push(
      '',
      'Read the site as its owner (ID token from the local issuer, valid 24 h; mint another with: npx storefront token --user demo):',
      `  curl -s ${baseUrl}/api/v1/sites/${result.siteId} -H 'Authorization: Bearer ${result.idToken}'`,
    );
  }
  lines.push(
    '',
    `Merchant dashboard: ${origin}/app${result.idToken ? ' (sign in as demo)' : ''}`,
    `Demo storefront (the browser SDK at work): ${origin}/demo`,
    `API reference: ${baseUrl}/docs`,
    '',
  );
  return lines.join('\n');
}

/** Printed by a start on an empty PostgreSQL database without the demo: how to begin. */
export function firstStepsMessage(): string {
  return [
    '',
    'Storefront is running on an empty database. Create a site and a secret key for your server:',
    "  npx storefront site create --name 'My shop' --origin https://shop.example --owner you",
    '  npx storefront key create --site site_… --scopes events:write,partner_attribution:convert',
    '',
  ].join('\n');
}
