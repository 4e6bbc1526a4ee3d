// The upload request as @fastify/multipart streams it: exactly one file part named `file` (its bytes
// handed over as they arrive), other text fields ignored, and every way the request can be wrong
// answered in the envelope (never a 500):
//   not multipart/form-data                          415 unsupported_media_type
//   no part named file; file sent as a text field    400 at /file
//   a second file part (named file or not)           400 at its name
//   a wrong or missing boundary, a body cut short    400 (the multipart body is malformed)
//   more than 40 parts or 32 fields                  400
//   a Content-Length no acceptable upload has        413 payload_too_large (before reading the body)
import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { AppError, escapePointer, validationFailed } from '../../errors.js';
import { fileTooLarge } from './image-inspector.js';
import type { UploadSource } from './upload-media.js';

/** Text fields beside the file are ignored, within these bounds. */
export const MAX_FIELDS = 32;
export const MAX_PARTS = 40;
const MAX_FIELD_BYTES = 64 * 1024;

/** What busboy may read: the file one byte past the limit (so the limit is noticed), fields bounded. */
export const multipartLimits = (maxBytes: number) => ({
  fileSize: maxBytes + 1,
  files: 2,
  fields: MAX_FIELDS,
  fieldSize: MAX_FIELD_BYTES,
  parts: MAX_PARTS,
  headerPairs: 100,
});

/** A request declaring more than this cannot hold an acceptable upload: 413 before any of it is read. */
export const maxRequestBytes = (maxBytes: number) => maxBytes + MAX_PARTS * 1024 + MAX_FIELDS * MAX_FIELD_BYTES;

export const notMultipart = (): AppError =>
  new AppError('unsupported_media_type', 'Send the upload as multipart/form-data with one file part named "file" (curl -F file=@photo.jpg)');

const pointer = (fieldname: string) => `/${escapePointer(fieldname)}`;

/** The parser's and busboy's errors as client errors. */
function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return notMultipart();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT') {
    return validationFailed('', `The multipart body has too many parts: send one file part named "file" (and at most ${MAX_FIELDS} text fields)`, 'too_many_parts');
  }
  if (code === 'FST_MP_PREMATURE_CLOSE') return new AppError('validation_failed', 'The request ended before its multipart body was complete');
  if (code === 'FST_PROTO_VIOLATION') return new AppError('validation_failed', 'A part of the multipart body has a name that is not allowed');
  const reason = err instanceof Error && /^[\x20-\x7e]{1,200}$/.test(err.message) ? `: ${err.message}` : '';
  return new AppError('validation_failed', `The multipart body is malformed (a wrong or missing boundary, or a body cut short)${reason}`);
}

async function* fileBytes(part: MultipartFile, maxBytes: number): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) yield chunk;
  } catch (err) {
    throw multipartError(err);
  }
  if (part.file.truncated) throw fileTooLarge(maxBytes);
}

const secondFile = (part: MultipartFile) => {
  part.file.destroy(); // not read: the parser stops, and the route closes the connection after answering
  return validationFailed(pointer(part.fieldname), 'Send exactly one file part, named "file"', 'one_file');
};

/** Finds the file part of an upload request: its bytes as they arrive, and the check of what follows it. */
export async function openMultipartUpload(request: FastifyRequest, maxBytes: number): Promise<UploadSource> {
  if (!request.isMultipart()) throw notMultipart();
  const declared = Number(request.headers['content-length']);
  if (declared > maxRequestBytes(maxBytes)) throw fileTooLarge(maxBytes);
  const parts = request.parts({ limits: multipartLimits(maxBytes) });
  const next = async (): Promise<IteratorResult<Multipart>> => {
    try {
      return await parts.next();
    } catch (err) {
      throw multipartError(err);
    }
  };
  for (;;) {
    const { done, value: part } = await next();
    if (done) throw validationFailed('/file', 'A file part named "file" is required (curl -F file=@photo.jpg)', 'required');
    if (part.type === 'field') {
      if (part.fieldname === 'file') throw validationFailed('/file', 'The part named "file" must be a file (with a filename), not a text field', 'not_a_file');
      continue;
    }
    if (part.fieldname !== 'file') throw secondFile(part);
    return {
      bytes: fileBytes(part, maxBytes),
      async finish() {
        for (let rest = await next(); !rest.done; rest = await next()) {
          if (rest.value.type === 'file') throw secondFile(rest.value);
        }
      },
    };
  }
}
