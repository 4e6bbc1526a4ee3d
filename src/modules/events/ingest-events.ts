// Event ingestion: the one use case behind track and batch. It charges the credential's hourly
// quota for every item carried (valid, invalid or duplicate), validates each item alone, stamps the
// trust class from the credential, derives the deduplication key, and writes the valid items
// through group commit.
import { unauthorized } from '../../errors.js';
import type { Principal } from '../../auth/principal.js';
import type { HourlyLimiter, QuotaState } from '../../rate-limit/hourly-limiter.js';
import type { Checked } from '../../validation/schema-check.js';
import { effectiveSiteConfig, type SiteDirectory } from '../../kernel/index.js';
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
}

export async function ingestEvents(deps: IngestDeps, principal: IngestPrincipal, items: readonly IngestItem[]): Promise<IngestResult> {
  const receivedAt = Date.now();
  const quota = await chargeQuota(deps, principal, items.length);
  const outcomes: (ItemOutcome | undefined)[] = new Array(items.length);
  const events: NewEvent[] = [];
  const eventIndex: number[] = [];
  items.forEach((item, index) => {
    const v = validateEvent(item.sent, { pointer: item.pointer, now: receivedAt, bytes: item.bytes, checked: item.checked });
    if (!v.ok) outcomes[index] = v;
    else {
      events.push(newEvent(principal, v.event, receivedAt));
      eventIndex.push(index);
    }
  });
  if (events.length > 0) {
    const written = await deps.writer.submit(events);
    written.forEach((w, i) => {
      outcomes[eventIndex[i]!] = { ok: true, ...w };
    });
  }
  return { outcomes: outcomes.map((o) => o!), quota };
}

async function chargeQuota(deps: IngestDeps, principal: IngestPrincipal, points: number): Promise<QuotaState> {
  if (principal.kind === 'apiKey') {
    return deps.limiter.consume(`key:${principal.keyId}`, principal.rateLimitPerHour, points);
  }
  const site = await deps.sites.get(principal.siteId);
  if (!site) throw unauthorized('The runtime token belongs to a site that no longer exists');
  return deps.limiter.consume(`site:${principal.siteId}:runtime`, effectiveSiteConfig(site.config).runtime_events_per_hour, points);
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
