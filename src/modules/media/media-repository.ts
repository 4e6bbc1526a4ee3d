// All SQL of media items (the media table, with the chunk count of each item's blob); rows become Media values.
import type { Queryable } from '../../db/types.js';
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';
import type { ImageFacts, Media, MediaType } from './media.js';

interface MediaRow {
  media_id: string;
  site_id: string;
  blob_id: string;
  sha256: string;
  content_type: MediaType;
  bytes: number;
  width: number;
  height: number;
  chunks: number;
  created_at: Date;
}

const COLUMNS = 'm.media_id, m.site_id, m.blob_id, m.sha256, m.content_type, m.bytes, m.width, m.height, b.chunks, m.created_at';
const FROM = 'media m JOIN media_blobs b ON b.blob_id = m.blob_id';

const mediaFromRow = (r: MediaRow): Media => ({
  mediaId: r.media_id,
  siteId: r.site_id,
  blobId: r.blob_id,
  sha256: r.sha256,
  contentType: r.content_type,
  bytes: r.bytes,
  width: r.width,
  height: r.height,
  chunks: r.chunks,
  createdAt: r.created_at,
});

/** Serialises the site's new items until the transaction ends (an advisory lock: the site row stays free). */
export async function lockSiteMedia(q: Queryable, siteId: string): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtextextended('media:' || $1, 0))", [siteId]);
}

/** How many items the site holds and their bytes together. */
export async function siteMediaHeld(q: Queryable, siteId: string): Promise<{ items: number; bytes: number }> {
  const { rows } = await q.query<{ items: number; bytes: string }>(
    'SELECT count(*)::int AS items, COALESCE(sum(bytes), 0)::bigint AS bytes FROM media WHERE site_id = $1',
    [siteId],
  );
  return { items: rows[0]!.items, bytes: Number(rows[0]!.bytes) };
}

/** Stores the item; undefined when the site already has an item with these bytes (nothing written). */
export async function insertMedia(q: Queryable, m: ImageFacts & { mediaId: string; siteId: string; blobId: string }): Promise<Media | undefined> {
  const { rows } = await q.query<MediaRow>(
    `WITH m AS (
       INSERT INTO media (media_id, site_id, blob_id, sha256, content_type, bytes, width, height)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT ON CONSTRAINT media_site_sha256_key DO NOTHING
       RETURNING *)
     SELECT ${COLUMNS} FROM m JOIN media_blobs b ON b.blob_id = m.blob_id`,
    [m.mediaId, m.siteId, m.blobId, m.sha256, m.contentType, m.bytes, m.width, m.height],
  );
  return rows[0] && mediaFromRow(rows[0]);
}

/** The site's item with these bytes, locked against deletion until the transaction ends. */
export async function findMediaBySha256ForShare(q: Queryable, siteId: string, sha256: string): Promise<Media | undefined> {
  const { rows } = await q.query<MediaRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE m.site_id = $1 AND m.sha256 = $2 FOR SHARE OF m`, [siteId, sha256]);
  return rows[0] && mediaFromRow(rows[0]);
}

/** One item of a site (another site's is not found); `forUpdate` locks it for deletion. */
export async function findMedia(q: Queryable, siteId: string, mediaId: string, options: { forUpdate?: boolean } = {}): Promise<Media | undefined> {
  const { rows } = await q.query<MediaRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE m.site_id = $1 AND m.media_id = $2${options.forUpdate ? ' FOR UPDATE OF m' : ''}`, [
    siteId,
    mediaId,
  ]);
  return rows[0] && mediaFromRow(rows[0]);
}

/** An item by its id alone (the public route: the id is the capability). */
export async function findMediaById(q: Queryable, mediaId: string): Promise<Media | undefined> {
  const { rows } = await q.query<MediaRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE m.media_id = $1`, [mediaId]);
  return rows[0] && mediaFromRow(rows[0]);
}

/** A site's items, newest first (created_at, then media_id); `limit` rows after `after`. */
export async function listMedia(q: Queryable, siteId: string, limit: number, after?: PageAfter): Promise<(Media & { cursor_at: string })[]> {
  const page = newestFirst({ createdAt: 'm.created_at', id: 'm.media_id' }, 3, 4);
  const { rows } = await q.query<MediaRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${page.cursorAt} AS cursor_at FROM ${FROM} WHERE m.site_id = $1 AND ${page.after} ${page.orderBy} LIMIT $2`,
    [siteId, limit, ...afterParams(after)],
  );
  return rows.map((r) => ({ ...mediaFromRow(r), cursor_at: r.cursor_at }));
}

/** Of these ids, those the site has, each row locked FOR SHARE until the caller's transaction ends. */
export async function lockExistingMedia(q: Queryable, siteId: string, mediaIds: readonly string[]): Promise<string[]> {
  if (mediaIds.length === 0) return [];
  const { rows } = await q.query<{ media_id: string }>(
    'SELECT media_id FROM media WHERE site_id = $1 AND media_id = ANY($2::text[]) ORDER BY media_id FOR SHARE',
    [siteId, [...new Set(mediaIds)]],
  );
  return rows.map((r) => r.media_id);
}

export async function deleteMediaRow(q: Queryable, siteId: string, mediaId: string): Promise<void> {
  await q.query('DELETE FROM media WHERE site_id = $1 AND media_id = $2', [siteId, mediaId]);
}
