// TEMPORARY (development only, until the campaigns, submissions and recommendations routes land on
// main): stand-ins for POST /submissions and GET /recommendations with the
// contract's shapes, registered on the real app. Deleted when the real routes arrive.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const stub = {
  submissions: new Map<string, { submission_id: string; body: Record<string, unknown> }>(),
  items: [] as Record<string, unknown>[],
};

export function registerStubs(app: FastifyInstance) {
  app.post('/api/v1/submissions', { config: { auth: { runtime: true }, browser: true }, schema: { hide: true } }, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const key = String(body.client_submission_id);
    let row = stub.submissions.get(key);
    if (!row) stub.submissions.set(key, (row = { submission_id: `sub_${randomUUID()}`, body }));
    return reply.code(202).send({ success: true, data: { submission_id: row.submission_id } });
  });
  app.get('/api/v1/recommendations', { config: { auth: { runtime: true }, browser: true }, schema: { hide: true } }, async (request) => {
    const q = request.query as Record<string, string>;
    return { success: true, data: { recommendation_id: `rec_${randomUUID().replace(/-/g, '')}`, campaign_id: q.campaign_id, strategy: 'popular', items: stub.items.slice(0, Number(q.limit ?? 8)) } };
  });
}
