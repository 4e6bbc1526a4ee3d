// SQL over the sealed columns (table and column names come from the modules' declarations, never from input).
import type { Queryable } from '../db/types.js';
import type { Sealed } from './click-id-keyring.js';
import type { SealedColumn } from './sealed-columns.js';

export type SealedRow = Record<string, string>;

/** A page of rows sealed with a key other than `currentKeyId`. */
export async function findSealedWithOtherKeys(q: Queryable, c: SealedColumn, currentKeyId: string, limit: number): Promise<SealedRow[]> {
  const { rows } = await q.query<SealedRow>(
    `SELECT ${c.keys.join(', ')}, ${c.ciphertext} AS ciphertext, ${c.keyId} AS key_id FROM ${c.table}
      WHERE ${c.ciphertext} IS NOT NULL AND ${c.keyId} <> $1
      ORDER BY ${c.keys.join(', ')} LIMIT $2`,
    [currentKeyId, limit],
  );
  return rows;
}

export async function reseal(q: Queryable, c: SealedColumn, row: SealedRow, sealed: Sealed): Promise<void> {
  const where = c.keys.map((k, i) => `${k} = $${i + 1}`).join(' AND ');
  const n = c.keys.length;
  await q.query(
    `UPDATE ${c.table} SET ${c.ciphertext} = $${n + 1}, ${c.keyId} = $${n + 2} WHERE ${where} AND ${c.keyId} = $${n + 3}`,
    [...c.keys.map((k) => row[k]), sealed.ciphertext, sealed.keyId, row.key_id],
  );
}

/** Drops sealed values of rows older than `before`; the rest of each row stays. */
export async function purgeSealed(q: Queryable, c: SealedColumn, before: Date): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE ${c.table} SET ${c.ciphertext} = NULL, ${c.keyId} = NULL WHERE ${c.ciphertext} IS NOT NULL AND ${c.timeColumn} < $1`,
    [before.toISOString()],
  );
  return rowCount;
}
