// A fake OIDC identity provider: an RSA key pair whose public half is served as a JWKS from a
// local HTTP server, and a signer for ID tokens (good and deliberately bad ones). Started with
// `{ oidc: true }` its issuer is its own origin and it also serves what a browser sign-in needs, in
// the shapes of OpenID Connect Core and Discovery: the discovery document
// (/.well-known/openid-configuration), an authorization endpoint (/authorize: Authorization Code
// with PKCE S256 only; it signs in `user` at once, with no page) and a token endpoint (/token: a
// public client, `none` authentication, each code once), with CORS for the browser's fetches.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';

export const IDP_ISSUER = 'https://idp.test.example/';
export const IDP_AUDIENCE = 'storefront-dashboard';

/** An authorization request as the provider received it, and whether its code was redeemed. */
export interface SeenAuthorization {
  client_id: string;
  redirect_uri: string;
  scope: string;
  code_challenge_method: string;
  state: string | null;
  nonce: string | null;
  redeemed: boolean;
}

export interface FakeIdp {
  issuer: string;
  jwksUrl: string;
  env: Record<string, string>;
  /** Who /authorize signs in (oidc mode). */
  user: string;
  /** Every authorization request, oldest first (oidc mode). */
  authorizations: SeenAuthorization[];
  sign(claims: { sub?: string; iss?: string; aud?: string; expiresIn?: number; key?: 'good' | 'other'; nonce?: string }): Promise<string>;
  close(): Promise<void>;
}

interface PendingCode {
  seen: SeenAuthorization;
  challenge: string;
  sub: string;
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST' };

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...CORS });
  res.end(JSON.stringify(body));
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return new URLSearchParams(text);
}

export async function startFakeIdp(options: { oidc?: boolean } = {}): Promise<FakeIdp> {
  const good = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(good.publicKey)), kid: 'good', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  let idp: FakeIdp;

  function authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const redirect = q.get('redirect_uri');
    if (q.get('client_id') !== IDP_AUDIENCE || !redirect) return json(res, 400, { error: 'invalid_request', error_description: 'unknown client or no redirect_uri' });
    const back = new URL(redirect);
    const refuse = (error: string) => {
      back.search = new URLSearchParams({ error, ...(q.get('state') ? { state: q.get('state')! } : {}) }).toString();
      res.writeHead(302, { location: back.href }).end();
    };
    if (q.get('response_type') !== 'code') return refuse('unsupported_response_type');
    if (!q.get('scope')?.split(' ').includes('openid')) return refuse('invalid_scope');
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return refuse('invalid_request');
    const seen: SeenAuthorization = {
      client_id: q.get('client_id')!,
      redirect_uri: redirect,
      scope: q.get('scope')!,
      code_challenge_method: q.get('code_challenge_method')!,
      state: q.get('state'),
      nonce: q.get('nonce'),
      redeemed: false,
    };
    idp.authorizations.push(seen);
    const code = randomBytes(16).toString('hex');
    codes.set(code, { seen, challenge: q.get('code_challenge')!, sub: idp.user });
    back.search = new URLSearchParams({ code, ...(seen.state ? { state: seen.state } : {}) }).toString();
    res.writeHead(302, { location: back.href }).end();
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await formOf(req);
    if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
    const pending = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!pending || pending.seen.client_id !== form.get('client_id') || pending.seen.redirect_uri !== form.get('redirect_uri') || challenge !== pending.challenge) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    pending.seen.redeemed = true;
    const idToken = await idp.sign({ sub: pending.sub, ...(pending.seen.nonce ? { nonce: pending.seen.nonce } : {}) });
    json(res, 200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 600, id_token: idToken });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', idp.issuer);
    if (url.pathname === '/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json', ...CORS });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else if (!options.oidc) {
      res.writeHead(404).end();
    } else if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
    } else if (url.pathname === '/.well-known/openid-configuration') {
      json(res, 200, {
        issuer: idp.issuer,
        authorization_endpoint: `${idp.issuer}/authorize`,
        token_endpoint: `${idp.issuer}/token`,
        jwks_uri: idp.jwksUrl,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid'],
        token_endpoint_auth_methods_supported: ['none'],
        code_challenge_methods_supported: ['S256'],
        grant_types_supported: ['authorization_code'],
      });
    } else if (url.pathname === '/authorize' && req.method === 'GET') {
      authorize(url, res);
    } else if (url.pathname === '/token' && req.method === 'POST') {
      token(req, res).catch(() => json(res, 500, { error: 'server_error' }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = options.oidc ? origin : IDP_ISSUER;
  const jwksUrl = `${origin}/jwks.json`;
  idp = {
    issuer,
    jwksUrl,
    env: { IDP_ISSUER: issuer, IDP_AUDIENCE, IDP_JWKS_URL: jwksUrl },
    user: 'idp-user',
    authorizations: [],
    async sign({ sub = 'idp-user', iss = issuer, aud = IDP_AUDIENCE, expiresIn = 600, key = 'good', nonce }) {
      const now = Math.floor(Date.now() / 1000);
      const privateKey: CryptoKey = key === 'good' ? good.privateKey : other.privateKey;
      return new SignJWT(nonce ? { nonce } : {})
        .setProtectedHeader({ alg: 'RS256', kid: 'good' })
        .setSubject(sub)
        .setIssuer(iss)
        .setAudience(aud)
        .setIssuedAt(now - 5)
        .setExpirationTime(now + expiresIn)
        .sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return idp;
}
