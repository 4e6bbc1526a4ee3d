// Whether an image file is whole, and how large a canvas its frames make a decoder allocate: its
// container walked as the bytes stream past, without decoding a pixel and without holding the file. A PNG must reach its IEND chunk, a JPEG its end-of-image
// marker (EOI, found by walking its segments and entropy-coded data, so an EXIF thumbnail's EOI does
// not count), a GIF its trailer (walking its blocks and sub-blocks), a WebP the size its RIFF header
// declares (exactly), an AVIF the sizes its top-level boxes declare (exactly, its media data box
// included). Bytes after a PNG's, JPEG's or GIF's end are allowed: phones append a video after a
// JPEG ("motion photos") and tools append metadata; the size-declaring containers must add up.
//
// The extent (the canvas every frame needs) is found on the same walk because the header alone (what
// image-size reads) names only the first image: a GIF's logical screen, an APNG's IHDR, a WebP's
// first chunk. A GIF's frames may lie outside its screen, and decoders grow the canvas for them; an
// APNG's and an animated WebP's frames must lie inside theirs, and one that does not is refused as
// malformed (as libpng and libwebp refuse it). Every frame is counted, not just the first: a small
// first frame and a huge tenth is the same bomb.
//
// Pure: a walker is a small state machine fed any split of the bytes; the result depends only on the
// bytes (checkStructure over one buffer and over any split of it agree).
import type { Dimensions } from './image-dimensions.js';
import { TYPE_NAMES, type MediaType } from './media.js';

export type StructureProblem = 'truncated' | 'trailing_data' | 'malformed';

/** `extent`: the canvas the frames walked need (GIF, PNG and WebP; a refused file's, as far as it was walked). */
export type StructureResult = ({ ok: true; trailingBytes: number } | { ok: false; problem: StructureProblem; message: string }) & { extent?: Dimensions };

/** What the walk waits for next. Every step but a zero-length skip consumes at least one byte. */
type Step =
  /** The next `n` bytes, handed over whole; `endOk`: the file may end here (between two boxes). */
  | { kind: 'read'; n: number; endOk?: boolean; then: (bytes: Uint8Array) => Step }
  | { kind: 'skip'; n: number; then: () => Step }
  /** Every byte up to and including the next `byte` (a JPEG's entropy-coded data up to its next 0xFF). */
  | { kind: 'seek'; byte: number; then: () => Step }
  /** GIF data sub-blocks (GIF89a §15): a size byte and that many bytes, until a size of 0. `left`: of the current one. */
  | { kind: 'blocks'; left: number; then: () => Step }
  /** The structure ended: what follows is allowed, or refused (a size-declaring container). */
  | { kind: 'end'; trailing: 'allow' | 'refuse' }
  | { kind: 'fail'; message: string };

const read = (n: number, then: (bytes: Uint8Array) => Step, endOk = false): Step => ({ kind: 'read', n, endOk, then });
const skip = (n: number, then: () => Step): Step => ({ kind: 'skip', n, then });
const seek = (byte: number, then: () => Step): Step => ({ kind: 'seek', byte, then });
const blocks = (then: () => Step): Step => ({ kind: 'blocks', left: 0, then });
const end = (trailing: 'allow' | 'refuse'): Step => ({ kind: 'end', trailing });
const fail = (message: string): Step => ({ kind: 'fail', message });

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u32le = (b: Uint8Array, at: number) => b[at]! + (b[at + 1]! << 8) + (b[at + 2]! << 16) + ((b[at + 3]! << 24) >>> 0);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** A format's walk: where it starts, and how it says the file was cut short (given the bytes it had). */
interface Walk {
  start: Step;
  cutShort(total: number): string;
  trailing?(trailingBytes: number): string;
  /** The canvas the frames walked so far need (formats whose frames are walked). */
  extent?(): Dimensions | undefined;
}

/** A frame's place on its canvas. */
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const rectText = (r: Rect) => `${r.width} × ${r.height} at (${r.x}, ${r.y})`;

/** Why a frame does not fit inside its canvas, or undefined when it does. */
function misfit(what: string, frame: Rect, canvas: Dimensions, canvasName: string): string | undefined {
  if (frame.width < 1 || frame.height < 1) return `${what} is ${frame.width} × ${frame.height} pixels`;
  if (frame.x + frame.width <= canvas.width && frame.y + frame.height <= canvas.height) return undefined;
  return `${what} of ${rectText(frame)} does not fit inside its ${canvas.width} × ${canvas.height} canvas (${canvasName})`;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// PNG (W3C PNG Third Edition §5.3 chunk layout, §11.2.1 IHDR) and APNG (§11.3.6.2 fcTL): every frame
// control chunk places a frame on the IHDR canvas, and "x_offset plus width must not be greater than
// the IHDR width" (height likewise); libpng refuses an fcTL that breaks it, so a file that does is
// malformed here too rather than counted.
function pngWalk(): Walk {
  let canvas: Dimensions | undefined;
  const frame = (d: Uint8Array): Step => {
    // sequence_number, width, height, x_offset, y_offset (then delays, dispose and blend ops).
    const rect = { width: u32be(d, 4), height: u32be(d, 8), x: u32be(d, 12), y: u32be(d, 16) };
    if (!canvas) return fail('a frame control chunk (fcTL) comes before its IHDR chunk');
    const problem = misfit('a frame (fcTL)', rect, canvas, 'IHDR');
    return problem ? fail(problem) : skip(4, chunk);
  };
  const chunk = (): Step =>
    read(8, (h) => {
      const length = u32be(h, 0);
      if (length > 0x7fffffff) return fail(`a chunk declares ${length} bytes, more than PNG allows`);
      const type = ascii(h, 4, 8);
      if (type === 'IHDR' && !canvas) {
        if (length !== 13) return fail(`its IHDR chunk has ${length} bytes, not 13`);
        return read(13, (d) => {
          canvas = { width: u32be(d, 0), height: u32be(d, 4) };
          return skip(4, chunk);
        });
      }
      if (type === 'fcTL') return length === 26 ? read(26, frame) : fail(`a frame control chunk (fcTL) has ${length} bytes, not 26`);
      // The chunk's data, then its CRC.
      return skip(length + 4, type === 'IEND' ? () => end('allow') : chunk);
    });
  return {
    start: read(8, (sig) => (PNG_SIGNATURE.every((b, i) => sig[i] === b) ? chunk() : fail('it does not start with the PNG signature'))),
    cutShort: () => 'the PNG file is cut short: it ends before its IEND chunk',
    extent: () => canvas,
  };
}

const isRst = (c: number) => c >= 0xd0 && c <= 0xd7;

function jpegWalk(): Walk {
  // After a 0xFF: fill bytes (more 0xFF), then the marker's code.
  const code = (inEntropy: boolean): Step =>
    read(1, ([c]) => {
      if (c === 0xff) return code(inEntropy);
      if (inEntropy && (c === 0x00 || isRst(c!))) return entropy(); // a stuffed 0xFF, or a restart marker
      if (c === 0xd9) return end('allow');
      // Standalone markers, or a stray byte after 0xFF: carry on to the next marker.
      if (c === 0x00 || c === 0x01 || c === 0xd8 || isRst(c!)) return marker();
      return read(2, (l) => {
        const length = u16be(l, 0);
        if (length < 2) return fail(`a segment declares a length of ${length}`);
        return skip(length - 2, c === 0xda ? entropy : marker);
      });
    });
  // Between segments, bytes other than 0xFF are skipped (as decoders do with extraneous bytes).
  const marker = (): Step => seek(0xff, () => code(false));
  const entropy = (): Step => seek(0xff, () => code(true));
  return {
    start: read(2, (soi) => (soi[0] === 0xff && soi[1] === 0xd8 ? marker() : fail('it does not start with a start-of-image marker'))),
    cutShort: () => 'the JPEG file is cut short: it ends before its end-of-image marker (EOI)',
  };
}

// GIF89a §18 logical screen descriptor, §19 global color table, §20 image descriptor, §21 local
// color table, §22 table-based image data, §23-26 extensions, §15 data sub-blocks, §27 trailer.
const colorTable = (packed: number) => (packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0);

// A GIF's extent is the logical screen grown to hold every frame (its left + width, its top +
// height). Chromium (SkGifImageReader) grows the screen so for the first frame and clips later ones,
// and reads a frame of zero width or height as one as large as the screen; counting every frame,
// offset included, is an upper bound of the canvas and of any frame buffer a decoder allocates.
function gifWalk(): Walk {
  let screen: Dimensions | undefined;
  let extent: Dimensions | undefined;
  const image = (d: Uint8Array): Step => {
    const [width, height] = u16le(d, 4) === 0 || u16le(d, 6) === 0 ? [screen!.width, screen!.height] : [u16le(d, 4), u16le(d, 6)];
    extent = { width: Math.max(extent!.width, u16le(d, 0) + width), height: Math.max(extent!.height, u16le(d, 2) + height) };
    // Its local color table, the LZW minimum code size, then its data.
    return skip(colorTable(d[8]!), () => read(1, () => blocks(block)));
  };
  const block = (): Step =>
    read(1, ([b]) => {
      if (b === 0x3b) return end('allow');
      if (b === 0x21) return read(1, () => blocks(block)); // an extension: its label, then its data
      if (b === 0x2c) return read(9, image);
      return fail(`it holds an unknown block (0x${b!.toString(16).padStart(2, '0')})`);
    });
  return {
    start: read(13, (h) => {
      if (!/^GIF8[79]a$/.test(ascii(h, 0, 6))) return fail('it does not start with a GIF header');
      screen = { width: u16le(h, 6), height: u16le(h, 8) };
      extent = screen;
      return skip(colorTable(h[10]!), block);
    }),
    cutShort: () => 'the GIF file is cut short: it ends before its trailer',
    extent: () => extent,
  };
}

const fourccText = (b: Uint8Array) => JSON.stringify(ascii(b, 0, 4).replace(/[^\x20-\x7e]/g, '?'));

/** A WebP's canvas as far as its walk knows it, shared by its chunks and its frames' chunks. */
interface WebpCanvas {
  size: Dimensions | undefined;
  /** Where the size came from (VP8X, or the simple format's one bitstream), for messages. */
  name: string;
  /** The RIFF's chunks seen so far: a VP8X chunk must be the first. */
  topChunks: number;
}

// WebP (RFC 9649): the RIFF header (§2.4), then chunks of a FourCC, a little-endian size and the data
// padded to an even length (§2.3). The canvas is the VP8X chunk's (§2.7, extended format) or the one
// bitstream's (§2.5 VP8, §2.6 VP8L, simple format). Each ANMF frame (§2.7.1.1) places a frame at twice
// its X and Y offsets, of its width and height minus one, and holds its own ALPH and VP8/VP8L chunks;
// libwebp's demuxer refuses a frame (and a bitstream) that does not fit inside the canvas, so a file
// with one is malformed here too. Both the frame's declared size and its bitstream's are checked: the
// bitstream is what is decoded, the ANMF header what some readers trust.
function webpWalk(): Walk {
  let declared = 0;
  const canvas: WebpCanvas = { size: undefined, name: '', topChunks: 0 };
  return {
    start: read(12, (h) => {
      if (ascii(h, 0, 4) !== 'RIFF' || ascii(h, 8, 12) !== 'WEBP') return fail('it does not start with a RIFF WEBP header');
      const size = u32le(h, 4);
      if (size < 4) return fail(`its RIFF header declares ${size} bytes`);
      declared = size + 8;
      return webpChunks(canvas, size - 4, undefined, () => end('refuse'));
    }),
    cutShort: (total) => `the WebP file is cut short: its RIFF header declares ${declared} bytes, the file has ${total}`,
    trailing: (extra) => `the WebP file does not add up: it has ${extra} bytes after the ${declared} its RIFF header declares`,
    extent: () => canvas.size,
  };
}

/** The chunks in the next `left` bytes (the RIFF's, or an ANMF frame's), then `done`. */
function webpChunks(canvas: WebpCanvas, left: number, frame: Rect | undefined, done: () => Step): Step {
  // Fewer bytes than a chunk header hold no image: skipped, as libwebp stops there too.
  if (left < 8) return skip(left, done);
  return read(8, (h) => {
    const size = u32le(h, 4);
    const room = left - 8;
    if (size > room) return fail(`its ${fourccText(h)} chunk declares ${size} bytes, more than the ${room} left in its ${frame ? 'ANMF frame' : 'RIFF container'}`);
    // The last chunk's pad byte may be missing: tolerated, as it holds nothing.
    const body = Math.min(size + (size & 1), room);
    return webpChunk(canvas, h, size, body, frame, () => webpChunks(canvas, room - body, frame, done));
  });
}

/** One chunk, of header `h`, `size` bytes and `body` bytes with its pad byte, then `next`. */
function webpChunk(canvas: WebpCanvas, h: Uint8Array, size: number, body: number, frame: Rect | undefined, next: () => Step): Step {
  const first = !frame && canvas.topChunks++ === 0;
  switch (ascii(h, 0, 4)) {
    case 'VP8X':
      if (!first) return fail('its VP8X chunk is not its first');
      if (size < 10) return fail(`its VP8X chunk has ${size} bytes, fewer than 10`);
      return read(10, (d) => {
        canvas.size = { width: 1 + u24le(d, 4), height: 1 + u24le(d, 7) };
        canvas.name = 'VP8X';
        return skip(body - 10, next);
      });
    case 'ANMF':
      if (frame) return fail('an animation frame (ANMF) holds another');
      if (canvas.name !== 'VP8X') return fail('it holds an animation frame (ANMF) without a VP8X canvas');
      if (size < 16) return fail(`an animation frame (ANMF) has ${size} bytes, fewer than 16`);
      return read(16, (d) => {
        const rect = { x: 2 * u24le(d, 0), y: 2 * u24le(d, 3), width: 1 + u24le(d, 6), height: 1 + u24le(d, 9) };
        const problem = misfit('an animation frame (ANMF)', rect, canvas.size!, canvas.name);
        return problem ? fail(problem) : webpChunks(canvas, body - 16, rect, next);
      });
    case 'VP8L':
      // The signature 0x2F, then 14 bits of width - 1, 14 of height - 1, 1 of alpha, 3 of version (0).
      if (size < 5) return fail(`its VP8L chunk has ${size} bytes, fewer than its 5-byte header`);
      return read(5, (d) => {
        const bits = u32le(d, 1);
        if (d[0] !== 0x2f || bits >>> 29 !== 0) return fail('its VP8L chunk does not start with a lossless bitstream header');
        return webpBitstream(canvas, 'VP8L', 1 + (bits & 0x3fff), 1 + ((bits >>> 14) & 0x3fff), frame, () => skip(body - 5, next));
      });
    case 'VP8 ':
      // A key frame (bit 0 of the 3-byte frame tag clear), the start code 9D 01 2A, then 14 bits of
      // width and 14 of height (each with 2 bits of scaling) (RFC 6386 §9.1).
      if (size < 10) return fail(`its VP8 chunk has ${size} bytes, fewer than its 10-byte header`);
      return read(10, (d) => {
        const width = u16le(d, 6) & 0x3fff;
        const height = u16le(d, 8) & 0x3fff;
        if (d[0]! & 1 || d[3] !== 0x9d || d[4] !== 0x01 || d[5] !== 0x2a) return fail('its VP8 chunk does not start with a key frame header');
        if (width === 0 || height === 0) return fail(`its VP8 bitstream is ${width} × ${height} pixels`);
        return webpBitstream(canvas, 'VP8', width, height, frame, () => skip(body - 10, next));
      });
    default:
      return skip(body, next); // ALPH, ANIM, ICCP, EXIF, XMP and unknown chunks (§2.7.1.6)
  }
}

/** A bitstream's size (at its frame's offset) must fit the canvas; in the simple format it is the canvas. */
function webpBitstream(canvas: WebpCanvas, kind: string, width: number, height: number, frame: Rect | undefined, rest: () => Step): Step {
  if (!canvas.size) {
    canvas.size = { width, height };
    canvas.name = `its ${kind} bitstream`;
    return rest();
  }
  const problem = misfit(`a ${kind} bitstream`, { x: frame?.x ?? 0, y: frame?.y ?? 0, width, height }, canvas.size, canvas.name);
  return problem ? fail(problem) : rest();
}

function isobmffWalk(): Walk {
  // The image data is in the media data box: a file that ends between boxes before it is cut short.
  let sawMdat = false;
  const box = (first: boolean): Step =>
    read(
      8,
      (h) => {
        const size = u32be(h, 0);
        const type = ascii(h, 4, 8);
        if (first && type !== 'ftyp') return fail('it does not start with an ftyp box');
        if (type === 'mdat') sawMdat = true;
        if (size === 0) return end('allow'); // the last box, to the end of the file
        if (size === 1) {
          return read(8, (l) => {
            const large = u32be(l, 0) * 2 ** 32 + u32be(l, 4);
            if (large < 16 || !Number.isSafeInteger(large)) return fail(`a box declares ${large} bytes`);
            return skip(large - 16, () => box(false));
          });
        }
        if (size < 8) return fail(`a box declares ${size} bytes`);
        return skip(size - 8, () => box(false));
      },
      !first && sawMdat,
    );
  return {
    start: box(true),
    cutShort: () =>
      sawMdat
        ? 'the AVIF file does not add up: its boxes declare more bytes than the file has'
        : 'the AVIF file is cut short: it ends before its media data box (mdat)',
  };
}

const WALKS: Record<MediaType, () => Walk> = {
  'image/png': pngWalk,
  'image/jpeg': jpegWalk,
  'image/gif': gifWalk,
  'image/webp': webpWalk,
  'image/avif': isobmffWalk,
};

export interface StructureWalker {
  /** The next bytes of the file, in order. */
  push(bytes: Uint8Array): void;
  /** The canvas the frames walked so far need (GIF, PNG, WebP); it only grows as the bytes come. */
  extent(): Dimensions | undefined;
  /** The file ended: whether it was whole. */
  end(): StructureResult;
}

type StepOf<K extends Step['kind']> = Extract<Step, { kind: K }>;

/** Where a walk stands: its step, the bytes of an unfinished read, and how many bytes came after its end. */
interface Position {
  step: Step;
  pending: Uint8Array[];
  pendingLength: number;
  trailing: number;
}

// A skip of nothing is done at once (a chain of them ends: every walk reads before it skips again).
function settle(next: Step): Step {
  let s = next;
  while (s.kind === 'skip' && s.n === 0) s = s.then();
  return s;
}

/** Takes what the current step wants of `bytes` from `from` on; where it stopped. */
function consume(pos: Position, bytes: Uint8Array, from: number): number {
  const step = pos.step;
  switch (step.kind) {
    case 'end':
      pos.trailing += bytes.length - from;
      return bytes.length;
    case 'fail':
      return bytes.length;
    case 'skip': {
      const k = Math.min(step.n, bytes.length - from);
      const rest = step.n - k;
      pos.step = rest === 0 ? settle(step.then()) : { ...step, n: rest };
      return from + k;
    }
    case 'seek': {
      const at = bytes.indexOf(step.byte, from);
      if (at < 0) return bytes.length;
      pos.step = settle(step.then());
      return at + 1;
    }
    case 'blocks':
      return consumeBlocks(pos, step, bytes, from);
    case 'read':
      return consumeRead(pos, step, bytes, from);
  }
}

// GIF data sub-blocks, walked in one loop rather than as a step a sub-block: image data is most of a GIF's bytes.
function consumeBlocks(pos: Position, step: StepOf<'blocks'>, bytes: Uint8Array, from: number): number {
  let at = from;
  let left = step.left;
  while (at < bytes.length) {
    if (left > 0) {
      const k = Math.min(left, bytes.length - at);
      at += k;
      left -= k;
    } else {
      left = bytes[at++]!;
      if (left === 0) {
        pos.step = settle(step.then());
        return at;
      }
    }
  }
  pos.step = { ...step, left };
  return at;
}

/** A read's bytes, handed over whole however the pieces split them. */
function consumeRead(pos: Position, step: StepOf<'read'>, bytes: Uint8Array, from: number): number {
  if (pos.pendingLength === 0 && bytes.length - from >= step.n) {
    // Whole in this piece: a view, not a copy (every step reads its bytes at once and keeps none).
    const n = step.n;
    pos.step = settle(step.then(bytes.subarray(from, from + n)));
    return from + n;
  }
  const k = Math.min(step.n - pos.pendingLength, bytes.length - from);
  // A copy (at most a few bytes): the caller may reuse its buffer before the read completes.
  pos.pending.push(bytes.slice(from, from + k));
  pos.pendingLength += k;
  if (pos.pendingLength === step.n) {
    const whole = pos.pending.length === 1 ? pos.pending[0]! : Buffer.concat(pos.pending);
    pos.pending = [];
    pos.pendingLength = 0;
    pos.step = settle(step.then(whole));
  }
  return from + k;
}

/** A walker of one file of the type (the type sniffed from its first bytes). */
export function structureWalker(type: MediaType): StructureWalker {
  const walk = WALKS[type]();
  const pos: Position = { step: settle(walk.start), pending: [], pendingLength: 0, trailing: 0 };
  let total = 0;

  /** Whether the file, ended here, was whole. */
  function whether(): StructureResult {
    const name = TYPE_NAMES[type];
    const { step, trailing } = pos;
    if (step.kind === 'fail') return { ok: false, problem: 'malformed', message: `the ${name} file is malformed: ${step.message}` };
    if (step.kind === 'end') {
      if (trailing > 0 && step.trailing === 'refuse') {
        return { ok: false, problem: 'trailing_data', message: walk.trailing?.(trailing) ?? `the ${name} file has ${trailing} bytes after its end` };
      }
      return { ok: true, trailingBytes: trailing };
    }
    if (step.kind === 'read' && step.endOk && pos.pendingLength === 0) return { ok: true, trailingBytes: 0 };
    return { ok: false, problem: 'truncated', message: walk.cutShort(total) };
  }

  return {
    push(bytes) {
      total += bytes.length;
      let at = 0;
      while (at < bytes.length) at = consume(pos, bytes, at);
    },
    extent: () => walk.extent?.(),
    end() {
      const extent = walk.extent?.();
      return extent ? { ...whether(), extent } : whether();
    },
  };
}

/** Whether a whole file (given in any number of pieces, in order) is complete. */
export function checkStructure(type: MediaType, pieces: Iterable<Uint8Array>): StructureResult {
  const walker = structureWalker(type);
  for (const piece of pieces) walker.push(piece);
  return walker.end();
}
