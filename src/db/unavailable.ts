// Which storage failures mean "the database is unreachable" (503 unavailable, retry later) rather
// than a bug. Everything else propagates as it is.
import { AppError } from '../errors.js';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
// SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now), 53300 (too many connections).
const SQLSTATES = /^(08\d{3}|57P0[123]|53300)$/;
const MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|connection is closed|Connection refused/i;

export function isUnavailableError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.test(code))) return true;
  if (err instanceof AggregateError) return err.errors.some(isUnavailableError);
  return MESSAGES.test(err.message);
}

export function toUnavailable(err: unknown): unknown {
  return isUnavailableError(err) ? new AppError('unavailable', 'The database is unreachable; retry shortly') : err;
}
