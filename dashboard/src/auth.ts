// Signing in. The ID token is kept in this tab's sessionStorage (so a reload keeps the session,
// and closing the tab ends it) and in memory; nothing else about the user is stored, and API key
// secrets never are. Two ways in, as GET /api/v1/sign-in says:
// - local: a user name exchanged for an ID token of the server's local issuer (embedded engine);
// - oidc: OpenID Connect Authorization Code with PKCE at the identity provider (oauth4webapi); the
//   verifier, state and nonce wait in sessionStorage across the redirect and are removed after it.
import * as oauth from 'oauth4webapi';
import { api, call } from './api/client';

export interface Session {
  idToken: string;
  user: string;
  expiresAt: number;
}

export type SignInMethod = Awaited<ReturnType<typeof signInMethod>>;

const SESSION_KEY = 'storefront.session';
const OIDC_KEY = 'storefront.oidc';
export const CALLBACK_PATH = '/app/callback';

export function loadSession(): Session | undefined {
  try {
    const s = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
    return s && s.expiresAt > Date.now() + 30_000 ? s : undefined;
  } catch {
    return undefined;
  }
}

export function saveSession(session: Session | undefined): void {
  if (session) sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else sessionStorage.removeItem(SESSION_KEY);
}

export const signInMethod = () => call(api.GET('/api/v1/sign-in'));

export async function signInLocally(user: string): Promise<Session> {
  const t = await call(api.POST('/api/v1/sign-in/local', { body: { user } }));
  return { idToken: t.id_token, user: t.user, expiresAt: Date.parse(t.expires_at) };
}

interface OidcSettings {
  issuer: string;
  client_id: string;
  scope: string;
}

interface PendingSignIn {
  verifier: string;
  state: string;
  nonce: string;
  returnTo: string;
}

/** Discovery lets http only for a local issuer (development, tests); real providers are https. */
const discoveryOptions = (issuer: URL) =>
  issuer.protocol === 'http:' ? { algorithm: 'oidc' as const, [oauth.allowInsecureRequests]: true } : { algorithm: 'oidc' as const };

async function authorizationServer(settings: OidcSettings): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(settings.issuer);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, discoveryOptions(issuer)));
}

const redirectUri = () => `${location.origin}${CALLBACK_PATH}`;

/** Sends the browser to the identity provider's authorization endpoint. */
export async function startOidcSignIn(settings: OidcSettings, returnTo: string): Promise<void> {
  const as = await authorizationServer(settings);
  if (!as.authorization_endpoint) throw new Error('The identity provider has no authorization endpoint');
  const pending: PendingSignIn = {
    verifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    returnTo,
  };
  const url = new URL(as.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: settings.client_id,
    redirect_uri: redirectUri(),
    response_type: 'code',
    scope: settings.scope,
    code_challenge: await oauth.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  }).toString();
  sessionStorage.setItem(OIDC_KEY, JSON.stringify(pending));
  location.assign(url.href);
}

/** On /app/callback: checks the answer, exchanges the code for tokens, and returns the session and where to go. */
export async function finishOidcSignIn(settings: OidcSettings): Promise<{ session: Session; returnTo: string }> {
  const pending = JSON.parse(sessionStorage.getItem(OIDC_KEY) ?? 'null') as PendingSignIn | null;
  sessionStorage.removeItem(OIDC_KEY);
  if (!pending) throw new Error('This sign-in was not started here (or was already finished): sign in again');
  const as = await authorizationServer(settings);
  const client: oauth.Client = { client_id: settings.client_id };
  const params = oauth.validateAuthResponse(as, client, new URL(location.href), pending.state);
  const insecure = new URL(settings.issuer).protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri(), pending.verifier, insecure);
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: pending.nonce, requireIdToken: true });
  const claims = oauth.getValidatedIdTokenClaims(result);
  if (!result.id_token || !claims) throw new Error('The identity provider returned no ID token');
  const session = { idToken: result.id_token, user: claims.sub, expiresAt: claims.exp * 1000 };
  return { session, returnTo: pending.returnTo.startsWith('/app') ? pending.returnTo : '/app' };
}
