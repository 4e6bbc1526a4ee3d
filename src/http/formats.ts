// String formats of the request schemas that the contract defines more narrowly than JSON Schema:
// `date-time` is an ISO 8601 timestamp with offset and a 4-digit year from 1970 on (CONTRACT §0, §7),
// read by the same parser every service uses.
import Format from 'typebox/format';
import { parseIsoTimestamp } from '../domain/timestamps.js';

let registered = false;

export function registerFormats(): void {
  if (registered) return;
  registered = true;
  Format.Set('date-time', (value) => parseIsoTimestamp(value) !== null);
}
