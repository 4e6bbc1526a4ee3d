// The ingestion service: what track and batch call, wired to the event writer, the hourly limiter
// and the site directory (ingest-events.ts holds the use case).
import { ingestEvents, type IngestDeps, type IngestItem, type IngestPrincipal, type IngestResult } from './ingest-events.js';

export type { IngestItem, IngestPrincipal, IngestResult, ItemOutcome } from './ingest-events.js';

export function createIngestService(deps: IngestDeps) {
  return {
    ingestEvents: (principal: IngestPrincipal, items: readonly IngestItem[]): Promise<IngestResult> => ingestEvents(deps, principal, items),
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
