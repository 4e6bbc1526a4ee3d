// The media service on both engines, with the parts other modules bring replaced where a test needs
// them: a module that uses an item (409 media_in_use, decided inside the deletion's transaction with
// the row locked), the library's lockExisting (what the catalog calls in its product writes: a
// deletion waits for that transaction, then sees the reference), a site directory that no longer
// has the site (archived: the public read is 404), uploads in pieces (the command line's way), and
// staged uploads left by a dead process, removed by age.
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { AppError } from '../../../src/errors.js';
import { SYSTEM, type MediaUser, type SiteDirectory } from '../../../src/kernel/index.js';
import { createMediaService, type MediaService } from '../../../src/modules/media/media-service.js';
import { UPLOAD_COMMANDS, uploadCommands } from '../../../src/modules/media/upload-commands.js';
import { UsageError } from '../../../src/cli/usage.js';
import { forEachEngine, type TestApp } from '../../helpers/app.js';
import { gif, HTML, png } from './images.js';
import { stored } from './multipart.js';

const source = (bytes: Uint8Array, finish: () => Promise<void> = async () => undefined) => ({
  bytes: (async function* () {
    yield bytes;
  })(),
  finish,
});

const code = (c: string) => (err: unknown) => err instanceof AppError && err.code === c;

function serviceOf(t: TestApp, overrides: { users?: MediaUser; sites?: SiteDirectory; maxBytes?: number } = {}): MediaService {
  return createMediaService({
    db: t.database.db,
    secrets: t.secrets,
    maxBytes: overrides.maxBytes ?? t.config.mediaMaxBytes,
    sites: overrides.sites ?? t.app.services.kernel.siteDirectory,
    users: overrides.users ?? { usesMedia: async () => false },
  });
}

forEachEngine('media service', (t) => {
  let siteId: string;
  before(async () => {
    siteId = (await t().createSite()).siteId;
  });

  it('refuses to delete an item a module uses (409 media_in_use), asking with the row locked in the deletion’s transaction', async () => {
    const inUse = new Set<string>();
    const asked: { siteId: string; mediaId: string; locked: boolean }[] = [];
    const users: MediaUser = {
      async usesMedia(q, s, m) {
        // The row is locked FOR UPDATE by the caller: the same transaction sees it.
        const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM media WHERE media_id = $1', [m]);
        asked.push({ siteId: s, mediaId: m, locked: rows[0]!.n === 1 });
        return inUse.has(m);
      },
    };
    const media = serviceOf(t(), { users });
    const { media: item } = await media.upload(SYSTEM, siteId, source(png(11, 11)));
    inUse.add(item.mediaId);
    await assert.rejects(media.delete(SYSTEM, siteId, item.mediaId), (err) => code('media_in_use')(err) && /used by a product or a campaign/.test((err as Error).message));
    assert.deepEqual(asked, [{ siteId, mediaId: item.mediaId, locked: true }]);
    assert.equal((await media.get(SYSTEM, siteId, item.mediaId)).mediaId, item.mediaId, 'still there');
    inUse.delete(item.mediaId);
    assert.equal((await media.delete(SYSTEM, siteId, item.mediaId)).mediaId, item.mediaId);
    await assert.rejects(media.get(SYSTEM, siteId, item.mediaId), code('not_found'));
  });

  it('lockExisting: the site’s ids among those asked, locked until the caller’s transaction ends (a deletion waits, then sees the reference)', async () => {
    const references = new Set<string>();
    const media = serviceOf(t(), { users: { usesMedia: async (_q, _s, m) => references.has(m) } });
    const { media: item } = await media.upload(SYSTEM, siteId, source(png(12, 12)));
    const other = await t().createSite();
    const { media: foreign } = await media.upload(SYSTEM, other.siteId, source(png(12, 12)));
    let deletion: Promise<unknown> | undefined;
    let settled = false;
    await t().database.db.transaction(async (tx) => {
      const found = await media.library.lockExisting(tx, siteId, [item.mediaId, foreign.mediaId, 'med_unknownunknownunkno', item.mediaId]);
      assert.deepEqual([...found], [item.mediaId]);
      deletion = media.delete(SYSTEM, siteId, item.mediaId).finally(() => (settled = true));
      deletion.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(settled, false, 'the deletion waits for the transaction that holds the item');
      references.add(item.mediaId); // the reference this transaction writes
    });
    await assert.rejects(deletion!, code('media_in_use'));
    assert.deepEqual([...(await media.library.lockExisting(t().database.db, siteId, []))], []);
  });

  it('the public read is 404 for a site the directory no longer has (archived)', async () => {
    const live = serviceOf(t());
    const { media: item } = await live.upload(SYSTEM, siteId, source(gif(2, 2)));
    assert.equal((await live.findPublic(item.mediaId)).mediaId, item.mediaId);
    const archived = serviceOf(t(), { sites: { get: async () => undefined, invalidate: () => undefined } });
    await assert.rejects(archived.findPublic(item.mediaId), code('not_found'));
  });

  it('stores nothing when the request turns out bad after the file (a second file)', async () => {
    const fresh = (await t().createSite()).siteId;
    const media = serviceOf(t());
    const secondFile = async () => {
      throw new AppError('validation_failed', 'Send exactly one file part');
    };
    await assert.rejects(media.upload(SYSTEM, fresh, source(png(64, 64, { filler: 600_000 }), secondFile)), code('validation_failed'));
    assert.deepEqual(await stored(t(), fresh), { media: 0, blobs: 0, staging: 0, chunks: 0 });
  });

  it('uploads in pieces: in order only, within the limit, inspected at the end; every refusal discards what was staged', async () => {
    const fresh = (await t().createSite()).siteId;
    const media = serviceOf(t(), { maxBytes: 2 * 1024 * 1024 });
    const image = png(64, 64, { filler: 1_500_000 });
    const piece = 1024 * 1024;

    const { uploadId } = await media.pieces.begin(SYSTEM, fresh, image.length);
    assert.equal(await media.pieces.append(uploadId, 0, image.subarray(0, piece)), piece);
    await assert.rejects(media.pieces.append(uploadId, 0, image.subarray(0, piece)), code('conflict'), 'a piece sent twice');
    await assert.rejects(media.pieces.append(uploadId, piece + 1, image.subarray(piece)), code('conflict'), 'a gap');
    await media.pieces.append(uploadId, piece, image.subarray(piece));
    const done = await media.pieces.finish(uploadId);
    assert.equal(done.created, true);
    assert.equal(done.media.bytes, image.length);
    await assert.rejects(media.pieces.finish(uploadId), code('conflict'), 'finished once');

    const again = await media.pieces.begin(SYSTEM, fresh, image.length);
    await media.pieces.append(again.uploadId, 0, image.subarray(0, piece));
    await media.pieces.append(again.uploadId, piece, image.subarray(piece));
    const same = await media.pieces.finish(again.uploadId);
    assert.deepEqual([same.created, same.media.mediaId], [false, done.media.mediaId]);
    assert.deepEqual(await stored(t(), fresh), { media: 1, blobs: 1, staging: 0, chunks: 6 });

    await assert.rejects(media.pieces.begin(SYSTEM, fresh, 2 * 1024 * 1024 + 1), code('payload_too_large'), 'a declared size over the limit');
    const tooBig = await media.pieces.begin(SYSTEM, fresh, 10);
    await media.pieces.append(tooBig.uploadId, 0, Buffer.alloc(piece));
    await media.pieces.append(tooBig.uploadId, piece, Buffer.alloc(piece));
    await assert.rejects(media.pieces.append(tooBig.uploadId, 2 * piece, Buffer.alloc(1)), code('payload_too_large'));
    await assert.rejects(media.pieces.append(tooBig.uploadId, 2 * piece, Buffer.alloc(1)), code('conflict'), 'discarded');

    const html = await media.pieces.begin(SYSTEM, fresh, HTML.length);
    await media.pieces.append(html.uploadId, 0, HTML);
    await assert.rejects(media.pieces.finish(html.uploadId), code('unsupported_media_type'));

    const abandoned = await media.pieces.begin(SYSTEM, fresh, 100);
    await media.pieces.append(abandoned.uploadId, 0, Buffer.alloc(100));
    await media.pieces.abort(abandoned.uploadId);
    await media.pieces.abort(abandoned.uploadId);
    assert.deepEqual(await stored(t(), fresh), { media: 1, blobs: 1, staging: 0, chunks: 6 });
    await assert.rejects(media.pieces.begin(SYSTEM, 'site_nosuchsite00000000', 10), code('not_found'));
  });

  it('removes staged uploads left by a dead process (idle an hour) when the next upload starts, and no others', async () => {
    const fresh = (await t().createSite()).siteId;
    const db = t().database.db;
    for (const [id, age] of [['upl_deaddeaddeaddeaddead', '2 hours'], ['upl_liveliveliveliveaaaa', '5 minutes']] as const) {
      await db.query(`INSERT INTO media_blobs (blob_id, site_id, state, bytes, chunks, touched_at) VALUES ($1, $2, 'staging', 3, 1, now() - $3::interval)`, [id, fresh, age]);
      await db.query(`INSERT INTO media_chunks (blob_id, seq, data) VALUES ($1, 0, $2)`, [id, Buffer.from('abc')]);
    }
    assert.deepEqual(await stored(t(), fresh), { media: 0, blobs: 2, staging: 2, chunks: 2 });
    await serviceOf(t()).upload(SYSTEM, fresh, source(png(13, 13)));
    assert.deepEqual(await stored(t(), fresh), { media: 1, blobs: 2, staging: 1, chunks: 2 });
    const { rows } = await db.query<{ blob_id: string }>(`SELECT blob_id FROM media_blobs WHERE site_id = $1 AND state = 'staging'`, [fresh]);
    assert.deepEqual(rows.map((r) => r.blob_id), ['upl_liveliveliveliveaaaa']);
    assert.equal(await serviceOf(t()).reapStaging(), 0);
  });

  it('the internal upload commands check what the caller’s side sends (usage errors), then upload in pieces', async () => {
    const media = serviceOf(t());
    const usage = (pattern: RegExp) => (err: unknown) => err instanceof UsageError && pattern.test(err.message);
    const run = (name: keyof typeof uploadCommands, input: Record<string, unknown>): Promise<Record<string, unknown>> => uploadCommands[name](media, input);
    await assert.rejects(run(UPLOAD_COMMANDS.begin, { bytes: 3 }), usage(/--site is required/));
    await assert.rejects(run(UPLOAD_COMMANDS.begin, { site: siteId, bytes: -1 }), usage(/bytes must be a whole number/));
    const image = gif(6, 6);
    const begun = await run(UPLOAD_COMMANDS.begin, { site: siteId, bytes: image.length });
    const uploadId = begun.upload_id as string;
    assert.match(uploadId, /^upl_/);
    assert.equal(begun.max_bytes, t().config.mediaMaxBytes);
    for (const data of ['', 'abc', 'a b=', '====', 'x'.repeat(1_400_000)]) {
      await assert.rejects(run(UPLOAD_COMMANDS.piece, { upload_id: uploadId, offset: 0, data }), usage(/data must be base64/), JSON.stringify(data.slice(0, 10)));
    }
    await assert.rejects(run(UPLOAD_COMMANDS.piece, { upload_id: 'upl_../../etc', offset: 0, data: 'AAAA' }), usage(/upload_id/));
    await assert.rejects(run(UPLOAD_COMMANDS.piece, { upload_id: uploadId, offset: 1.5, data: 'AAAA' }), usage(/offset/));
    assert.deepEqual(await run(UPLOAD_COMMANDS.piece, { upload_id: uploadId, offset: 0, data: image.toString('base64') }), { bytes: image.length });
    const done = await run(UPLOAD_COMMANDS.finish, { upload_id: uploadId });
    assert.deepEqual({ ...done, media_id: undefined, sha256: undefined }, { media_id: undefined, sha256: undefined, status: 'created', content_type: 'image/gif', bytes: image.length, width: 6, height: 6 });
    assert.deepEqual(await run(UPLOAD_COMMANDS.abort, { upload_id: uploadId }), { aborted: true });
  });
});
