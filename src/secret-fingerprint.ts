// The master secret's fingerprint, kept in the database so that a process holding another secret
// (a CLI run with another STOREFRONT_SECRET, a restored database, a new DATA_DIR/storefront.secret)
// is refused before it makes keys or tokens the others cannot read. The fingerprint is an HMAC
// under a key derived from the secret for this purpose only: it reveals nothing of the secret nor
// of any other derived key.
import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from './db/types.js';
import { recordPlatformStateOnce } from './db/platform-state-repository.js';
import type { Secrets } from './secrets.js';

const STATE_KEY = 'master_secret_fingerprint';
const VERSION = 1;

export class SecretMismatchError extends Error {
  constructor() {
    super(
      'the master secret in hand is not the one this database was created with (its fingerprint differs). ' +
        'Keys, tokens and sealed fields made with it would be refused or unreadable, so nothing was done. ' +
        'Use the same STOREFRONT_SECRET as the server (on the embedded engine without STOREFRONT_SECRET: the same DATA_DIR, whose storefront.secret it reads).',
    );
    this.name = 'SecretMismatchError';
  }
}

/** The fingerprint of the master secret behind `secrets`: hex HMAC-SHA256 under its own derived key. */
export function secretFingerprint(secrets: Secrets): string {
  return secrets.keyedHash('secret-fingerprint', 'storefront master secret fingerprint');
}

/** Whether two fingerprints are the same, in constant time. */
export function sameFingerprint(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')];
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Records the fingerprint on a database that has none (its first start, or the first after this
 * check was introduced), else compares: throws SecretMismatchError when it differs.
 */
export async function verifyMasterSecret(q: Queryable, secrets: Secrets): Promise<'recorded' | 'matched'> {
  const mine = secretFingerprint(secrets);
  const { value, inserted } = await recordPlatformStateOnce(q, STATE_KEY, { version: VERSION, hmac_sha256: mine });
  if (inserted) return 'recorded';
  const stored = typeof value.hmac_sha256 === 'string' ? value.hmac_sha256 : '';
  if (!sameFingerprint(stored, mine)) throw new SecretMismatchError();
  return 'matched';
}
