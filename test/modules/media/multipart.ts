// multipart/form-data bodies as a browser or curl sends them, and the media tables a site has rows in.
import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../helpers/app.js';

export interface Part {
  name: string;
  /** A file part when set (curl -F name=@file); a text field otherwise. */
  filename?: string;
  contentType?: string;
  data: Uint8Array | string;
}

export function multipart(parts: Part[], boundary = `----storefront${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.contentType ?? (p.filename !== undefined ? 'application/octet-stream' : undefined);
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, boundary };
}

/** One file part named `file`. */
export const fileBody = (data: Uint8Array, filename = 'photo.png', contentType = 'image/png') => multipart([{ name: 'file', filename, contentType, data }]);

/** What the media tables hold for a site: items, blobs (staged ones apart) and chunks. */
export async function stored(t: TestApp, siteId: string) {
  const { rows } = await t.database.db.query<{ media: number; blobs: number; staging: number; chunks: number }>(
    `SELECT (SELECT count(*)::int FROM media WHERE site_id = $1) AS media,
            (SELECT count(*)::int FROM media_blobs WHERE site_id = $1) AS blobs,
            (SELECT count(*)::int FROM media_blobs WHERE site_id = $1 AND state = 'staging') AS staging,
            (SELECT count(*)::int FROM media_chunks c JOIN media_blobs b USING (blob_id) WHERE b.site_id = $1) AS chunks`,
    [siteId],
  );
  return rows[0]!;
}
