// An extension point of the kernel: experiments that gate other modules' features (a campaign shows
// only to sessions assigned `treatment`). The module that keeps experiments answers; a module that
// gates on them asks whether an experiment of the site exists and runs.
import type { Queryable } from '../db/types.js';

export type GateState = 'draft' | 'running' | 'stopped';

export interface ExperimentGate {
  /** The experiment's state, or null when the site has no experiment of that id. */
  stateOf(q: Queryable, siteId: string, experimentId: string): Promise<GateState | null>;
  /** The ids of the site's running experiments (cached a few seconds; a change on this process is seen at once). */
  running(siteId: string): Promise<ReadonlySet<string>>;
}

/** No module keeps experiments: none exists, none runs. */
export const NO_EXPERIMENTS: ExperimentGate = { stateOf: async () => null, running: async () => new Set() };
