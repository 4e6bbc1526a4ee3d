// Runtime tokens: short-lived JWTs (HS256, key derived for this purpose) bound to one site and
// one origin. The browser gets one for a public site id from an allowed origin.
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { unauthorized } from '../errors.js';
import type { Secrets } from '../secrets.js';

const ISSUER = 'storefront';
const AUDIENCE = 'storefront:runtime';

export interface RuntimeClaims {
  siteId: string;
  origin: string;
}

export function createRuntimeTokens(secrets: Secrets, ttlSeconds: number) {
  const key = secrets.key('runtime-token');
  return {
    ttlSeconds,
    async issue(claims: RuntimeClaims, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
      const iat = Math.floor(now / 1000);
      const exp = iat + ttlSeconds;
      const token = await new SignJWT({ origin: claims.origin })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(claims.siteId)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    /** Whether a bearer token is meant as a runtime token (unverified peek at its audience). */
    isRuntimeToken(token: string): boolean {
      try {
        const aud = decodeJwt(token).aud;
        return aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE));
      } catch {
        return false;
      }
    },
    /** The claims of a valid token; 401 for anything else (expired, forged, another purpose). */
    async verify(token: string): Promise<RuntimeClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.origin !== 'string') throw new Error('claims');
        return { siteId: payload.sub, origin: payload.origin };
      } catch (err) {
        const expired = (err as { code?: string }).code === 'ERR_JWT_EXPIRED';
        throw unauthorized(expired ? 'The runtime token has expired' : 'The runtime token is not valid');
      }
    },
  };
}

export type RuntimeTokens = ReturnType<typeof createRuntimeTokens>;
