// Platform signatures for /api/admin/* (CONTRACT §1):
//   X-Platform-Signature: t=<unix seconds>,n=<nonce>,v1=<hex HMAC-SHA256(PLATFORM_SECRET,
//                         t + "." + n + "." + METHOD + "." + path?query + "." + raw body)>
// valid for 300 s either side of now. The signature covers the method, the path and the query, so
// it cannot be replayed to another route; the nonce (16–64 of [A-Za-z0-9]) is usable once (recorded
// in the database, so the rule holds across server processes), so two identical legitimate calls
// in one second each carry their own. The old body-only form (t=…,v1=…) is refused.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from '../ids.js';
import { unauthorized } from '../errors.js';

export const SIGNATURE_TOLERANCE_SECONDS = 300;
const HEADER = /^t=(\d{1,12}),n=([A-Za-z0-9]{16,64}),v1=([0-9a-fA-F]{64})$/;

export interface SignedRequest {
  method: string;
  /** The path with its query string, exactly as sent (`/api/admin/sites?limit=10`). */
  url: string;
  rawBody: string;
}

const mac = (secret: string, t: string, nonce: string, r: SignedRequest) =>
  createHmac('sha256', secret).update(`${t}.${nonce}.${r.method.toUpperCase()}.${r.url}.${r.rawBody}`).digest();

/** A fresh nonce: 32 characters of [A-Za-z0-9] from the CSPRNG. */
export const newNonce = (): string => randomBase62(32);

/** The X-Platform-Signature header value for a request (command line, tests, operators' tools). */
export function signPlatformRequest(secret: string, request: SignedRequest, unixSeconds = Math.floor(Date.now() / 1000), nonce = newNonce()): string {
  return `t=${unixSeconds},n=${nonce},v1=${mac(secret, String(unixSeconds), nonce, request).toString('hex')}`;
}

/** Checks form, age and MAC; returns the nonce to record as used. Pure apart from the clock. */
export function checkPlatformSignature(secret: string, header: string, request: SignedRequest, nowSeconds: number): string {
  const m = HEADER.exec(header.trim());
  if (!m) throw unauthorized('X-Platform-Signature must look like t=<unix>,n=<nonce of 16-64 letters and digits>,v1=<hex>');
  const [, t, nonce, presentedHex] = m;
  if (Math.abs(nowSeconds - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) {
    throw unauthorized(`The platform signature is older than ${SIGNATURE_TOLERANCE_SECONDS} s or from the future`);
  }
  const expected = mac(secret, t!, nonce!, request);
  if (!timingSafeEqual(expected, Buffer.from(presentedHex!, 'hex'))) throw unauthorized('The platform signature does not match this request');
  return nonce!;
}
