// Whether an image file is whole: its container walked as the bytes stream past, without decoding a
// pixel and without holding the file. A PNG must reach its IEND chunk, a JPEG its end-of-image
// marker (EOI, found by walking its segments and entropy-coded data, so an EXIF thumbnail's EOI does
// not count), a GIF its trailer (walking its blocks and sub-blocks), a WebP the size its RIFF header
// declares (exactly), an AVIF the sizes its top-level boxes declare (exactly, its media data box
// included). Bytes after a PNG's, JPEG's or GIF's end are allowed: phones append a video after a
// JPEG ("motion photos") and tools append metadata; the size-declaring containers must add up.
//
// Pure: a walker is a small state machine fed any split of the bytes; the result depends only on the
// bytes (checkStructure over one buffer and over any split of it agree).
import { TYPE_NAMES, type MediaType } from './media.js';

export type StructureProblem = 'truncated' | 'trailing_data' | 'malformed';

export type StructureResult = { ok: true; trailingBytes: number } | { ok: false; problem: StructureProblem; message: string };

/** What the walk waits for next. Every step but a zero-length skip consumes at least one byte. */
type Step =
  /** The next `n` bytes, handed over whole; `endOk`: the file may end here (between two boxes). */
  | { kind: 'read'; n: number; endOk?: boolean; then: (bytes: Uint8Array) => Step }
  | { kind: 'skip'; n: number; then: () => Step }
  /** Every byte up to and including the next `byte` (a JPEG's entropy-coded data up to its next 0xFF). */
  | { kind: 'seek'; byte: number; then: () => Step }
  /** The structure ended: what follows is allowed, or refused (a size-declaring container). */
  | { kind: 'end'; trailing: 'allow' | 'refuse' }
  | { kind: 'fail'; message: string };

const read = (n: number, then: (bytes: Uint8Array) => Step, endOk = false): Step => ({ kind: 'read', n, endOk, then });
const skip = (n: number, then: () => Step): Step => ({ kind: 'skip', n, then });
const seek = (byte: number, then: () => Step): Step => ({ kind: 'seek', byte, then });
const end = (trailing: 'allow' | 'refuse'): Step => ({ kind: 'end', trailing });
const fail = (message: string): Step => ({ kind: 'fail', message });

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u32le = (b: Uint8Array, at: number) => b[at]! + (b[at + 1]! << 8) + (b[at + 2]! << 16) + ((b[at + 3]! << 24) >>> 0);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** A format's walk: where it starts, and how it says the file was cut short (given the bytes it had). */
interface Walk {
  start: Step;
  cutShort(total: number): string;
  trailing?(trailingBytes: number): string;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngWalk(): Walk {
  const chunk = (): Step =>
    read(8, (h) => {
      const length = u32be(h, 0);
      if (length > 0x7fffffff) return fail(`a chunk declares ${length} bytes, more than PNG allows`);
      // The chunk's data, then its CRC.
      return skip(length + 4, ascii(h, 4, 8) === 'IEND' ? () => end('allow') : chunk);
    });
  return {
    start: read(8, (sig) => (PNG_SIGNATURE.every((b, i) => sig[i] === b) ? chunk() : fail('it does not start with the PNG signature'))),
    cutShort: () => 'the PNG file is cut short: it ends before its IEND chunk',
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

const colorTable = (packed: number) => (packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0);

function gifWalk(): Walk {
  const subBlocks = (next: () => Step): Step => read(1, ([n]) => (n === 0 ? next() : skip(n!, () => subBlocks(next))));
  const block = (): Step =>
    read(1, ([b]) => {
      if (b === 0x3b) return end('allow');
      if (b === 0x21) return read(1, () => subBlocks(block)); // an extension: its label, then its data
      // An image: its descriptor, its local color table, the LZW code size, then its data.
      if (b === 0x2c) return read(9, (d) => skip(colorTable(d[8]!), () => read(1, () => subBlocks(block))));
      return fail(`it holds an unknown block (0x${b!.toString(16).padStart(2, '0')})`);
    });
  return {
    start: read(13, (h) => (/^GIF8[79]a$/.test(ascii(h, 0, 6)) ? skip(colorTable(h[10]!), block) : fail('it does not start with a GIF header'))),
    cutShort: () => 'the GIF file is cut short: it ends before its trailer',
  };
}

function webpWalk(): Walk {
  let declared = 0;
  return {
    start: read(12, (h) => {
      if (ascii(h, 0, 4) !== 'RIFF' || ascii(h, 8, 12) !== 'WEBP') return fail('it does not start with a RIFF WEBP header');
      const size = u32le(h, 4);
      if (size < 4) return fail(`its RIFF header declares ${size} bytes`);
      declared = size + 8;
      return skip(size - 4, () => end('refuse'));
    }),
    cutShort: (total) => `the WebP file is cut short: its RIFF header declares ${declared} bytes, the file has ${total}`,
    trailing: (extra) => `the WebP file does not add up: it has ${extra} bytes after the ${declared} its RIFF header declares`,
  };
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
  /** The file ended: whether it was whole. */
  end(): StructureResult;
}

/** A walker of one file of the type (the type sniffed from its first bytes). */
export function structureWalker(type: MediaType): StructureWalker {
  const walk = WALKS[type]();
  let step = walk.start;
  let pending: Uint8Array[] = []; // the bytes of an unfinished read
  let pendingLength = 0;
  let total = 0;
  let trailing = 0;

  // A skip of nothing is done at once (a chain of them ends: every walk reads before it skips again).
  const settle = (next: Step): Step => {
    let s = next;
    while (s.kind === 'skip' && s.n === 0) s = s.then();
    return s;
  };
  step = settle(step);

  function consume(bytes: Uint8Array, from: number): number {
    switch (step.kind) {
      case 'end':
        trailing += bytes.length - from;
        return bytes.length;
      case 'fail':
        return bytes.length;
      case 'skip': {
        const k = Math.min(step.n, bytes.length - from);
        const rest = step.n - k;
        step = rest === 0 ? settle(step.then()) : { ...step, n: rest };
        return from + k;
      }
      case 'seek': {
        const at = bytes.indexOf(step.byte, from);
        if (at < 0) return bytes.length;
        step = settle(step.then());
        return at + 1;
      }
      case 'read': {
        const k = Math.min(step.n - pendingLength, bytes.length - from);
        // A copy (at most a few bytes): the caller may reuse its buffer before the read completes.
        pending.push(bytes.slice(from, from + k));
        pendingLength += k;
        if (pendingLength === step.n) {
          const whole = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
          pending = [];
          pendingLength = 0;
          step = settle(step.then(whole));
        }
        return from + k;
      }
    }
  }

  return {
    push(bytes) {
      total += bytes.length;
      let at = 0;
      while (at < bytes.length) at = consume(bytes, at);
    },
    end() {
      const name = TYPE_NAMES[type];
      if (step.kind === 'fail') return { ok: false, problem: 'malformed', message: `the ${name} file is malformed: ${step.message}` };
      if (step.kind === 'end') {
        if (trailing > 0 && step.trailing === 'refuse') {
          return { ok: false, problem: 'trailing_data', message: walk.trailing?.(trailing) ?? `the ${name} file has ${trailing} bytes after its end` };
        }
        return { ok: true, trailingBytes: trailing };
      }
      if (step.kind === 'read' && step.endOk && pendingLength === 0) return { ok: true, trailingBytes: 0 };
      return { ok: false, problem: 'truncated', message: walk.cutShort(total) };
    },
  };
}

/** Whether a whole file (given in any number of pieces, in order) is complete. */
export function checkStructure(type: MediaType, pieces: Iterable<Uint8Array>): StructureResult {
  const walker = structureWalker(type);
  for (const piece of pieces) walker.push(piece);
  return walker.end();
}
