// Which storage failures mean "the database is unreachable" (503 unavailable, retry later) rather
// than a bug. Everything else propagates as it is.
import { AppError } from '../errors.js';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
// Storage faults of the embedded engine's disk (PGlite commits are fsynced by us).
const DISK_CODES = new Set(['EIO', 'ENOSPC', 'EROFS', 'EDQUOT']);
// SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot
// connect now), 53300 (too many connections), 57014 (statement timeout: the database is too slow
// to answer in time), 25P03 (idle-in-transaction timeout), 53100 (disk full).
const SQLSTATES = /^(08\d{3}|57P0[123]|53300|57014|25P03|53100)$/;
const MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|connection is closed|Connection refused|Query read timeout|Cannot use a pool after calling end/i;

export function isUnavailableError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof AppError) return err.code === 'unavailable';
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || DISK_CODES.has(code) || SQLSTATES.test(code))) return true;
  if (err instanceof AggregateError) return err.errors.some(isUnavailableError);
  return MESSAGES.test(err.message);
}

export function toUnavailable(err: unknown): unknown {
  return isUnavailableError(err) ? new AppError('unavailable', 'The database is unreachable; retry shortly') : err;
}
