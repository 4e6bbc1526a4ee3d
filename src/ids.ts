// Opaque random identifiers: a type prefix and base62 characters from the CSPRNG.
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` base62 characters, uniformly distributed (bytes ≥ 248 are rejected to avoid modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export const newSiteId = (): string => `site_${randomBase62(20)}`;
export const newKeyId = (): string => `key_${randomBase62(16)}`;
export const newSecretApiKey = (): string => `sk_${randomBase62(40)}`;

export const SITE_ID_PATTERN = '^site_[A-Za-z0-9]{4,64}$';
export const KEY_ID_PATTERN = '^key_[A-Za-z0-9]{4,64}$';
