// Event ingestion: the one function behind track and batch. It charges the credential's hourly
// quota for every item carried, validates each item alone, stamps the trust class from the
// credential, derives the deduplication key, and writes the valid items through group commit.
import { unauthorized } from '../../errors.js';
import type { Principal } from '../../auth/principal.js';
import type { HourlyLimiter, QuotaState } from '../../rate-limit/hourly-limiter.js';
import { effectiveSiteConfig, type SiteDirectory } from '../../kernel/index.js';
import { dedupKey } from './dedup-key.js';
import type { NewEventRow } from './events-repository.js';
import type { EventWriter, WriteResult } from './event-writer.js';
import { validateEvent, type EventValidation } from './validate-event.js';

export type IngestPrincipal = Extract<Principal, { kind: 'runtime' | 'apiKey' }>;

export interface IngestItem {
  raw: unknown;
  /** Size of the item as sent, in bytes, when known (track); measured otherwise. */
  bytes?: number;
  /** JSON Pointer of the item in the request body. */
  pointer: string;
}

export type ItemOutcome = ({ ok: true } & WriteResult) | Extract<EventValidation, { ok: false }>;

export interface IngestResult {
  outcomes: ItemOutcome[];
  quota: QuotaState;
}

export function createIngestService(deps: { writer: EventWriter; limiter: HourlyLimiter; sites: SiteDirectory }) {
  async function chargeQuota(principal: IngestPrincipal, points: number): Promise<QuotaState> {
    if (principal.kind === 'apiKey') {
      return deps.limiter.consume(`key:${principal.keyId}`, principal.rateLimitPerHour, points);
    }
    const site = await deps.sites.get(principal.siteId);
    if (!site) throw unauthorized('The runtime token belongs to a site that no longer exists');
    return deps.limiter.consume(`site:${principal.siteId}:runtime`, effectiveSiteConfig(site.config).runtime_events_per_hour, points);
  }

  return {
    async ingestEvents(principal: IngestPrincipal, items: readonly IngestItem[]): Promise<IngestResult> {
      const receivedAt = Date.now();
      const quota = await chargeQuota(principal, items.length);
      const outcomes: (ItemOutcome | undefined)[] = new Array(items.length);
      const rows: NewEventRow[] = [];
      const rowIndex: number[] = [];
      items.forEach((item, index) => {
        const v = validateEvent(item.raw, { pointer: item.pointer, now: receivedAt, bytes: item.bytes });
        if (!v.ok) {
          outcomes[index] = v;
          return;
        }
        const e = v.event;
        const key = dedupKey(principal.siteId, principal.trustClass, e);
        rows.push({
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
        });
        rowIndex.push(index);
      });
      if (rows.length > 0) {
        const written = await deps.writer.submit(rows);
        written.forEach((w, i) => {
          outcomes[rowIndex[i]!] = { ok: true, ...w };
        });
      }
      return { outcomes: outcomes as ItemOutcome[], quota };
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
