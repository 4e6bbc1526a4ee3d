// What recording a ledger entry works with: the database, the order-ledger listeners (what else
// moves with the ledger, inside its transactions) and the workflow triggers.
import type { Database } from '../../db/types.js';
import type { OrderLedgerListener, WorkflowTriggers } from '../../kernel/index.js';

export interface LedgerDeps {
  db: Database;
  /** What else moves with the ledger, inside its transactions (the kernel's order-ledger listeners). */
  hooks?: OrderLedgerListener;
  /** Workflows on conversions record their deliveries in the entry's transaction. */
  triggers?: WorkflowTriggers;
}
