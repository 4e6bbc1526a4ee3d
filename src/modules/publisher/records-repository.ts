// SQL of report records and the orders they make up: the rows an import locks (an order's row,
// then every record of the order), and what it writes back. Rows are read as the domain's
// OrderFacts (orders.ts) and RecordState (record-versions.ts).
import type { Queryable } from '../../db/types.js';
import { toIso } from '../../time.js';
import type { OrderFacts, OrderStatus } from './orders.js';
import type { RecordState } from './record-versions.js';
import type { RecordKind, RecordStatus } from './report-records.js';

/** A stored order: what it contributes to the rollups now (status null: nothing). */
interface OrderRow {
  order_key: string;
  status: OrderStatus | null;
  currency: string | null;
  sale_amount: number;
  commission_amount: number;
  reversals: number;
  reversal_amount: number;
  reference_hash: string | null;
  transaction_at: Date | null;
}

/** The facts of a stored order, as the rollups hold them (null: it contributes nothing). */
const factsOf = (row: OrderRow): OrderFacts | null =>
  row.status === null || row.currency === null || row.transaction_at === null
    ? null
    : {
        status: row.status,
        currency: row.currency,
        sale: row.sale_amount,
        commission: row.commission_amount,
        reversals: row.reversals,
        reversalAmount: row.reversal_amount,
        reference: row.reference_hash,
        transactionAt: row.transaction_at.getTime(),
      };

const ORDER_COLUMNS = 'order_key, status, currency, sale_amount, commission_amount, reversals, reversal_amount, reference_hash, transaction_at';

/**
 * Locks the rows of these orders, creating the missing ones (key order: a fixed lock order), and
 * gives what each contributes now (null: nothing). An upsert rather than SELECT … FOR UPDATE: an
 * order a concurrent import is creating is waited for.
 */
export async function lockOrders(q: Queryable, siteId: string, provider: string, keys: readonly string[]): Promise<Map<string, OrderFacts | null>> {
  if (keys.length === 0) return new Map();
  const { rows } = await q.query<OrderRow>(
    `INSERT INTO publisher_orders (site_id, provider, order_key)
     SELECT $1, $2, k FROM unnest($3::text[]) AS k ORDER BY k
     ON CONFLICT (site_id, provider, order_key) DO UPDATE SET order_key = publisher_orders.order_key
     RETURNING ${ORDER_COLUMNS}`,
    [siteId, provider, [...new Set(keys)].sort()],
  );
  return new Map(rows.map((r) => [r.order_key, factsOf(r)]));
}

export async function writeOrders(q: Queryable, siteId: string, provider: string, orders: readonly { key: string; facts: OrderFacts | null }[]): Promise<void> {
  if (orders.length === 0) return;
  const col = <T>(f: (facts: OrderFacts) => T) => orders.map((o) => (o.facts === null ? null : f(o.facts)));
  await q.query(
    `UPDATE publisher_orders o SET status = t.status, currency = t.currency, sale_amount = COALESCE(t.sale, 0), commission_amount = COALESCE(t.commission, 0),
            reversals = COALESCE(t.reversals, 0), reversal_amount = COALESCE(t.reversal_amount, 0), reference_hash = t.reference_hash, transaction_at = t.transaction_at
       FROM unnest($3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::integer[], $9::bigint[], $10::text[], $11::timestamptz[])
            AS t(order_key, status, currency, sale, commission, reversals, reversal_amount, reference_hash, transaction_at)
      WHERE o.site_id = $1 AND o.provider = $2 AND o.order_key = t.order_key`,
    [
      siteId,
      provider,
      orders.map((o) => o.key),
      col((f) => f.status),
      col((f) => f.currency),
      col((f) => f.sale),
      col((f) => f.commission),
      col((f) => f.reversals),
      col((f) => f.reversalAmount),
      col((f) => f.reference),
      col((f) => toIso(f.transactionAt)),
    ],
  );
}

interface RecordRow {
  provider_transaction_id: string;
  order_key: string;
  kind: RecordKind;
  reference_hash: string | null;
  order_ref: string | null;
  status: RecordStatus;
  network_status: string;
  status_rank: number;
  currency: string;
  sale_amount: number;
  commission_amount: number;
  earlier_commission: number | null;
  transaction_at: Date;
  updated_at: Date;
  advertiser_id: string | null;
  advertiser_name: string | null;
  paid: boolean | null;
  decline_reason: string | null;
  amend_reason: string | null;
  context: Record<string, string> | null;
  peak_commission: number;
  fingerprint: string;
}

const RECORD_COLUMNS = `provider_transaction_id, order_key, kind, reference_hash, order_ref, status, network_status, status_rank, currency,
  sale_amount, commission_amount, earlier_commission, transaction_at, updated_at, advertiser_id, advertiser_name, paid,
  decline_reason, amend_reason, context, peak_commission, fingerprint`;

const stateOf = (r: RecordRow): RecordState => ({
  providerTransactionId: r.provider_transaction_id,
  orderKey: r.order_key,
  kind: r.kind,
  referenceHash: r.reference_hash,
  orderRef: r.order_ref,
  status: r.status,
  networkStatus: r.network_status,
  rank: r.status_rank,
  currency: r.currency,
  sale: r.sale_amount,
  commission: r.commission_amount,
  earlierCommission: r.earlier_commission,
  transactionAt: r.transaction_at.getTime(),
  versionAt: r.updated_at.getTime(),
  advertiserId: r.advertiser_id,
  advertiserName: r.advertiser_name,
  paid: r.paid,
  declineReason: r.decline_reason,
  amendReason: r.amend_reason,
  context: r.context,
  peakCommission: r.peak_commission,
  fingerprint: r.fingerprint,
});

/** The records of these orders, and these records wherever they are (their orders must be locked first). */
export async function recordsOf(q: Queryable, siteId: string, provider: string, orderKeys: readonly string[], ids: readonly string[]): Promise<Map<string, RecordState>> {
  const { rows } = await q.query<RecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM publisher_records
      WHERE site_id = $1 AND provider = $2 AND (order_key = ANY($3::text[]) OR provider_transaction_id = ANY($4::text[]))
      ORDER BY provider_transaction_id FOR UPDATE`,
    [siteId, provider, [...new Set(orderKeys)], [...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.provider_transaction_id, stateOf(r)]));
}

/** A record as written: its state, the reference sealed (never raw), and the commission it took back. */
export interface RecordWrite extends RecordState {
  referenceCiphertext: string | null;
  referenceKeyId: string | null;
  reversalAmount: number;
}

/** An older version showed a higher commission than the stored record's peak. */
export interface PeakWrite {
  providerTransactionId: string;
  peakCommission: number;
  reversalAmount: number;
}

export async function updatePeaks(q: Queryable, siteId: string, provider: string, rows: readonly PeakWrite[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `UPDATE publisher_records r SET peak_commission = t.peak, reversal_amount = t.reversal
       FROM unnest($3::text[], $4::bigint[], $5::bigint[]) AS t(id, peak, reversal)
      WHERE r.site_id = $1 AND r.provider = $2 AND r.provider_transaction_id = t.id`,
    [siteId, provider, rows.map((r) => r.providerTransactionId), rows.map((r) => r.peakCommission), rows.map((r) => r.reversalAmount)],
  );
}

export async function upsertRecords(q: Queryable, siteId: string, provider: string, rows: readonly RecordWrite[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof RecordWrite>(k: K) => rows.map((r) => r[k]);
  await q.query(
    `INSERT INTO publisher_records (site_id, provider, provider_transaction_id, order_key, kind, reference_hash, reference_ciphertext, reference_key_id,
                                    order_ref, status, network_status, status_rank, currency, sale_amount, commission_amount, earlier_commission,
                                    transaction_at, updated_at, advertiser_id, advertiser_name, paid, decline_reason, amend_reason, context,
                                    peak_commission, reversal_amount, fingerprint)
     SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
                                  $12::smallint[], $13::text[], $14::bigint[], $15::bigint[], $16::bigint[], $17::timestamptz[], $18::timestamptz[],
                                  $19::text[], $20::text[], $21::boolean[], $22::text[], $23::text[], $24::jsonb[], $25::bigint[], $26::bigint[], $27::text[])
     ON CONFLICT (site_id, provider, provider_transaction_id) DO UPDATE SET
       order_key = EXCLUDED.order_key, kind = EXCLUDED.kind, reference_hash = EXCLUDED.reference_hash,
       reference_ciphertext = EXCLUDED.reference_ciphertext, reference_key_id = EXCLUDED.reference_key_id, order_ref = EXCLUDED.order_ref,
       status = EXCLUDED.status, network_status = EXCLUDED.network_status, status_rank = EXCLUDED.status_rank, currency = EXCLUDED.currency,
       sale_amount = EXCLUDED.sale_amount, commission_amount = EXCLUDED.commission_amount, earlier_commission = EXCLUDED.earlier_commission,
       transaction_at = EXCLUDED.transaction_at, updated_at = EXCLUDED.updated_at, advertiser_id = EXCLUDED.advertiser_id,
       advertiser_name = EXCLUDED.advertiser_name, paid = EXCLUDED.paid, decline_reason = EXCLUDED.decline_reason,
       amend_reason = EXCLUDED.amend_reason, context = EXCLUDED.context, peak_commission = EXCLUDED.peak_commission,
       reversal_amount = EXCLUDED.reversal_amount, fingerprint = EXCLUDED.fingerprint, imported_at = now()`,
    [
      siteId,
      provider,
      col('providerTransactionId'),
      col('orderKey'),
      col('kind'),
      col('referenceHash'),
      col('referenceCiphertext'),
      col('referenceKeyId'),
      col('orderRef'),
      col('status'),
      col('networkStatus'),
      col('rank'),
      col('currency'),
      col('sale'),
      col('commission'),
      col('earlierCommission'),
      rows.map((r) => toIso(r.transactionAt)),
      rows.map((r) => toIso(r.versionAt)),
      col('advertiserId'),
      col('advertiserName'),
      col('paid'),
      col('declineReason'),
      col('amendReason'),
      rows.map((r) => (r.context === null ? null : JSON.stringify(r.context))),
      col('peakCommission'),
      col('reversalAmount'),
      col('fingerprint'),
    ],
  );
  const versions = rows;
  await q.query(
    `INSERT INTO publisher_record_history (site_id, provider, provider_transaction_id, seq, status, sale_amount, commission_amount, updated_at)
     SELECT $1, $2, t.id, COALESCE((SELECT max(h.seq) FROM publisher_record_history h
                                     WHERE h.site_id = $1 AND h.provider = $2 AND h.provider_transaction_id = t.id), 0) + 1,
            t.status, t.sale, t.commission, t.updated_at
       FROM unnest($3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::timestamptz[]) AS t(id, status, sale, commission, updated_at)`,
    [siteId, provider, versions.map((r) => r.providerTransactionId), versions.map((r) => r.networkStatus), versions.map((r) => r.sale), versions.map((r) => r.commission), versions.map((r) => toIso(r.versionAt))],
  );
}
