// The server's own session of a browser event without analytics consent (CONTRACT §13), pure: a
// visitor is a keyed hash of (the site's salt of the day, the site, the client address, the user
// agent); its session is `anon_` + a keyed hash of the visitor and the start of its current session
// (30 minutes without an event end one). The key is derived from the master secret for this purpose
// alone; the salt is random and deleted after 48 h, after which no hash can be recomputed.
import { createHmac } from 'node:crypto';

export const ANON_PREFIX = 'anon_';
/** A session ends after this long without an event of its visitor. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** Salts are deleted this long after they were made. */
export const SALT_LIFETIME_MS = 48 * 3_600_000;

/** The UTC day (`YYYY-MM-DD`) of an epoch-ms time: each site has one salt a day. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The visitor's hash: never reversible to its address, and not recomputable once the salt is gone. */
export function visitorHash(key: Buffer, salt: Buffer, siteId: string, address: string, userAgent: string): Buffer {
  // Each part's length first: no two different tuples give the same message.
  const parts = [siteId, address, userAgent].map((p) => Buffer.from(p, 'utf8'));
  const h = createHmac('sha256', key).update(salt);
  for (const p of parts) h.update(`${p.length}:`).update(p);
  return h.digest();
}

/** The anonymous session id of a visitor's session that started at `startedAt` (epoch ms). */
export function anonSessionId(key: Buffer, visitor: Buffer, startedAt: number): string {
  const mac = createHmac('sha256', key).update(visitor).update(`:${startedAt}`).digest();
  return `${ANON_PREFIX}${mac.subarray(0, 16).toString('base64url')}`;
}
