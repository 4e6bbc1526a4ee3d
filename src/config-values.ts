// The pieces of the configuration schema and the parsers of the variables whose text has a grammar
// of its own (TRUST_PROXY, CLICK_ID_KEYS): pure, each problem a sentence about its variable.
import { Type } from 'typebox';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const BASE64 = '^[A-Za-z0-9+/_-]+={0,2}$';
export const SECRET_FORMAT = 'at least 32 random bytes, base64 encoded (try: openssl rand -base64 32)';
export const FLAG_WORDS = new Map([
  ['1', true], ['true', true], ['yes', true], ['on', true],
  ['0', false], ['false', false], ['no', false], ['off', false],
]);

// Annotations of the schema besides TypeBox's own keywords: errorMessage (the problem a bad value
// is, after the variable's name), echoValue (the problem quotes the value), and defaultText (the
// default as the README's table states it where it is not one fixed value: derived, or generated).

/** A whole number from minimum to maximum. */
export function integer(minimum: number, maximum: number, options: { default?: number; description: string }) {
  return Type.Integer({ ...options, minimum, maximum, errorMessage: `must be an integer from ${minimum} to ${maximum}`, echoValue: true });
}

/** A secret of at least 16 characters as JavaScript counts them (UTF-16 units, as the service always has). */
export function atLeast16(options: { errorMessage: string; description: string }) {
  return Type.Refine(Type.String(options), (secret) => secret.length >= 16);
}

/** On: 1, true, yes, on; off: 0, false, no, off (any case). */
export function flag(options: { default?: boolean; defaultText?: string; description: string }) {
  return Type.Boolean({ ...options, errorMessage: 'must be 1 or 0', echoValue: true });
}

const CLICK_ID_KEY = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/_-]+={0,2})$/;

/** CLICK_ID_KEYS: comma-separated id:base64 entries, each key exactly 32 bytes, newest first; each kind of problem named once. */
export function parseClickIdKeys(raw: string | undefined, problems: string[]): { id: string; key: Buffer }[] | undefined {
  if (raw === undefined) return undefined;
  const keys: { id: string; key: Buffer }[] = [];
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) problems.push('CLICK_ID_KEYS holds no key');
  for (const entry of entries) {
    const [, id, base64] = CLICK_ID_KEY.exec(entry) ?? [];
    const key = id !== undefined && base64 !== undefined ? Buffer.from(base64, 'base64') : Buffer.alloc(0);
    if (id === undefined || key.length !== 32) {
      problems.push('CLICK_ID_KEYS must be a comma-separated list of id:base64 entries, each key exactly 32 bytes, newest first');
      break;
    }
    if (keys.some((k) => k.id === id)) problems.push(`CLICK_ID_KEYS names the key id ${id} twice`);
    keys.push({ id, key });
  }
  return keys;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/**
 * TRUST_PROXY: unset or 0 trusts no proxy (the client address is the socket's); a number trusts
 * that many hops; otherwise a comma-separated list of addresses, CIDR ranges and the names
 * loopback, linklocal, uniquelocal. `true` (believe any X-Forwarded-For) is refused: any client
 * could then choose its own address and escape the per-address limits.
 */
export function parseTrustProxy(raw: string | undefined, problems: string[]): false | number | string[] {
  if (raw === undefined || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !PROXY_NAMES.has(e) && !isAddressOrRange(e));
  if (entries.length === 0 || bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal (got "${raw}")`,
    );
    return false;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && address.includes(':') && /^[0-9a-fA-F:.]+$/.test(address);
  if (!v4 && !v6) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128);
}
