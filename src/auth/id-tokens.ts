// Merchant ID tokens: OIDC JWTs from the configured identity provider (verified against its
// JWKS), or from the local issuer for the embedded and development setups (HS256 with a key
// derived from the master secret; `storefront token` mints them).
import { SignJWT, createRemoteJWKSet, decodeJwt, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.js';
import { AppError, unauthorized } from '../errors.js';
import type { Secrets } from '../secrets.js';

export const LOCAL_ISSUER = 'storefront-local';
export const LOCAL_AUDIENCE = 'storefront';
const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export interface MerchantIdentity {
  userId: string;
  issuer: string;
}

const JWT_REFUSALS: Record<string, string> = {
  ERR_JWT_EXPIRED: 'The ID token has expired',
  ERR_JWT_CLAIM_VALIDATION_FAILED: 'The ID token has the wrong issuer, audience or claims',
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'The ID token signature is not valid',
  ERR_JWKS_NO_MATCHING_KEY: 'The ID token was not signed by a key of the identity provider',
  ERR_JOSE_ALG_NOT_ALLOWED: 'The ID token uses an algorithm that is not allowed',
  ERR_JWS_INVALID: 'The ID token is malformed',
  ERR_JWT_INVALID: 'The ID token is malformed',
};

// Failures of the identity provider rather than of the token.
const IDP_FAULTS = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID']);

export function createIdTokens(config: Pick<Config, 'localIdp' | 'idp'>, secrets: Secrets) {
  const localKey = secrets.key('local-idp');
  const jwks: JWTVerifyGetKey | undefined = config.idp
    ? createRemoteJWKSet(new URL(config.idp.jwksUrl), { timeoutDuration: 3000, cooldownDuration: 30_000 })
    : undefined;

  async function verifyWith(token: string, issuer: string): Promise<MerchantIdentity> {
    try {
      const { payload } =
        issuer === LOCAL_ISSUER && config.localIdp
          ? await jwtVerify(token, localKey, { issuer: LOCAL_ISSUER, audience: LOCAL_AUDIENCE, algorithms: ['HS256'] })
          : await jwtVerify(token, jwks!, { issuer: config.idp!.issuer, audience: config.idp!.audience, algorithms: ASYMMETRIC });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 200) {
        throw unauthorized('The ID token has no usable subject');
      }
      return { userId: payload.sub, issuer: payload.iss! };
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code ?? '';
      if (code.startsWith('ERR_') && !IDP_FAULTS.has(code)) throw unauthorized(JWT_REFUSALS[code] ?? 'The ID token is not valid');
      // The identity provider's key set could not be fetched or read: not the caller's fault.
      throw new AppError('unavailable', 'The identity provider could not be reached to verify the ID token');
    }
  }

  return {
    localEnabled: config.localIdp,
    async verify(token: string): Promise<MerchantIdentity> {
      let issuer: unknown;
      try {
        issuer = decodeJwt(token).iss;
      } catch {
        throw unauthorized('The bearer token is not a valid ID token');
      }
      if (issuer === LOCAL_ISSUER && config.localIdp) return verifyWith(token, LOCAL_ISSUER);
      if (config.idp) return verifyWith(token, String(issuer));
      throw unauthorized('The ID token was not issued by an identity provider this service trusts');
    },
    /** Mints a local ID token (command line `storefront token`, embedded and development use). */
    async issueLocal(userId: string, ttlSeconds: number): Promise<{ idToken: string; expiresAt: Date }> {
      if (!config.localIdp) throw new AppError('forbidden', 'The local issuer is off (set LOCAL_IDP=1)');
      const iat = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(LOCAL_ISSUER)
        .setAudience(LOCAL_AUDIENCE)
        .setSubject(userId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(localKey);
      return { idToken, expiresAt: new Date((iat + ttlSeconds) * 1000) };
    },
  };
}

export type IdTokens = ReturnType<typeof createIdTokens>;
