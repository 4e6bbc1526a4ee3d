// All SQL of the conversion ledger; rows become the ledger's domain values here.
import type { Queryable } from '../../db/types.js';
import type { Conversion, EntryType, KeyedEntry, LedgerEntry, OrderLink } from './conversion-records.js';

interface ConversionRow {
  site_id: string;
  order_id: string;
  conversion_id: string;
  currency: string;
  state: 'open' | 'cancelled';
  net_revenue: number;
  net_commissionable: number;
  net_margin: number | null;
  latest_source_at: Date;
  purchased_at: Date;
  entries: number;
}

interface EntryRow {
  entry_id: string;
  type: EntryType;
  occurred_at: Date;
  received_at: Date;
  revenue_delta: number;
  commissionable_delta: number;
  margin_delta: number | null;
  reason: string | null;
}

const toConversion = (r: ConversionRow): Conversion => ({
  siteId: r.site_id,
  orderId: r.order_id,
  conversionId: r.conversion_id,
  currency: r.currency,
  state: r.state,
  netRevenue: r.net_revenue,
  netCommissionable: r.net_commissionable,
  netMargin: r.net_margin,
  latestSourceAt: r.latest_source_at.getTime(),
  purchasedAt: r.purchased_at.getTime(),
  entries: r.entries,
});

const toLedgerEntry = (r: EntryRow): LedgerEntry => ({
  entryId: r.entry_id,
  type: r.type,
  occurredAt: r.occurred_at.getTime(),
  receivedAt: r.received_at.getTime(),
  revenueDelta: r.revenue_delta,
  commissionableDelta: r.commissionable_delta,
  marginDelta: r.margin_delta,
  reason: r.reason,
});

const CONVERSION_COLUMNS =
  'site_id, order_id, conversion_id, currency, state, net_revenue, net_commissionable, net_margin, latest_source_at, purchased_at, entries';

/** What an idempotency check needs of the entry that holds a key: its ids and the payload's fingerprint. */
export async function findEntryByIdempotencyKey(q: Queryable, siteId: string, key: string): Promise<KeyedEntry | undefined> {
  const { rows } = await q.query<{ entry_id: string; fingerprint: string; conversion_id: string }>(
    `SELECT e.entry_id, e.fingerprint, c.conversion_id
       FROM conversion_entries e JOIN conversions c ON c.site_id = e.site_id AND c.order_id = e.order_id
      WHERE e.site_id = $1 AND e.idempotency_key = $2`,
    [siteId, key],
  );
  const row = rows[0];
  return row && { entryId: row.entry_id, conversionId: row.conversion_id, fingerprint: row.fingerprint };
}

/** Creates the order's state row; false when the order exists. */
export async function insertConversion(
  q: Queryable,
  c: { siteId: string; orderId: string; conversionId: string; currency: string; netRevenue: number; netCommissionable: number; netMargin: number | null; occurredAt: number },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO conversions (site_id, order_id, conversion_id, currency, state, net_revenue, net_commissionable, net_margin,
                              latest_source_at, purchased_at, entries)
     VALUES ($1, $2, $3, $4, 'open', $5, $6, $7, $8, $8, 1)
     ON CONFLICT (site_id, order_id) DO NOTHING`,
    [c.siteId, c.orderId, c.conversionId, c.currency, c.netRevenue, c.netCommissionable, c.netMargin, new Date(c.occurredAt).toISOString()],
  );
  return rowCount === 1;
}

/** The order's state row, locked for the rest of the transaction (entries on one order serialise). */
export async function lockConversion(q: Queryable, siteId: string, orderId: string): Promise<Conversion | undefined> {
  const { rows } = await q.query<ConversionRow>(`SELECT ${CONVERSION_COLUMNS} FROM conversions WHERE site_id = $1 AND order_id = $2 FOR UPDATE`, [siteId, orderId]);
  return rows[0] && toConversion(rows[0]);
}

export async function findConversion(q: Queryable, siteId: string, orderId: string): Promise<Conversion | undefined> {
  const { rows } = await q.query<ConversionRow>(`SELECT ${CONVERSION_COLUMNS} FROM conversions WHERE site_id = $1 AND order_id = $2`, [siteId, orderId]);
  return rows[0] && toConversion(rows[0]);
}

export async function updateConversionState(
  q: Queryable,
  c: { siteId: string; orderId: string; state: 'open' | 'cancelled'; netRevenue: number; netCommissionable: number; netMargin: number | null; latestSourceAt: number },
): Promise<void> {
  await q.query(
    `UPDATE conversions SET state = $3, net_revenue = $4, net_commissionable = $5, net_margin = $6, latest_source_at = $7,
            entries = entries + 1, updated_at = now()
      WHERE site_id = $1 AND order_id = $2`,
    [c.siteId, c.orderId, c.state, c.netRevenue, c.netCommissionable, c.netMargin, new Date(c.latestSourceAt).toISOString()],
  );
}

/** Appends an entry; false when its idempotency key is taken (by a concurrent request). */
export async function insertEntry(
  q: Queryable,
  e: {
    siteId: string;
    entryId: string;
    orderId: string;
    seq: number;
    type: EntryType;
    idempotencyKey: string;
    fingerprint: string;
    occurredAt: number;
    revenueDelta: number;
    commissionableDelta: number;
    marginDelta: number | null;
    reason: string | null;
    payload: unknown;
  },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO conversion_entries (site_id, entry_id, order_id, seq, type, idempotency_key, fingerprint, occurred_at,
                                     revenue_delta, commissionable_delta, margin_delta, reason, payload)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb)
     ON CONFLICT (site_id, idempotency_key) DO NOTHING`,
    [
      e.siteId,
      e.entryId,
      e.orderId,
      e.seq,
      e.type,
      e.idempotencyKey,
      e.fingerprint,
      new Date(e.occurredAt).toISOString(),
      e.revenueDelta,
      e.commissionableDelta,
      e.marginDelta,
      e.reason,
      JSON.stringify(e.payload),
    ],
  );
  return rowCount === 1;
}

export async function listEntries(q: Queryable, siteId: string, orderId: string): Promise<LedgerEntry[]> {
  const { rows } = await q.query<EntryRow>(
    `SELECT entry_id, type, occurred_at, received_at, revenue_delta, commissionable_delta, margin_delta, reason
       FROM conversion_entries WHERE site_id = $1 AND order_id = $2 ORDER BY seq`,
    [siteId, orderId],
  );
  return rows.map(toLedgerEntry);
}

export async function linkTouches(q: Queryable, siteId: string, orderId: string, touchIds: readonly string[]): Promise<void> {
  if (touchIds.length === 0) return;
  await q.query(
    `INSERT INTO conversion_touches (site_id, order_id, touch_id) SELECT $1, $2, unnest($3::text[]) ON CONFLICT DO NOTHING`,
    [siteId, orderId, touchIds],
  );
}

export async function linkAssignments(q: Queryable, siteId: string, orderId: string, assignmentIds: readonly string[]): Promise<void> {
  if (assignmentIds.length === 0) return;
  await q.query(
    `INSERT INTO conversion_assignments (site_id, order_id, assignment_id) SELECT $1, $2, unnest($3::text[]) ON CONFLICT DO NOTHING`,
    [siteId, orderId, assignmentIds],
  );
}

/** The order's linked touch ids, and which of them no touch row (yet) answers. */
export async function touchLinks(q: Queryable, siteId: string, orderId: string): Promise<OrderLink[]> {
  const { rows } = await q.query<{ touch_id: string; resolved: boolean }>(
    `SELECT l.touch_id, (t.touch_id IS NOT NULL) AS resolved
       FROM conversion_touches l LEFT JOIN touches t ON t.site_id = l.site_id AND t.touch_id = l.touch_id
      WHERE l.site_id = $1 AND l.order_id = $2 ORDER BY l.touch_id`,
    [siteId, orderId],
  );
  return rows.map((r) => ({ id: r.touch_id, resolved: r.resolved }));
}

export async function assignmentLinks(q: Queryable, siteId: string, orderId: string): Promise<OrderLink[]> {
  const { rows } = await q.query<{ assignment_id: string; resolved: boolean }>(
    `SELECT assignment_id, status <> 'unresolved' AS resolved FROM conversion_assignments WHERE site_id = $1 AND order_id = $2 ORDER BY assignment_id`,
    [siteId, orderId],
  );
  return rows.map((r) => ({ id: r.assignment_id, resolved: r.resolved }));
}

/** The line ids of the order's purchase (adjustments may only name those). */
export async function purchaseLineIds(q: Queryable, siteId: string, orderId: string): Promise<string[]> {
  const { rows } = await q.query<{ line_id: string }>(
    `SELECT l->>'line_id' AS line_id
       FROM conversion_entries e, jsonb_array_elements(e.payload->'lines') AS l
      WHERE e.site_id = $1 AND e.order_id = $2 AND e.type = 'purchase'`,
    [siteId, orderId],
  );
  return rows.map((r) => r.line_id);
}
