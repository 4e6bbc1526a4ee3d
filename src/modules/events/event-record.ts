// An event as stored (CONTRACT §3): what ingestion writes and what reading an event back gets.
import type { DedupKeySource, TrustClass } from './dedup-key.js';

/** What every event has, new or stored. Times are epoch milliseconds. */
interface EventFields {
  siteId: string;
  eventId: string;
  eventType: string;
  sessionId: string;
  userId: string | null;
  deviceId: string | null;
  clientEventId: string | null;
  dedupKeySource: DedupKeySource;
  trustClass: TrustClass;
  keyId: string | null;
  origin: string | null;
  occurredAt: number;
  receivedAt: number;
  properties: Record<string, unknown>;
}

/** An event ready to be written: its key derived, its trust stamped, properties and context serialised once. */
export interface NewEvent extends EventFields {
  /** properties and context serialised as they are stored. */
  propertiesJson: string;
  contextJson: string;
}

/** A stored event, read back. */
export interface EventRecord extends EventFields {
  context: Record<string, unknown>;
}
