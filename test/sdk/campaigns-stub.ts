// TEMPORARY (development only, until the campaigns, submissions and recommendations routes land on
// main): stand-ins for GET /runtime/config, POST /submissions and GET /recommendations with the
// contract's shapes, registered on the real app. Deleted when the real routes arrive.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface StubCampaign {
  siteId: string;
  campaign: Record<string, unknown>;
}

export const stub = {
  campaigns: [] as StubCampaign[],
  submissions: new Map<string, { submission_id: string; body: Record<string, unknown> }>(),
  items: [] as Record<string, unknown>[],
};

export function registerStubs(app: FastifyInstance) {
  app.get('/api/v1/runtime/config', { config: { auth: { runtime: true }, browser: true }, schema: { hide: true } }, async (request, reply) => {
    const principal = request.principal as { siteId: string };
    const data = {
      site: { site_id: principal.siteId, publisher_mode: false, publisher_hosts: { awin: [], cj: [] } },
      campaigns: stub.campaigns.filter((c) => c.siteId === principal.siteId).map((c) => c.campaign),
    };
    const etag = `"${createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16)}"`;
    reply.header('etag', etag).header('cache-control', 'private, max-age=60');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return { success: true, data };
  });
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
