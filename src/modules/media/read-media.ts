// Reading the library: a site's items (newest first, paged), one item, and an item for the public
// route (no credential: an unknown id, or one whose site is gone or archived, is not found), with its
// bytes streamed from the chunks one at a time (never the whole file at once).
import type { Database, Queryable } from '../../db/types.js';
import { openPage, type CursorCodec, type PageRequest, type PageResult } from '../../db/paging.js';
import { notFound } from '../../errors.js';
import { getSiteWithRoleOrThrow, type Actor, type SiteDirectory } from '../../kernel/index.js';
import * as blobs from './blobs-repository.js';
import * as media from './media-repository.js';
import type { Media } from './media.js';

/**
 * Chunks fetched by one query when streaming: one (256 KiB). The driver reads bytea as hex text
 * (twice its size) before it becomes bytes, so a larger read costs memory per response in flight
 * (measured: 16 concurrent 1 MiB GETs peaked 60 MiB higher with 4 chunks a query) and saves nothing
 * a client can see.
 */
const CHUNKS_PER_READ = 1;

export async function listMedia(db: Database, cursors: CursorCodec, actor: Actor, siteId: string, page: PageRequest): Promise<PageResult<Media>> {
  await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
  const p = openPage(cursors, `media:${siteId}`, page);
  return p.result(await media.listMedia(db, siteId, p.fetch, p.after), (m) => m.mediaId, ({ cursor_at: _, ...m }) => m);
}

/** One item of the site; another site's item is not found, as an unknown one (CONTRACT §7). */
export async function getMedia(db: Database, actor: Actor, siteId: string, mediaId: string): Promise<Media> {
  await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
  const found = await media.findMedia(db, siteId, mediaId);
  if (!found) throw notFound('Media');
  return found;
}

/** The item the public route serves: not found when there is none or its site is not live. */
export async function findPublicMedia(db: Database, sites: SiteDirectory, mediaId: string): Promise<Media> {
  const found = await media.findMediaById(db, mediaId);
  if (!found || !(await sites.get(found.siteId))) throw notFound('Media');
  return found;
}

/**
 * The bytes of a blob of `chunks` chunks, in order. Chunks missing (the item
 * was deleted while it was being read) end the stream with an error.
 */
export async function* readBlob(q: Queryable, blobId: string, chunks: number): AsyncGenerator<Uint8Array> {
  let next = 0;
  while (next < chunks) {
    const rows = await blobs.readChunks(q, blobId, next, Math.min(CHUNKS_PER_READ, chunks - next));
    if (rows.length === 0) throw new Error(`the bytes of blob ${blobId} are gone from chunk ${next}`);
    for (const row of rows) {
      if (row.seq !== next) throw new Error(`blob ${blobId} lacks chunk ${next}`);
      next += 1;
      yield row.data;
    }
  }
}
