// The type of an upload, sniffed from its first bytes by a maintained library (file-type): the
// client's file name and Content-Type are never looked at. Only the library's image types are
// accepted; text formats (SVG, HTML, scripts) have no magic number and are never recognised.
import { fileTypeFromBuffer } from 'file-type';
import type { MediaType } from './media.js';

/** How many first bytes the sniffing needs (file-type's own detection window). */
export const SNIFF_BYTES = 4100;

/** file-type's MIME types that are ours (an animated PNG is a PNG: browsers show it as one). */
const ACCEPTED: Record<string, MediaType> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/apng': 'image/png',
  'image/webp': 'image/webp',
  'image/gif': 'image/gif',
  'image/avif': 'image/avif',
};

export type Sniffed = { ok: true; type: MediaType } | { ok: false; found?: { ext: string; mime: string } };

export async function sniffImageType(head: Uint8Array): Promise<Sniffed> {
  let found: { ext: string; mime: string } | undefined;
  try {
    found = await fileTypeFromBuffer(head);
  } catch {
    found = undefined; // bytes the library cannot read are no image of ours either
  }
  const type = found ? ACCEPTED[found.mime] : undefined;
  return type ? { ok: true, type } : { ok: false, found };
}
