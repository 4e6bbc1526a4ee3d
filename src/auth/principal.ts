// Who is calling, as established by one of the four credential kinds (CONTRACT §1), and what a
// route accepts.
import { AppError } from '../errors.js';
import type { Scope } from './scopes.js';

export type CredentialKind = 'runtime' | 'apiKey' | 'merchant' | 'platform';

export type Principal =
  | { kind: 'runtime'; siteId: string; origin: string; trustClass: 'browser' }
  | { kind: 'apiKey'; siteId: string; keyId: string; scopes: Scope[]; rateLimitPerHour: number; trustClass: 'server' }
  | { kind: 'merchant'; userId: string; issuer: string }
  | { kind: 'platform' };

/** A secret API key, once verified: what the apiKey principal carries. */
export interface VerifiedApiKey {
  siteId: string;
  keyId: string;
  scopes: Scope[];
  rateLimitPerHour: number;
}

/** Verifies a secret API key (401 unknown, revoked or expired). Implemented by the module that keeps keys. */
export interface ApiKeyVerifier {
  verifyKey(secret: string): Promise<VerifiedApiKey>;
}

export const insufficientScope = (scope: Scope): AppError => new AppError('insufficient_scope', `The API key lacks the scope ${scope}`);

export interface AuthSpec {
  runtime?: boolean;
  /** Secret API keys carrying every listed scope. A missing scope is 403 insufficient_scope, or 401 where the spec says so (events). */
  apiKey?: { scopes: Scope[]; missingScopeStatus?: 401 | 403 };
  merchant?: boolean;
  platform?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route declares the credentials it takes, or 'public'. */
    auth?: AuthSpec | 'public';
    /** Browser routes answer CORS preflights (CONTRACT §1). */
    browser?: boolean;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

export const accepts = (spec: AuthSpec | 'public' | undefined, kind: CredentialKind): spec is AuthSpec =>
  spec !== undefined && spec !== 'public' && Boolean(spec[kind]);

/** OpenAPI security requirements of a declaration (alternatives). */
export function securityOf(spec: AuthSpec | 'public'): Record<string, string[]>[] {
  if (spec === 'public') return [];
  const out: Record<string, string[]>[] = [];
  if (spec.runtime) out.push({ runtimeToken: [] });
  if (spec.apiKey) out.push({ apiKey: [...spec.apiKey.scopes] });
  if (spec.merchant) out.push({ merchantIdToken: [] });
  if (spec.platform) out.push({ platformSignature: [] });
  return out;
}

export function describeAccepted(spec: AuthSpec): string {
  const names: string[] = [];
  if (spec.runtime) names.push('a runtime token');
  if (spec.apiKey) names.push(`a secret API key${spec.apiKey.scopes.length ? ` with ${spec.apiKey.scopes.join(', ')}` : ''}`);
  if (spec.merchant) names.push('a merchant ID token');
  if (spec.platform) names.push('a platform signature');
  return names.join(' or ');
}
