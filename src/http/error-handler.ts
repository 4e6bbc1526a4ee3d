// The one place where errors become responses: AppError by its catalogue entry, schema failures as
// 400 validation_failed with JSON-Pointer details, body-parser failures as 400/413/415, an
// unreachable database as 503, and anything else as a logged 500 whose details stay inside.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_CATALOGUE, type ErrorCode, type ErrorDetail } from '../errors.js';
import { isUnavailableError } from '../db/unavailable.js';
import { errorBody } from './envelope.js';
import { validationDetails } from '../validation/details.js';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_TYPE: 'validation_failed',
  FST_ERR_VALIDATION: 'validation_failed',
};

interface Classified {
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
  /** A database data exception caught by the net (logged as a warning: the boundary missed it). */
  netted?: boolean;
}

function classify(err: FastifyError | AppError | Error): Classified {
  if (err instanceof AppError) return { code: err.code, message: err.message, details: err.details };
  const fe = err as FastifyError & { validationContext?: string };
  if (fe.validation) {
    const where = fe.validationContext && fe.validationContext !== 'body' ? ` (${fe.validationContext})` : '';
    return {
      code: 'validation_failed',
      message: `The request is not valid${where}`,
      details: validationDetails(fe.validation),
    };
  }
  if (fe.code && FASTIFY_CODES[fe.code]) {
    const code = FASTIFY_CODES[fe.code]!;
    return { code, message: ERROR_CATALOGUE[code].message };
  }
  // JSON syntax errors from the body parser carry statusCode 400.
  if (err instanceof SyntaxError && fe.statusCode === 400) return { code: 'invalid_json', message: ERROR_CATALOGUE.invalid_json.message };
  if (isUnavailableError(err)) return { code: 'unavailable', message: ERROR_CATALOGUE.unavailable.message };
  // A data exception (SQLSTATE class 22: a value the database cannot store or convert) is the
  // client's value, not our fault. The schema boundary should have refused it; this is the net.
  if (typeof fe.code === 'string' && /^22[0-9A-Z]{3}$/.test(fe.code)) {
    return { code: 'validation_failed', message: 'A value in the request cannot be stored', netted: true };
  }
  // Other client errors raised by Fastify itself (bad headers, aborted bodies and the like).
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.statusCode === 413) return { code: 'payload_too_large', message: ERROR_CATALOGUE.payload_too_large.message };
    if (fe.statusCode === 415) return { code: 'unsupported_media_type', message: ERROR_CATALOGUE.unsupported_media_type.message };
    return { code: 'validation_failed', message: fe.message };
  }
  return { code: 'internal_error', message: ERROR_CATALOGUE.internal_error.message };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, err: Error): FastifyReply {
  const { code, message, details, netted } = classify(err);
  const status = ERROR_CATALOGUE[code].status;
  if (status >= 500) {
    request.log.error({ err }, code === 'unavailable' ? 'storage unavailable' : 'unhandled error');
  } else if (netted) {
    request.log.warn({ err }, 'a value reached the database that the schema boundary should have refused');
  } else {
    request.log.info({ code, status }, 'request refused');
  }
  // Framework errors (a URL Fastify cannot route) skip every hook: the request id and the security
  // headers (CONTRACT §7: on every response) are set here for them.
  reply.header('x-request-id', request.id);
  if (!reply.hasHeader('x-content-type-options') && !reply.raw.hasHeader('x-content-type-options')) request.server.applySecurityHeaders?.(request, reply);
  if (err instanceof AppError && err.headers) reply.headers(err.headers);
  if (code === 'unavailable') reply.header('retry-after', '5');
  return reply.code(status).send(errorBody(request, code, message, details));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: Error, request, reply) => sendError(request, reply, err));
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody(request, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}`)),
  );
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a NUL or control character in a
 * header, a malformed request line, headers too large) still get the envelope.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const [status, reason, code, message] = tooLarge
    ? [431, 'Request Header Fields Too Large', 'payload_too_large', 'The request headers are too large']
    : [400, 'Bad Request', 'validation_failed', 'The request is not valid HTTP (a header or the request line is malformed)'];
  const requestId = randomUUID();
  const body = JSON.stringify({ success: false, error: { code, message }, meta: { timestamp: new Date().toISOString(), request_id: requestId } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nX-Content-Type-Options: nosniff\r\n` +
      `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\nReferrer-Policy: strict-origin-when-cross-origin\r\n\r\n${body}`,
  );
}
