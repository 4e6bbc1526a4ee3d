// The deduplication key of an event (CONTRACT §3) and the event id derived from it. The id is a
// function of (site, key), so a duplicate is answered with the original id without reading it
// back, and the database's primary key (site_id, event_id) is the deduplication constraint.
//
// A client_event_id counts per trust class: a browser event can never take the id of a server
// event (or the other way round). Server events keep the material they had before that rule, so
// their stored ids did not change; browser events with a client_event_id were re-keyed by
// migration 0006 (its SQL computes browserClientIdMaterial, and keeps the old ids as aliases).
import { hash } from 'node:crypto';
import { toIso } from '../../time.js';
import { DEDUP_BUSINESS_IDS } from './event-types.js';
import type { ValidEvent } from './validate-event.js';

export type DedupKeySource = 'client_event_id' | 'derived';

export type TrustClass = 'browser' | 'server';

/** The key material of a client_event_id: `["client_event_id","browser",id]` for browsers, `["client_event_id",id]` for servers. */
export const clientIdMaterial = (trustClass: TrustClass, clientEventId: string): string =>
  trustClass === 'server' ? JSON.stringify(['client_event_id', clientEventId]) : JSON.stringify(['client_event_id', trustClass, clientEventId]);

export const eventIdOf = (siteId: string, material: string): string => `evt_${hash('sha256', `${siteId}\n${material}`, 'hex').slice(0, 32)}`;

export function dedupKey(siteId: string, trustClass: TrustClass, event: ValidEvent): { eventId: string; source: DedupKeySource } {
  const source: DedupKeySource = event.client_event_id !== null ? 'client_event_id' : 'derived';
  const material =
    source === 'client_event_id'
      ? clientIdMaterial(trustClass, event.client_event_id!)
      : JSON.stringify([
          'derived',
          event.event_type,
          event.session_id,
          toIso(event.occurred_at),
          event.context.page_url ?? null,
          ...DEDUP_BUSINESS_IDS.map((name) => event.properties[name] ?? null),
        ]);
  return { eventId: eventIdOf(siteId, material), source };
}

export const EVENT_ID_PATTERN = '^evt_[0-9a-f]{32}$';
