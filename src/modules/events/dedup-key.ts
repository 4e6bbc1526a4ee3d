// The deduplication key of an event (CONTRACT §3) and the event id derived from it. The id is a
// function of (site, key), so a duplicate is answered with the original id without reading it
// back, and the database's primary key (site_id, event_id) is the deduplication constraint.
import { hash } from 'node:crypto';
import { toIso } from '../../time.js';
import { DEDUP_BUSINESS_IDS } from './event-types.js';
import type { ValidEvent } from './validate-event.js';

export type DedupKeySource = 'client_event_id' | 'derived';

export function dedupKey(siteId: string, event: ValidEvent): { eventId: string; source: DedupKeySource } {
  const source: DedupKeySource = event.client_event_id !== null ? 'client_event_id' : 'derived';
  const material =
    source === 'client_event_id'
      ? JSON.stringify(['client_event_id', event.client_event_id])
      : JSON.stringify([
          'derived',
          event.event_type,
          event.session_id,
          toIso(event.occurred_at),
          event.context.page_url ?? null,
          ...DEDUP_BUSINESS_IDS.map((name) => event.properties[name] ?? null),
        ]);
  const digest = hash('sha256', `${siteId}\n${material}`, 'hex');
  return { eventId: `evt_${digest.slice(0, 32)}`, source };
}

export const EVENT_ID_PATTERN = '^evt_[0-9a-f]{32}$';
