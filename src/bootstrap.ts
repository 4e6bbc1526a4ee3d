// First start on an empty database. Two sites of the owner `demo` (origins of this server): the demo
// site behind /demo (when the demo is on), which the modules seed with a shop, and, on the embedded
// engine's zero-setup start outside production, "My shop" with a secret key with every scope,
// printed once with commands that work when pasted: the examples use that site and never touch
// /demo. On PostgreSQL, and in production on either engine (CONTRACT §7), no key and no ID token
// are created or printed: the demo site is made only when the demo is on, and otherwise the start
// prints how to create a site and a key. The marker row makes this happen once even when several
// processes start together.
import type { Database } from './db/types.js';
import { claimFirstStart } from './db/first-start-repository.js';
import type { Services } from './services.js';
import { MODULES } from './modules/index.js';
import type { FirstStart } from './modules/module.js';

/** How the command line is run in the printed commands: the project's own, never a package npx would fetch. */
const CLI = 'npm exec --no -- storefront';

export interface BootstrapResult {
  /** The site behind /demo, when the demo is on. */
  demoSiteId: string | undefined;
  /** The site of the printed key (for the examples), with the key with every scope. */
  keySite: { siteId: string; apiKey: string; keyId: string } | undefined;
  /** The demo's running experiment, when the experiments module made one. */
  experimentId: string | undefined;
  idToken: string | undefined;
}

export interface BootstrapOptions {
  port: number;
  /** Make the demo site (behind /demo) and seed it. */
  demo: boolean;
  /** Make "My shop" with a secret key with every scope, and an owner's ID token: the embedded engine's zero-setup start. */
  withKey: boolean;
}

/** The kernel makes the sites (the demo's in publisher mode, so the demo shows every part); each module adds its step. */
export async function bootstrapIfEmpty(db: Database, services: Services, options: BootstrapOptions): Promise<BootstrapResult | undefined> {
  if (!options.demo && !options.withKey) return undefined;
  if (!(await claimFirstStart(db)) || (await services.kernel.sites.countSites()) > 0) return undefined;
  const origins = [`http://localhost:${options.port}`, `http://127.0.0.1:${options.port}`];
  const demoSite = options.demo ? await services.kernel.sites.createSite({ name: 'Demo storefront', origins, owner: 'demo', publisherMode: true }) : undefined;
  const keySite = options.withKey ? await services.kernel.sites.createSite({ name: 'My shop', origins, owner: 'demo', publisherMode: false }) : undefined;
  const start: FirstStart = { demoSite, keySite, owner: { kind: 'user', userId: 'demo' }, later: [], made: {} };
  for (const m of MODULES) await m.firstStart(services, start);
  for (const step of start.later) await step();
  const idToken = options.withKey && services.idTokens.localEnabled ? (await services.idTokens.issueLocal('demo', 86_400)).idToken : undefined;
  const key = start.made.key;
  return {
    demoSiteId: demoSite?.site_id,
    keySite: keySite && key ? { siteId: keySite.site_id, ...key } : undefined,
    experimentId: start.made.experimentId,
    idToken,
  };
}

/** The text printed once (to stdout, never to the log: it holds the secret). */
export function bootstrapMessage(result: BootstrapResult, baseUrl: string, origin: string): string {
  const { keySite, demoSiteId, idToken } = result;
  const lines = ['', `Storefront set up this empty database.${keySite ? ' The key below is shown once.' : ''}`, ''];
  if (keySite) {
    lines.push(
      `  my shop     ${keySite.siteId}   (owner demo; use this site for the examples and your own tests)`,
      `  api key     ${keySite.apiKey}   (key ${keySite.keyId} of my shop, every scope; store it now)`,
    );
  }
  if (demoSiteId) lines.push(`  demo site   ${demoSiteId}   (owner demo; the shop behind ${origin}/demo: leave its data to the demo page)`);
  const site = keySite?.siteId ?? demoSiteId!;
  if (keySite) {
    lines.push(
      '',
      'Track an event from your server, on my shop (201 the first time, 200 with deduplicated: true when repeated):',
      `  curl -s -X POST ${baseUrl}/api/v1/events/track -H 'X-API-Key: ${keySite.apiKey}' -H 'Content-Type: application/json' -d '{"event_type":"page_view","session_id":"my-session","client_event_id":"my-1","context":{"page_url":"${origin}/","user_agent":"curl"}}'`,
    );
  } else {
    lines.push(
      '',
      'Create a site of your own and a secret key for your server when you need them:',
      `  ${CLI} site create --name 'My shop' --origin https://shop.example --owner you`,
      `  ${CLI} key create --site site_… --scopes events:write`,
    );
  }
  lines.push(
    '',
    `Exchange the public site id for a browser runtime token${keySite ? ' (my shop)' : ''}:`,
    `  curl -s -X POST ${baseUrl}/api/v1/runtime/token -H 'Origin: ${origin}' -H 'Content-Type: application/json' -d '{"site_id":"${site}"}'`,
  );
  if (idToken) {
    lines.push(
      '',
      `Read the site as its owner (ID token from the local issuer, valid 24 h; mint another with: ${CLI} token --user demo):`,
      `  curl -s ${baseUrl}/api/v1/sites/${site} -H 'Authorization: Bearer ${idToken}'`,
    );
  }
  lines.push('', `Merchant dashboard: ${origin}/app${idToken ? ' (sign in as demo: both sites are there)' : ''}`);
  if (demoSiteId) lines.push(`Demo storefront (the browser SDK at work): ${origin}/demo`);
  lines.push(`API reference: ${baseUrl}/docs`, '');
  return lines.join('\n');
}

/** Printed by a first start that makes nothing (PostgreSQL, or production, without the demo): how to begin. */
export function firstStepsMessage(): string {
  return [
    '',
    'Storefront is running on an empty database. Create a site and a secret key for your server:',
    `  ${CLI} site create --name 'My shop' --origin https://shop.example --owner you`,
    `  ${CLI} key create --site site_… --scopes events:write,partner_attribution:convert`,
    '',
  ].join('\n');
}
