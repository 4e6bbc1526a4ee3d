// Platform signatures for /api/admin/* (CONTRACT §1):
//   X-Platform-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(PLATFORM_SECRET, t + "." + raw body)>
// valid for 300 s either side of now, and each usable once (recorded in the database, so the rule
// holds across server processes).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '../errors.js';

export const SIGNATURE_TOLERANCE_SECONDS = 300;
const HEADER = /^t=(\d{1,12}),\s*v1=([0-9a-fA-F]{64})$/;

export function signPlatformRequest(secret: string, rawBody: string, unixSeconds = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** Checks form, age and MAC; returns the signature to record as used. Pure apart from the clock. */
export function checkPlatformSignature(secret: string, header: string, rawBody: string, nowSeconds: number): string {
  const m = HEADER.exec(header.trim());
  if (!m) throw unauthorized('X-Platform-Signature must look like t=<unix>,v1=<hex>');
  const t = Number(m[1]);
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) {
    throw unauthorized(`The platform signature is older than ${SIGNATURE_TOLERANCE_SECONDS} s or from the future`);
  }
  const expected = createHmac('sha256', secret).update(`${m[1]}.${rawBody}`).digest();
  const presented = Buffer.from(m[2]!, 'hex');
  if (!timingSafeEqual(expected, presented)) throw unauthorized('The platform signature does not match');
  return m[2]!.toLowerCase();
}
