// The clicks service: observed clicks on decorated publisher links (runtime token), recorded by
// record-click.ts. It wires the dependencies; the use case holds the rules.
import type { ConsentSignals } from '../../kernel/index.js';
import { recordClick, type ClickInput, type RecordClickDeps } from './record-click.js';

export function createClicksService(deps: RecordClickDeps) {
  return {
    /** Records a click (`created` false: an identical replay). */
    recordClick: (siteId: string, c: ClickInput, consent: ConsentSignals = { gpc: false }, now = Date.now()): Promise<{ created: boolean }> =>
      recordClick(deps, siteId, c, consent, now),
  };
}

export type ClicksService = ReturnType<typeof createClicksService>;
