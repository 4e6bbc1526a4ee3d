// How merchants sign in to the dashboard: by the identity provider (OIDC Authorization Code with
// PKCE, the page talks to the provider itself) when one is configured, else by the local issuer
// (a user name, no password: the embedded and development setups, where whoever reaches the
// server runs it), else not at all (ID tokens come from elsewhere).
import type { Config } from '../../config.js';
import type { IdTokens } from '../../auth/id-tokens.js';
import { AppError } from '../../errors.js';
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
  const { idp, localIdp } = deps.config;
  const method: SignInMethod = idp
    ? { method: 'oidc', issuer: idp.issuer, client_id: idp.clientId, scope: 'openid' }
    : localIdp
      ? { method: 'local' }
      : { method: 'none' };
  return {
    method: (): SignInMethod => method,
    /** An ID token of the local issuer for `user`; not found when the local issuer is off. */
    async signInLocally(user: string, address: string): Promise<{ id_token: string; expires_at: Date; user: string }> {
      if (!localIdp) throw new AppError('not_found', 'The local issuer is off: sign in with the identity provider');
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
