// How merchants sign in to the dashboard: by the identity provider (OIDC Authorization Code with
// PKCE, the page talks to the provider itself) when one is configured, else by the local issuer
// (a user name, no password: the embedded and development setups, where whoever reaches the
// server runs it), else not at all (ID tokens come from elsewhere). The local issuer signs in any
// name it is asked, so it serves only clients on this machine unless LOCAL_IDP_REMOTE=1.
import type { Config } from '../../config.js';
import type { IdTokens } from '../../auth/id-tokens.js';
import { AppError } from '../../errors.js';
import { localSignInAllowed, type SignInClient } from '../../auth/local-sign-in.js';
import { clientBucket } from '../../rate-limit/client-address.js';
import type { HourlyLimiter } from '../../rate-limit/hourly-limiter.js';

/** Local sign-ins per client address and clock minute. */
export const LOCAL_SIGN_INS_PER_MINUTE = 20;
/** How long a local sign-in lasts. */
export const LOCAL_SESSION_SECONDS = 8 * 3600;

export type SignInMethod =
  | { method: 'oidc'; issuer: string; client_id: string; scope: string }
  | { method: 'local' }
  | { method: 'none' };

export function createSignIn(deps: { config: Config; idTokens: IdTokens; limiter: HourlyLimiter }) {
  const { idp, localIdp, localIdpRemote } = deps.config;
  const method: SignInMethod = idp
    ? { method: 'oidc', issuer: idp.issuer, client_id: idp.clientId, scope: 'openid' }
    : localIdp
      ? { method: 'local' }
      : { method: 'none' };
  const allowed = (client: SignInClient) => localSignInAllowed(client, localIdpRemote);
  return {
    /** The method this client can use: a client the local issuer refuses is told there is none. */
    method: (client: SignInClient): SignInMethod => (method.method === 'local' && !allowed(client) ? { method: 'none' } : method),
    /** An ID token of the local issuer for `user`; not found when the local issuer is off, forbidden to a client it does not serve. */
    async signInLocally(user: string, client: SignInClient): Promise<{ id_token: string; expires_at: Date; user: string }> {
      if (!localIdp) throw new AppError('not_found', 'The local issuer is off: sign in with the identity provider');
      if (!allowed(client)) {
        throw new AppError('forbidden', 'The local issuer signs in only clients on this machine (LOCAL_IDP_REMOTE=1 lets others in)');
      }
      const address = client.address;
      await deps.limiter.consume(`local-sign-in:addr:${clientBucket(address)}`, LOCAL_SIGN_INS_PER_MINUTE, 1, {
        windowMs: 60_000,
        refusal: (state) => `This client address has signed in ${state.limit} times this minute; retry shortly`,
      });
      const { idToken, expiresAt } = await deps.idTokens.issueLocal(user, LOCAL_SESSION_SECONDS);
      return { id_token: idToken, expires_at: expiresAt, user };
    },
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
export type { SignInClient };
