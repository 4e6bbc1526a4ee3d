// The master secret and the keys derived from it, one per purpose (HKDF-SHA256). Rotating the
// master secret invalidates every derived key: runtime tokens, API key hashes, local ID tokens.
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

export const SECRET_FILE = 'storefront.secret';

export type KeyPurpose =
  | 'runtime-token'
  | 'api-key-hash'
  | 'local-idp'
  | 'click-id-encryption'
  | 'lookup-hash'
  | 'pagination-cursor'
  | 'secret-fingerprint'
  | 'anonymous-session';

export interface Secrets {
  /** A 32-byte key for one purpose. */
  key(purpose: KeyPurpose): Buffer;
  /** HMAC-SHA256 of a value with the key of one purpose, hex. */
  keyedHash(purpose: KeyPurpose, value: string): string;
}

export function createSecrets(master: Buffer): Secrets {
  const cache = new Map<KeyPurpose, Buffer>();
  const key = (purpose: KeyPurpose): Buffer => {
    let k = cache.get(purpose);
    if (!k) {
      k = Buffer.from(hkdfSync('sha256', master, 'storefront', `storefront/${purpose}/v1`, 32));
      cache.set(purpose, k);
    }
    return k;
  };
  return {
    key,
    keyedHash: (purpose, value) => createHmac('sha256', key(purpose)).update(value).digest('hex'),
  };
}

/**
 * The master secret: STOREFRONT_SECRET when set; otherwise (embedded engine only, the configuration
 * refuses the other case) the one in DATA_DIR, generated there on first use with mode 0600.
 */
export function loadMasterSecret(config: Config): Buffer {
  if (config.storefrontSecret) return config.storefrontSecret;
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    return decodeSecretFile(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx': if another process created it meanwhile, keep theirs.
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return decodeSecretFile(readFileSync(file, 'utf8'), file);
}

function decodeSecretFile(text: string, file: string): Buffer {
  const decoded = Buffer.from(text.trim(), 'base64');
  if (decoded.length < 32) throw new Error(`${file} does not hold a base64 secret of at least 32 bytes`);
  return decoded;
}
