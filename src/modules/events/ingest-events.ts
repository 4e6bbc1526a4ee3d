// Event ingestion: the one use case behind track and batch. It charges the credential's hourly
// quota for every item carried (valid, invalid or duplicate), validates each item alone, stamps the
// trust class from the credential, applies the site's consent policy to browser events (CONTRACT
// §13: without analytics consent no device or user id, and the server's anonymous session), derives
// the deduplication key, and writes the valid items through group commit.
import { unauthorized } from '../../errors.js';
import type { Principal } from '../../auth/principal.js';
import type { HourlyLimiter, QuotaState } from '../../rate-limit/hourly-limiter.js';
import type { Checked } from '../../validation/schema-check.js';
import { effectiveConsent, effectiveSiteConfig, type ConsentPolicy, type SentConsent, type SiteDirectory } from '../../kernel/index.js';
import type { AnonymousSessions } from './anonymous-sessions.js';
import { dedupKey } from './dedup-key.js';
import type { EventInput } from './event-input.js';
import type { NewEvent } from './event-record.js';
import type { EventWriter, WriteResult } from './write-events.js';
import { validateEvent, type EventRefusal, type ValidEvent } from './validate-event.js';

export type IngestPrincipal = Extract<Principal, { kind: 'runtime' | 'apiKey' }>;

/** One event of a request: where it is, what was sent, and its shape as the boundary checked it. */
export interface IngestItem {
  /** JSON Pointer of the item in the request body. */
  pointer: string;
  sent: unknown;
  checked: Checked<EventInput>;
  /** Size of the item as sent, in bytes, when known (track); measured otherwise. */
  bytes?: number;
}

export type ItemOutcome = ({ ok: true } & WriteResult) | EventRefusal;

export interface IngestResult {
  outcomes: ItemOutcome[];
  quota: QuotaState;
}

export interface IngestDeps {
  writer: EventWriter;
  limiter: HourlyLimiter;
  sites: SiteDirectory;
  anonymousSessions: AnonymousSessions;
}

/** What the request tells of its browser: what anonymous sessions hash (never stored), and the GPC signal. */
export interface BrowserRequest {
  address: string;
  /** The User-Agent header; an event's context.user_agent when there is none. */
  userAgent?: string;
  /** Whether the request carried `Sec-GPC: 1`. */
  gpc: boolean;
}

export async function ingestEvents(deps: IngestDeps, principal: IngestPrincipal, items: readonly IngestItem[], browser?: BrowserRequest): Promise<IngestResult> {
  const receivedAt = Date.now();
  const { quota, consent } = await chargeQuota(deps, principal, items.length);
  const outcomes: (ItemOutcome | undefined)[] = new Array(items.length);
  const valid: ValidEvent[] = [];
  const eventIndex: number[] = [];
  items.forEach((item, index) => {
    const v = validateEvent(item.sent, { pointer: item.pointer, now: receivedAt, bytes: item.bytes, checked: item.checked });
    if (!v.ok) outcomes[index] = v;
    else {
      valid.push(v.event);
      eventIndex.push(index);
    }
  });
  if (valid.length > 0) {
    const kept = consent ? await withConsent(deps, principal.siteId, consent, browser, valid, receivedAt) : valid;
    const written = await deps.writer.submit(kept.map((e) => newEvent(principal, e, receivedAt)));
    written.forEach((w, i) => {
      outcomes[eventIndex[i]!] = { ok: true, ...w };
    });
  }
  return { outcomes: outcomes.map((o) => o!), quota };
}

/** The quota after this request, and for a browser request its site's consent policy (server events are not gated). */
async function chargeQuota(deps: IngestDeps, principal: IngestPrincipal, points: number): Promise<{ quota: QuotaState; consent?: ConsentPolicy }> {
  if (principal.kind === 'apiKey') {
    return { quota: await deps.limiter.consume(`key:${principal.keyId}`, principal.rateLimitPerHour, points) };
  }
  const site = await deps.sites.get(principal.siteId);
  if (!site) throw unauthorized('The runtime token belongs to a site that no longer exists');
  const config = effectiveSiteConfig(site.config);
  return { quota: await deps.limiter.consume(`site:${principal.siteId}:runtime`, config.runtime_events_per_hour, points), consent: config.consent };
}

/**
 * Browser events under the site's consent policy: an event without analytics consent keeps no
 * device_id and no user_id, and its session is the visitor's anonymous one (one derivation per
 * user agent of the request). Events with it are kept as they are (no work under `none` when the
 * page sent nothing).
 */
async function withConsent(deps: IngestDeps, siteId: string, policy: ConsentPolicy, browser: BrowserRequest | undefined, events: ValidEvent[], at: number): Promise<ValidEvent[]> {
  const gpc = browser?.gpc ?? false;
  const allowed = (e: ValidEvent) => effectiveConsent(policy, e.context.consent as SentConsent | undefined, gpc).analytics;
  if (events.every(allowed)) return events;
  const sessions = new Map<string, Promise<string>>();
  const sessionOf = (userAgent: string) => {
    let session = sessions.get(userAgent);
    if (!session) sessions.set(userAgent, (session = deps.anonymousSessions.sessionOf(siteId, { address: browser?.address ?? '', userAgent }, at)));
    return session;
  };
  return Promise.all(events.map(async (e) => {
    if (allowed(e)) return e;
    const session = await sessionOf(browser?.userAgent ?? String(e.context.user_agent));
    return { ...e, session_id: session, device_id: null, user_id: null };
  }));
}

/** The event as it will be stored: its key, and the trust class and origin of the credential that sent it. */
function newEvent(principal: IngestPrincipal, e: ValidEvent, receivedAt: number): NewEvent {
  const key = dedupKey(principal.siteId, principal.trustClass, e);
  return {
    siteId: principal.siteId,
    eventId: key.eventId,
    eventType: e.event_type,
    sessionId: e.session_id,
    userId: e.user_id,
    deviceId: e.device_id,
    clientEventId: e.client_event_id,
    dedupKeySource: key.source,
    trustClass: principal.trustClass,
    keyId: principal.kind === 'apiKey' ? principal.keyId : null,
    origin: principal.kind === 'runtime' ? principal.origin : null,
    occurredAt: e.occurred_at,
    receivedAt,
    properties: e.properties,
    propertiesJson: e.propertiesJson,
    contextJson: e.contextJson,
  };
}
