// The ingestion service: what track and batch call, wired to the event writer, the hourly limiter
// and the site directory (ingest-events.ts holds the use case).
import { ingestEvents, type BrowserRequest, type IngestDeps, type IngestItem, type IngestPrincipal, type IngestResult } from './ingest-events.js';

export type { BrowserRequest, IngestItem, IngestPrincipal, IngestResult, ItemOutcome } from './ingest-events.js';

export function createIngestService(deps: IngestDeps) {
  return {
    ingestEvents: (principal: IngestPrincipal, items: readonly IngestItem[], browser?: BrowserRequest): Promise<IngestResult> => ingestEvents(deps, principal, items, browser),
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
