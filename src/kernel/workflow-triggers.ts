// An extension point of the kernel: what may trigger workflows (CONTRACT §11), recorded by the
// module that keeps workflows in the transaction of its cause (an outbox: nothing that committed is
// missed). Only server-class events, trusted conversions and platform happenings are offered;
// browser events never. Without a module keeping workflows, nothing listens.
import type { Queryable } from '../db/types.js';

export type TriggerKind = 'event' | 'conversion' | 'publisher_report' | 'experiment';

/** Something that happened: its webhook type (`event.purchase`, `conversion.adjustment`, …) and data. */
export interface Happening {
  siteId: string;
  on: TriggerKind;
  /** What `event_types` filters on: the event type, the conversion entry type, … */
  subtype: string;
  /** The webhook's `type`. */
  type: string;
  data: Record<string, unknown>;
}

export interface WorkflowTriggers {
  /**
   * Whether an active workflow of the site takes this happening (its trigger, event types and
   * conditions), against the site's workflows as this process keeps them (a change made here is
   * seen at once, one made elsewhere within seconds). Cheap when nothing would: the cause then
   * needs no transaction of its own. Inside a transaction, pass it as `q`.
   */
  matches(h: Happening, q?: Queryable): Promise<boolean>;
  /**
   * Whether the site has any active workflow on `on` (as `matches` sees them): when it has none, a
   * cause need not build its happenings at all (the ingest hot path asks once per site and batch).
   */
  anyOn(siteId: string, on: TriggerKind, q?: Queryable): Promise<boolean>;
  /** Records the deliveries these cause, in the caller's transaction. */
  record(q: Queryable, happenings: readonly Happening[]): Promise<void>;
}

export const NO_TRIGGERS: WorkflowTriggers = { matches: async () => false, anyOn: async () => false, record: async () => {} };
