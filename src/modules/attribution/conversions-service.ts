// Trusted conversions from the merchant's backend (secret key with partner_attribution:convert):
// purchases reconciled to the minor unit, adjustments and cancellations appended to the order's
// ledger under a row lock, every request idempotent per site. The service wires the use cases
// (record-conversion.ts and what it calls, get-conversion.ts) to their storage.
import type { Database } from '../../db/types.js';
import type { Actor, OrderLedgerListener, WorkflowTriggers } from '../../kernel/index.js';
import type { ConversionRequest } from './conversion-request.js';
import { getConversion } from './get-conversion.js';
import type { ConversionOutcome } from './conversion-outcome.js';
import { recordConversion } from './record-conversion.js';

export type { ConversionOutcome } from './conversion-outcome.js';

/** `hooks`: what else moves with the ledger, inside its transactions (the kernel's order-ledger listeners). */
export function createConversionsService(db: Database, hooks?: OrderLedgerListener, triggers?: WorkflowTriggers) {
  const deps = { db, hooks, triggers };
  return {
    recordConversion: (siteId: string, request: ConversionRequest): Promise<ConversionOutcome> => recordConversion(deps, siteId, request),
    getConversion: (actor: Actor, siteId: string, orderId: string) => getConversion(db, actor, siteId, orderId),
  };
}

export type ConversionsService = ReturnType<typeof createConversionsService>;
