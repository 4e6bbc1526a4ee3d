// Touches from the browser: the service wires the use case (record-touches.ts) to its storage, the
// click-id keyring and the site directory.
import type { ConsentSignals } from '../../kernel/index.js';
import type { TouchInput } from './touch-rules.js';
import { recordTouches, type TouchDeps, type TouchesOutcome } from './record-touches.js';

export function createTouchesService(deps: TouchDeps) {
  return {
    recordTouches: (siteId: string, touches: readonly TouchInput[], consent: ConsentSignals = { gpc: false }, now?: number): Promise<TouchesOutcome> =>
      recordTouches(deps, siteId, touches, consent, now),
  };
}

export type TouchesService = ReturnType<typeof createTouchesService>;
