// What the conversion use cases share: the storage and listeners they work with, and what
// recording a conversion answers (a domain outcome; the route turns it into 201 or 200).
import type { Database } from '../../db/types.js';
import type { OrderLedgerListener } from '../../kernel/index.js';

export interface LedgerDeps {
  db: Database;
  /** What else moves with the ledger, inside its transactions (the kernel's order-ledger listeners). */
  hooks?: OrderLedgerListener;
}

export interface ConversionOutcome {
  /** created: a new entry was appended; deduplicated: an identical replay of an entry the ledger holds. */
  outcome: 'created' | 'deduplicated';
  data: {
    authoritative?: true;
    deduplicated?: true;
    conversion_id: string;
    entry_id: string;
    unresolved_touch_ids?: string[];
    unresolved_assignment_ids?: string[];
    state?: 'open' | 'cancelled';
    net_revenue?: number;
    net_commissionable?: number;
    net_margin?: number | null;
  };
}
