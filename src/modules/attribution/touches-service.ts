// Touches from the browser: the service wires the use case (record-touches.ts) to its storage, the
// click-id keyring and the site directory.
import type { TouchInput } from './touch-rules.js';
import { recordTouches, type TouchDeps, type TouchesOutcome } from './record-touches.js';

export function createTouchesService(deps: TouchDeps) {
  return {
    recordTouches: (siteId: string, touches: readonly TouchInput[], now?: number): Promise<TouchesOutcome> => recordTouches(deps, siteId, touches, now),
  };
}

export type TouchesService = ReturnType<typeof createTouchesService>;
