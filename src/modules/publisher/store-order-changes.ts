// Storing what a report import changed: the records and orders of a batch (their rows locked
// before) and everything kept beside them. The orders move the rollups, attributed to the earliest
// observed click of the order's reference (by keyed hash); each reference keeps the earned figures
// of its orders, for a click that becomes its earliest later, and its counts (orders naming it,
// when a network first reported it).
import type { Queryable } from '../../db/types.js';
import type { Provider } from '../../kernel/index.js';
import type { OrderChange } from './orders.js';
import * as repo from './publisher-repository.js';
import * as recordsRepo from './records-repository.js';
import * as referencesRepo from './references-repository.js';
import { earliestClicksOf, orderRecordChanges, ordersNaming, referenceCountChanges, referencesOfOrders, type ReferenceState } from './references.js';
import { recordRollupDeltas, referenceEarningsDeltas, type RecordChange } from './rollups.js';

/**
 * Keeps the (locked) references of a batch of order changes and the reference rollups in step:
 * how many orders name each reference now, and when a network first reported it (the earliest
 * transaction of the orders naming it, recomputed: an order that leaves, deleted, takes its date
 * along). Each reported reference counts where it first appeared, matched when a click carries it.
 */
async function countReferences(tx: Queryable, siteId: string, changes: readonly RecordChange[], references: ReadonlyMap<string, ReferenceState>): Promise<void> {
  const orders = ordersNaming(changes);
  const firstAt = await referencesRepo.firstReported(tx, siteId, [...orders.keys()]);
  const { updates, rollups } = referenceCountChanges(orders, references, firstAt);
  await referencesRepo.updateReferences(tx, siteId, updates);
  await referencesRepo.addReferenceRollups(tx, siteId, rollups);
}

/**
 * Writes the changed records and orders of a batch (their rows locked before) with everything kept
 * beside them. The references the orders name now or named before are locked next, before any
 * other row: a click of one of them waits for this batch, or this batch sees it.
 */
export async function storeOrderChanges(tx: Queryable, siteId: string, provider: Provider, records: readonly recordsRepo.RecordWrite[], orders: readonly OrderChange[]): Promise<void> {
  const references = await referencesRepo.lockReferences(tx, siteId, referencesOfOrders(orders));
  const changes = orderRecordChanges(orders, references);
  await recordsRepo.upsertRecords(tx, siteId, provider, records);
  await recordsRepo.writeOrders(tx, siteId, provider, orders.map((o) => ({ key: o.key, facts: o.after })));
  await referencesRepo.addReferenceEarnings(tx, siteId, referenceEarningsDeltas(changes));
  await repo.addRecordRollups(tx, siteId, recordRollupDeltas(changes));
  await countReferences(tx, siteId, changes, references);
  // The earliest click of a reference a changed order names has a record now (counted once).
  const marked = await repo.markClicksHaveRecord(tx, siteId, earliestClicksOf(orders, references));
  await repo.bumpClickRollups(tx, siteId, marked, 0, 1);
}
