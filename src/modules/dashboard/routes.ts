// GET /sign-in (which sign-in the dashboard uses) and POST /sign-in/local (an ID token of the local
// issuer for a user name). Public; the second only exists while the local issuer is on.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { NonEmpty, Timestamp } from '../../http/common-schemas.js';
import { toIso } from '../../time.js';
import type { FastifyRequest } from 'fastify';
import { LOCAL_SESSION_SECONDS, LOCAL_SIGN_INS_PER_MINUTE, type SignIn, type SignInClient } from './sign-in.js';

const tags = ['sign-in'];

const SignInMethod = Type.Union([
  Type.Object(
    {
      method: Type.Literal('oidc'),
      issuer: Type.String({ description: 'The identity provider’s issuer (its discovery document is under /.well-known/openid-configuration)' }),
      client_id: Type.String({ description: 'The dashboard’s public client id at the provider (no secret: PKCE)' }),
      scope: Type.String({ description: 'The scope to ask for' }),
    },
    { description: 'OpenID Connect Authorization Code flow with PKCE; the redirect URI is `<origin>/app/callback`' },
  ),
  Type.Object({ method: Type.Literal('local') }, { description: 'A user name, exchanged at POST /api/v1/sign-in/local' }),
  Type.Object({ method: Type.Literal('none') }, { description: 'No sign-in is configured: bring an ID token of your own' }),
]);

const LocalSignInBody = Type.Object({
  user: NonEmpty(200, { description: 'The user name: the `sub` of the ID token, as sites list their members' }),
});

const LocalIdToken = Type.Object({
  id_token: Type.String({ description: 'Send as `Authorization: Bearer …` to the merchant routes' }),
  expires_at: Timestamp,
  user: Type.String(),
});

/** The client as the local issuer sees it: a forwarding header counts only when no proxy is trusted (else Fastify has read it into request.ip). */
function signInClient(request: FastifyRequest, proxyTrusted: boolean): SignInClient {
  const relayed = !proxyTrusted && (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined);
  return { address: request.ip, relayed };
}

export const signInRoutes = (signIn: SignIn, proxyTrusted: boolean): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/sign-in', {
    config: { auth: 'public' },
    schema: {
      operationId: 'getSignInMethod',
      tags,
      summary: 'How merchants sign in to the dashboard',
      description:
        'The identity provider by OpenID Connect (Authorization Code with PKCE) when `IDP_ISSUER` is configured; ' +
        'else the local issuer when it is on (the embedded engine outside production by default) and serves this client ' +
        '(a loopback client, or any with `LOCAL_IDP_REMOTE=1`); else none.',
      response: responses({ 200: Envelope(SignInMethod) }, []),
    },
  }, async (request, reply) => reply.header('cache-control', 'no-store').send(ok(request, signIn.method(signInClient(request, proxyTrusted)))));

  app.post('/sign-in/local', {
    config: { auth: 'public' },
    schema: {
      operationId: 'signInLocally',
      tags,
      summary: 'Sign in with the local issuer: an ID token for a user name (embedded and development setups)',
      description:
        'For the embedded engine and development only: anyone who can reach the server may sign in as any user name, ' +
        'so production deployments configure an identity provider and leave the local issuer off (`LOCAL_IDP=0`, ' +
        'the default with PostgreSQL and with `NODE_ENV=production`), which makes this route answer 404. Even when it is on, ' +
        'a client that is not on loopback (or that a proxy relayed) is refused with 403 unless `LOCAL_IDP_REMOTE=1`. ' +
        `The token lasts ${LOCAL_SESSION_SECONDS / 3600} hours; ` +
        `each client address may sign in ${LOCAL_SIGN_INS_PER_MINUTE} times a minute (429 beyond).`,
      body: LocalSignInBody,
      response: responses({ 200: Envelope(LocalIdToken) }, [403, 404, 429]),
    },
  }, async (request, reply) => {
    const token = await signIn.signInLocally(request.body.user, signInClient(request, proxyTrusted));
    return reply.header('cache-control', 'no-store').send(ok(request, { ...token, expires_at: toIso(token.expires_at) }));
  });
};
