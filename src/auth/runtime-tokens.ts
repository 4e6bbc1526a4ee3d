// Runtime tokens: short-lived JWTs (HS256, key derived for this purpose) bound to one site and
// one origin. The browser gets one for a public site id from an allowed origin. A page sends the
// same token with every request for its lifetime, so a verified token's claims are kept (by the
// whole token text, until it expires): the signature is checked once per token and process.
import { createSecretKey } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { unauthorized } from '../errors.js';
import type { Secrets } from '../secrets.js';

const ISSUER = 'storefront';
const AUDIENCE = 'storefront:runtime';

export interface RuntimeClaims {
  siteId: string;
  origin: string;
}

/** How many verified tokens a process keeps (a token is about 300 bytes). */
const VERIFIED_MAX = 50_000;

export function createRuntimeTokens(secrets: Secrets, ttlSeconds: number) {
  // A KeyObject made once: jose would otherwise import the raw key on every verification.
  const key = createSecretKey(secrets.key('runtime-token'));
  const verified = new LRUCache<string, { claims: RuntimeClaims; expiresAtMs: number }>({ max: VERIFIED_MAX });
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
    async verify(token: string, now = Date.now()): Promise<RuntimeClaims> {
      const known = verified.get(token);
      if (known && now < known.expiresAtMs) return known.claims;
      if (known) verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], currentDate: new Date(now) });
        if (typeof payload.sub !== 'string' || typeof payload.origin !== 'string' || typeof payload.exp !== 'number') throw new Error('claims');
        const claims = { siteId: payload.sub, origin: payload.origin };
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch (err) {
        const expired = (err as { code?: string }).code === 'ERR_JWT_EXPIRED';
        throw unauthorized(expired ? 'The runtime token has expired' : 'The runtime token is not valid');
      }
    },
  };
}

export type RuntimeTokens = ReturnType<typeof createRuntimeTokens>;
