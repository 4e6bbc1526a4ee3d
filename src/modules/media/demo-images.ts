// The demo site's product images (first start of an empty database): small PNGs drawn here, one a
// colour, uploaded to the demo site's library like any image, so the demo's products show real
// served media (same origin: the page's CSP allows it) and never a broken image.
import { deflateSync } from 'node:zlib';
import type { Actor } from '../../kernel/index.js';
import type { MediaService } from './media-service.js';

const WIDTH = 320;
const HEIGHT = 240;

/** One hue a product of the demo catalog (the catalog's step takes them in order). */
const COLOURS: readonly (readonly [number, number, number])[] = [
  [52, 81, 178], [199, 84, 58], [46, 140, 98], [142, 68, 173], [214, 160, 36], [36, 132, 160], [90, 98, 112], [176, 62, 112],
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A light gradient of the colour with a disc of it in the middle: a product tile, as a PNG. */
export function demoImagePng([r, g, b]: readonly [number, number, number]): Buffer {
  const rows = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
  const mix = (c: number, t: number) => Math.round(255 + (c - 255) * t);
  for (let y = 0; y < HEIGHT; y += 1) {
    const row = y * (WIDTH * 3 + 1); // filter byte 0 (none) first
    for (let x = 0; x < WIDTH; x += 1) {
      const inDisc = (x - WIDTH / 2) ** 2 + (y - HEIGHT / 2) ** 2 < (HEIGHT / 3) ** 2;
      const t = inDisc ? 0.9 : 0.12 + (0.18 * y) / HEIGHT;
      rows.set([mix(r, t), mix(g, t), mix(b, t)], row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** Uploads the demo images to the site's library; their media ids, in order. */
export async function uploadDemoImages(media: MediaService, owner: Actor, siteId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const colour of COLOURS) {
    const bytes = demoImagePng(colour);
    const outcome = await media.upload(owner, siteId, {
      bytes: (async function* () {
        yield bytes;
      })(),
      finish: async () => undefined,
    });
    ids.push(outcome.media.mediaId);
  }
  return ids;
}
