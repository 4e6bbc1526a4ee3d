// Random edits of a file's bytes (flip, cut, insert, zero a run) for the inspectors' properties:
// every mutated upload is refused with a known error or accepted, never a crash.
import fc from 'fast-check';

export type Edit = { at: number; op: 'flip' | 'cut' | 'insert' | 'zero'; bytes: Uint8Array };
export const edit: fc.Arbitrary<Edit> = fc.record({ at: fc.nat(), op: fc.constantFrom('flip' as const, 'cut' as const, 'insert' as const, 'zero' as const), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) });

export function applyEdits(file: Buffer, edits: Edit[]): Buffer {
  let out = Buffer.from(file);
  for (const e of edits) {
    const at = out.length === 0 ? 0 : e.at % out.length;
    if (e.op === 'flip') e.bytes.forEach((b, i) => at + i < out.length && (out[at + i] = b));
    if (e.op === 'cut') out = out.subarray(0, at);
    if (e.op === 'insert') out = Buffer.concat([out.subarray(0, at), e.bytes, out.subarray(at)]);
    if (e.op === 'zero') out.fill(0, at, Math.min(out.length, at + e.bytes.length * 100));
  }
  return out;
}
