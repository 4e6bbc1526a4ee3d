// Whom the local issuer serves, and what the start-up banner says of it. The local issuer signs in
// any user name it is asked, without a password: on loopback only, unless LOCAL_IDP_REMOTE=1. Pure.
import type { Config } from '../config.js';
import { classifyAddress } from '../outbound/address-class.js';

/** Who asks: the client address (Fastify's, after TRUST_PROXY) and whether an untrusted proxy relayed the request. */
export interface SignInClient {
  address: string;
  /** X-Forwarded-For or Forwarded was sent while TRUST_PROXY trusts no proxy: a proxy on this machine may stand for a remote client. */
  relayed: boolean;
}

/**
 * Whether the local issuer may serve this client: any client with LOCAL_IDP_REMOTE=1, else only
 * a loopback address that no proxy relayed (a reverse proxy on the same machine connects from
 * 127.0.0.1 for every remote visitor, and says so in X-Forwarded-For).
 */
export function localSignInAllowed(client: SignInClient, remoteAllowed: boolean): boolean {
  return remoteAllowed || (!client.relayed && classifyAddress(client.address) === 'loopback');
}

/** The start-up banner's line about the local issuer. */
export function localSignInBanner(config: Pick<Config, 'localIdp' | 'localIdpRemote'>): string {
  if (!config.localIdp) return 'Local sign-in: off (sign in through your identity provider, IDP_ISSUER).';
  return config.localIdpRemote
    ? 'Local sign-in: ON FOR ANY CLIENT (LOCAL_IDP_REMOTE=1): whoever reaches this port can sign in as any user. Use it only on a private network.'
    : 'Local sign-in: on for clients on this machine only (loopback); others are refused (LOCAL_IDP_REMOTE=1 lets them in).';
}
