// All SQL of the bytes: blobs (an upload's bytes, staged until it is stored as an item) and their
// chunks (≤ 256 KiB bytea rows, in order). Rows become StagedUpload values and plain byte arrays.
import type { Queryable } from '../../db/types.js';
import type { StagedUpload } from './media.js';

interface BlobRow {
  blob_id: string;
  site_id: string;
  bytes: number;
  chunks: number;
}

const stagedFromRow = (r: BlobRow): StagedUpload => ({ blobId: r.blob_id, siteId: r.site_id, bytes: r.bytes, chunks: r.chunks });

export async function insertStagedBlob(q: Queryable, blobId: string, siteId: string): Promise<void> {
  await q.query(`INSERT INTO media_blobs (blob_id, site_id, state) VALUES ($1, $2, 'staging')`, [blobId, siteId]);
}

export async function findStagedBlob(q: Queryable, blobId: string): Promise<StagedUpload | undefined> {
  const { rows } = await q.query<BlobRow>(`SELECT blob_id, site_id, bytes, chunks FROM media_blobs WHERE blob_id = $1 AND state = 'staging'`, [blobId]);
  return rows[0] && stagedFromRow(rows[0]);
}

/**
 * Appends the next chunk of a staged blob, in one statement: only if the blob is still staging, holds
 * exactly `offset` bytes (so a chunk is never stored twice or out of order) and stays within
 * `maxBytes`. Whether it was appended.
 */
export async function appendChunk(q: Queryable, blobId: string, offset: number, data: Uint8Array, maxBytes: number): Promise<boolean> {
  const { rows } = await q.query<{ seq: number }>(
    `WITH b AS (
       UPDATE media_blobs SET bytes = bytes + $3, chunks = chunks + 1, touched_at = now()
        WHERE blob_id = $1 AND state = 'staging' AND bytes = $2 AND bytes + $3 <= $4
       RETURNING chunks - 1 AS seq)
     INSERT INTO media_chunks (blob_id, seq, data) SELECT $1, seq, $5 FROM b RETURNING seq`,
    [blobId, offset, data.length, maxBytes, data],
  );
  return rows.length === 1;
}

/** Chunks `from`, `from + 1`, … (at most `limit`), in order. */
export async function readChunks(q: Queryable, blobId: string, from: number, limit: number): Promise<{ seq: number; data: Uint8Array }[]> {
  const { rows } = await q.query<{ seq: number; data: Uint8Array }>(
    'SELECT seq, data FROM media_chunks WHERE blob_id = $1 AND seq >= $2 ORDER BY seq LIMIT $3',
    [blobId, from, limit],
  );
  return rows;
}

/** Marks a staged blob stored (an item now names it), locking it; false when it is no longer staging. */
export async function markBlobStored(q: Queryable, blobId: string): Promise<boolean> {
  const { rowCount } = await q.query(`UPDATE media_blobs SET state = 'stored' WHERE blob_id = $1 AND state = 'staging'`, [blobId]);
  return rowCount === 1;
}

/** Deletes a staged blob and its chunks (never a stored one: an item names it). */
export async function deleteStagedBlob(q: Queryable, blobId: string): Promise<void> {
  await q.query(`DELETE FROM media_blobs WHERE blob_id = $1 AND state = 'staging'`, [blobId]);
}

/** Deletes a blob and its chunks (once no item names it). */
export async function deleteBlob(q: Queryable, blobId: string): Promise<void> {
  await q.query('DELETE FROM media_blobs WHERE blob_id = $1', [blobId]);
}

/** Deletes staged blobs untouched for `seconds` (left by a process that died); how many. */
export async function deleteStaleStagedBlobs(q: Queryable, seconds: number): Promise<number> {
  const { rowCount } = await q.query(
    `DELETE FROM media_blobs WHERE state = 'staging' AND touched_at < now() - make_interval(secs => $1)`,
    [seconds],
  );
  return rowCount;
}
