// One check per credential kind, then one that requires a principal, run by one preValidation hook
// with the site access and runtime limits after them. Each kind's check acts only on routes that
// declare the kind and only when its credential is present; the last refuses requests no check
// accepted. The hook runs after body parsing (so invalid JSON is a 400 first) and before schema
// validation (so a missing credential is a 401 before a 400), as CONTRACT §0 orders.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../errors.js';
import type { Database } from '../db/types.js';
import type { SiteDirectory } from '../kernel/index.js';
import type { IdTokens } from './id-tokens.js';
import { checkPlatformSignature } from './platform-signature.js';
import { recordNonceUse } from './signature-uses-repository.js';
import { accepts, describeAccepted, insufficientScope, type ApiKeyVerifier, type AuthSpec } from './principal.js';
import type { RuntimeTokens } from './runtime-tokens.js';

export interface AuthDeps {
  db: Database;
  /** Sites as the hot path reads them (cached 5 s; changes made here are seen at once). */
  sites: SiteDirectory;
  /** Verifies secret API keys (the module that keeps them). */
  apiKeys: ApiKeyVerifier;
  runtimeTokens: RuntimeTokens;
  idTokens: IdTokens;
  platformSecret: string | undefined;
}

const bearer = (request: FastifyRequest): string | undefined => {
  const h = request.headers.authorization;
  if (h === undefined) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  if (!m) throw unauthorized('Authorization must be "Bearer <token>"');
  return m[1];
};

const single = (v: string | string[] | undefined): string | undefined => {
  if (Array.isArray(v)) throw unauthorized('Send each credential header once');
  return v;
};

const spec = (request: FastifyRequest) => request.routeOptions.config.auth;

const CREDENTIAL_HEADERS = ['authorization', 'x-api-key', 'x-platform-signature'] as const;

const credentialHeaders = (request: FastifyRequest) => CREDENTIAL_HEADERS.filter((h) => request.headers[h] !== undefined);

/** How many credential headers were sent (without building the list: every request asks). */
const credentialHeaderCount = (request: FastifyRequest): number => {
  const h = request.headers;
  return (h.authorization !== undefined ? 1 : 0) + (h['x-api-key'] !== undefined ? 1 : 0) + (h['x-platform-signature'] !== undefined ? 1 : 0);
};

/** The credential carried in a beacon body (CONTRACT §1): only runtime tokens, only without a header. */
function bodyCredential(request: FastifyRequest): string | undefined {
  const beacon = request.routeOptions.config.beacon;
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  if (body.api_key === undefined && body.runtime_token === undefined) return undefined;
  const field = beacon?.credentialField;
  const present = (['api_key', 'runtime_token'] as const).filter((f) => body[f] !== undefined);
  if (present.length === 0) return undefined;
  if (!field || !present.includes(field)) {
    throw unauthorized(`Credentials in the body are accepted only as ${field ? `"${field}" ` : ''}on beacon routes`);
  }
  if (credentialHeaderCount(request) > 0) throw unauthorized('Send the credential in a header or in the body, not both');
  const value = body[field];
  if (typeof value !== 'string' || value.length === 0) throw unauthorized(`${field} must be a runtime token`);
  if (value.startsWith('sk_')) throw unauthorized('A secret API key must never be sent in a body; use the X-API-Key header from a server');
  return value;
}

/**
 * The page origin a browser request comes from: its Origin header; or, for a same-origin GET (which
 * browsers send without Origin), the service's own origin, which `Sec-Fetch-Site: same-origin` (a
 * header pages cannot set) vouches for. Anything else has none.
 */
function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = single(request.headers.origin);
  if (origin !== undefined || single(request.headers['sec-fetch-site']) !== 'same-origin') return origin;
  return `${request.protocol}://${request.host}`;
}

/** A runtime token, bound to the request's Origin and to its site's allowed origins. */
async function verifyRuntimeToken(deps: AuthDeps, request: FastifyRequest, token: string): Promise<void> {
  const claims = await deps.runtimeTokens.verify(token);
  const origin = requestOrigin(request);
  if (origin === undefined) throw unauthorized('A runtime token must be used with the Origin it was issued for');
  if (origin !== claims.origin) throw unauthorized('The runtime token was issued for another origin');
  // A token outlives neither its site nor its origin: an origin the owner removed is refused at
  // once by this process and within the directory's 5 s by every other (CONTRACT §7).
  const site = await deps.sites.get(claims.siteId);
  if (!site) throw unauthorized('The runtime token belongs to a site that no longer exists');
  if (!site.origins.includes(claims.origin)) throw unauthorized('The runtime token’s origin is no longer allowed for this site');
  request.principal = { kind: 'runtime', siteId: claims.siteId, origin, trustClass: 'browser' };
}

/** A secret API key with the route's scopes. */
async function verifyApiKey(deps: AuthDeps, request: FastifyRequest, s: AuthSpec, secret: string): Promise<void> {
  const key = await deps.apiKeys.verifyKey(secret);
  // A key outlives neither its site: an archived site's keys are refused (at once here, within the directory's 5 s elsewhere).
  if (!(await deps.sites.get(key.siteId))) throw unauthorized('The API key belongs to a site that no longer exists');
  for (const scope of s.apiKey!.scopes) {
    if (!key.scopes.includes(scope)) {
      if ((s.apiKey!.missingScopeStatus ?? 403) === 401) throw unauthorized(`The API key lacks the scope ${scope}`);
      throw insufficientScope(scope);
    }
  }
  request.principal = { kind: 'apiKey', ...key, trustClass: 'server' };
}

/** A merchant ID token from the identity provider or the local issuer. */
async function verifyIdToken(deps: AuthDeps, request: FastifyRequest, token: string): Promise<void> {
  const identity = await deps.idTokens.verify(token);
  request.principal = { kind: 'merchant', ...identity };
}

/** A platform signature: fresh, each nonce once. */
async function verifySignature(deps: AuthDeps, request: FastifyRequest, header: string): Promise<void> {
  if (!deps.platformSecret) throw unauthorized('Platform routes are disabled: PLATFORM_SECRET is not configured');
  const signed = { method: request.method, url: request.raw.url ?? request.url, rawBody: request.rawBody ?? '' };
  const nonce = checkPlatformSignature(deps.platformSecret, header, signed, Math.floor(Date.now() / 1000));
  if (!(await recordNonceUse(deps.db, nonce))) throw unauthorized('The platform signature nonce was already used');
  request.principal = { kind: 'platform' };
}

/** One step of the credential check: resolves when it has nothing to say, rejects with the 401/403. */
export type CredentialCheck = (request: FastifyRequest) => Promise<void> | void;

/** The credential kinds' checks, in CONTRACT §0's order; each acts only on routes that take its kind and only when its credential is present. */
export function authenticationChecks(deps: AuthDeps): CredentialCheck[] {
  // Refuse ambiguity before any kind looks at the request.
  const unambiguous: CredentialCheck = (request) => {
    if (credentialHeaderCount(request) > 1) throw unauthorized('Send exactly one credential');
  };

  // Runtime tokens: Authorization bearer, or the beacon body. Bound to the request's Origin.
  // Each kind decides synchronously whether it has anything to check (no promise when it has not).
  const runtimeToken: CredentialCheck = (request) => {
    const s = spec(request);
    if (!accepts(s, 'runtime')) return undefined;
    let token = bodyCredential(request);
    if (token === undefined) {
      token = bearer(request);
      // A bearer token that is not a runtime token is left to the merchant check when the route takes both.
      if (token === undefined || (s.merchant && !deps.runtimeTokens.isRuntimeToken(token))) return undefined;
    }
    return verifyRuntimeToken(deps, request, token);
  };

  // Secret API keys: X-API-Key, with the route's scopes.
  const apiKey: CredentialCheck = (request) => {
    const s = spec(request);
    if (!accepts(s, 'apiKey') || request.principal) return undefined;
    const secret = single(request.headers['x-api-key']);
    return secret === undefined ? undefined : verifyApiKey(deps, request, s, secret);
  };

  // Merchant ID tokens: Authorization bearer from the identity provider or the local issuer.
  const merchant: CredentialCheck = (request) => {
    if (!accepts(spec(request), 'merchant') || request.principal) return undefined;
    const token = bearer(request);
    return token === undefined ? undefined : verifyIdToken(deps, request, token);
  };

  // Platform signatures: HMAC of time, nonce, method, path with query and raw body; fresh, each nonce once.
  const platform: CredentialCheck = (request) => {
    if (!accepts(spec(request), 'platform') || request.principal) return undefined;
    const header = single(request.headers['x-platform-signature']);
    return header === undefined ? undefined : verifySignature(deps, request, header);
  };

  // Nothing accepted: a missing credential or one of a kind this route does not take.
  const someoneAccepted: CredentialCheck = (request) => {
    if (request.principal) return;
    const s = spec(request) as AuthSpec;
    const sent = credentialHeaders(request);
    throw new AppError(
      'unauthorized',
      sent.length === 0 ? `This route needs ${describeAccepted(s)}` : `This route does not accept that credential; it needs ${describeAccepted(s)}`,
    );
  };
  return [unambiguous, runtimeToken, apiKey, merchant, platform, someoneAccepted];
}

/**
 * The whole credential check as one preValidation hook (one hook instead of one per kind: each
 * async hook costs every request a promise and a turn of the microtask queue). Public routes skip
 * it without a promise; the checks run in order, each awaited only when it returned a promise.
 */
export function registerCredentialChecks(app: FastifyInstance, checks: CredentialCheck[]): void {
  const run = async (request: FastifyRequest, from: number): Promise<void> => {
    for (let i = from; i < checks.length; i += 1) await checks[i]!(request);
  };
  app.addHook('preValidation', (request, _reply, done) => {
    const s = spec(request);
    if (s === undefined || s === 'public') return done();
    try {
      for (let i = 0; i < checks.length; i += 1) {
        const pending = checks[i]!(request);
        if (pending) {
          pending.then(() => run(request, i + 1)).then(() => done(), done);
          return;
        }
      }
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
