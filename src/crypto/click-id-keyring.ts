// Raw affiliate click ids (awc, cjevent) and publisher references are sealed with AES-256-GCM
// before they reach the database, with the key id stored beside them. New writes use the first
// key; every listed key still opens old rows, and `storefront click-ids rotate` re-seals them.
// A keyed HMAC (a key that does not rotate) serves lookups and "same content" comparisons, so the
// raw value is never needed for either.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Secrets } from '../secrets.js';

export interface Sealed {
  keyId: string;
  /** base64 of iv (12 bytes) | ciphertext | tag (16 bytes). */
  ciphertext: string;
}

export interface ClickIdKeyring {
  readonly currentKeyId: string;
  /** `context` binds the ciphertext to its row (e.g. site and touch id) as associated data. */
  seal(value: string, context: string): Sealed;
  open(sealed: Sealed, context: string): string;
  /** Keyed hash of a raw value, for lookups and comparisons. */
  fingerprint(value: string): string;
}

export function createClickIdKeyring(config: Pick<Config, 'clickIdKeys'>, secrets: Secrets): ClickIdKeyring {
  const keys = config.clickIdKeys?.length ? config.clickIdKeys : [{ id: 'k0', key: secrets.key('click-id-encryption') }];
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  const current = keys[0]!;
  return {
    currentKeyId: current.id,
    seal(value, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return { keyId: current.id, ciphertext: Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64') };
    },
    open(sealed, context) {
      const key = byId.get(sealed.keyId);
      if (!key) throw new Error(`click-id key ${sealed.keyId} is not configured (CLICK_ID_KEYS)`);
      const raw = Buffer.from(sealed.ciphertext, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
    },
    fingerprint: (value) => secrets.keyedHash('lookup-hash', value),
  };
}
