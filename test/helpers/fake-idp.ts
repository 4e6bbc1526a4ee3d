// A fake OIDC identity provider: an RSA key pair whose public half is served as a JWKS from a
// local HTTP server, and a signer for ID tokens (good and deliberately bad ones).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';

export const IDP_ISSUER = 'https://idp.test.example/';
export const IDP_AUDIENCE = 'storefront-dashboard';

export interface FakeIdp {
  jwksUrl: string;
  env: Record<string, string>;
  sign(claims: { sub?: string; iss?: string; aud?: string; expiresIn?: number; key?: 'good' | 'other' }): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeIdp(): Promise<FakeIdp> {
  const good = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(good.publicKey)), kid: 'good', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  return {
    jwksUrl,
    env: { IDP_ISSUER, IDP_AUDIENCE, IDP_JWKS_URL: jwksUrl },
    async sign({ sub = 'idp-user', iss = IDP_ISSUER, aud = IDP_AUDIENCE, expiresIn = 600, key = 'good' }) {
      const now = Math.floor(Date.now() / 1000);
      const privateKey: CryptoKey = key === 'good' ? good.privateKey : other.privateKey;
      return new SignJWT({})
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
}
