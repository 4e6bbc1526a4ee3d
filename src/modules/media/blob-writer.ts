// Writes an upload's bytes into its staged blob as they arrive, cut into CHUNK_BYTES rows: at most
// one chunk (plus the piece being cut) is held here, whatever the size of the file.
import type { Database } from '../../db/types.js';
import { AppError } from '../../errors.js';
import * as blobs from './blobs-repository.js';
import { CHUNK_BYTES } from './media.js';

/** The staged upload is gone: removed as stale, or discarded meanwhile. */
export const uploadGone = (): AppError => new AppError('conflict', 'The upload is no longer staged (it was idle too long or was discarded); send it again');

export interface BlobWriter {
  write(bytes: Uint8Array): Promise<void>;
  /** Writes what is left (the last, shorter chunk). */
  end(): Promise<void>;
  /** Bytes written so far. */
  readonly bytes: number;
}

/**
 * A writer appending to the staged blob `blobId`, which holds `offset` bytes already. Appending stops
 * at `maxBytes` (the caller refuses a larger file before; this is the storage's own bound).
 */
export function createBlobWriter(db: Database, blobId: string, offset: number, maxBytes: number): BlobWriter {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let written = offset;

  async function append(chunk: Uint8Array): Promise<void> {
    if (!(await blobs.appendChunk(db, blobId, written, chunk, maxBytes))) throw uploadGone();
    written += chunk.length;
  }

  return {
    get bytes() {
      return written + pendingBytes;
    },
    async write(bytes) {
      pending.push(bytes);
      pendingBytes += bytes.length;
      while (pendingBytes >= CHUNK_BYTES) {
        const all = Buffer.concat(pending, pendingBytes);
        pending = [all.subarray(CHUNK_BYTES)];
        pendingBytes -= CHUNK_BYTES;
        await append(all.subarray(0, CHUNK_BYTES));
      }
    },
    async end() {
      if (pendingBytes === 0) return;
      const last = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      await append(last);
    },
  };
}
