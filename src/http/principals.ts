// Narrowing the authenticated principal inside handlers. The authentication hooks guarantee the
// kind a route declared; these turn that guarantee into types.
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.js';
import { unauthorized } from '../errors.js';

type Of<K extends Principal['kind']> = Extract<Principal, { kind: K }>;

export function principalOf<K extends Principal['kind']>(request: FastifyRequest, ...kinds: K[]): Of<K> {
  const p = request.principal;
  if (!p || !(kinds as string[]).includes(p.kind)) throw unauthorized();
  return p as Of<K>;
}

export const merchantActor = (request: FastifyRequest) => {
  const p = principalOf(request, 'merchant');
  return { kind: 'user' as const, userId: p.userId };
};
