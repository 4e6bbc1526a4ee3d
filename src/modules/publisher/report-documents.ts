// Where the records are in what a client sends (CONTRACT §6 "Network formats"), pure: the network's
// array of records, or its whole response document (CJ's GraphQL answer
// `{ data: { publisherCommissions: { records } } }`). Used by the route and by the command line.
import type { ReportFormat } from './report-records.js';

/** At most this many records a request (the route's schema says it too). */
export const MAX_RECORDS = 5000;

/** The JSON path of the records inside each network's response document (a dotted path, for streaming parsers too). */
export const DOCUMENT_RECORDS: Readonly<Partial<Record<ReportFormat, string>>> = { cj: 'data.publisherCommissions.records' };

export type RecordsOfDocument = { ok: true; records: unknown[]; pointer: string } | { ok: false; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first message of a GraphQL answer's `errors` array (its value given), if the answer is an error. */
export function graphqlErrorMessage(errors: unknown): string | undefined {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const first: unknown = errors[0];
  return isObject(first) && typeof first.message === 'string' ? first.message.slice(0, 200) : 'unnamed error';
}

/**
 * The records of a document and the JSON pointer (relative to the document) their indexes follow,
 * or why the document holds none we can read.
 */
export function recordsOfDocument(format: ReportFormat, doc: unknown): RecordsOfDocument {
  if (Array.isArray(doc)) return { ok: true, records: doc, pointer: '' };
  const path = DOCUMENT_RECORDS[format];
  if (path && isObject(doc)) {
    let at: unknown = doc;
    for (const key of path.split('.')) at = isObject(at) ? at[key] : undefined;
    if (Array.isArray(at)) return { ok: true, records: at, pointer: `/${path.replaceAll('.', '/')}` };
    const error = graphqlErrorMessage(doc.errors);
    if (error !== undefined) return { ok: false, message: `the document is a GraphQL error answer, not commissions: ${error}` };
  }
  const wanted = path ? `an array of ${format} records or the response document ({ ${path.split('.').join(': { ')} } })` : `an array of ${format} records`;
  return { ok: false, message: `records must be ${wanted}` };
}
