// Random JSON at both ingestion routes: only 2xx or 4xx answers, never a 500, and the app keeps
// answering (CONTRACT §0).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { forEachEngine } from '../../helpers/app.js';
import { event } from '../../helpers/events.js';

forEachEngine('ingestion under random input', (t) => {
  it('answers 2xx or 4xx to anything', async () => {
    const { siteId } = await t().createSite();
    const { apiKey } = await t().createKey(siteId, ['events:write'], { rateLimitPerHour: 1_000_000 });
    const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
    // Random values, and random values grafted onto a valid event at random places.
    const graft = fc.record({
      field: fc.constantFrom('event_type', 'session_id', 'properties', 'context', 'occurred_at', 'user_id', 'client_event_id', 'device_id'),
      value: fc.jsonValue(),
      type: fc.constantFrom('page_view', 'purchase', 'quiz_answer', 'recommendation_click'),
    });
    const bodies = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      graft.map(({ field, value, type }) => JSON.stringify({ ...event(type), [field]: value })),
      graft.map(({ field, value, type }) => JSON.stringify({ ...event(type), properties: { [field]: value }, context: { page_url: value, user_agent: value } })),
      fc.string().map((s) => `{"event_type":${s}`),
    );
    await fc.assert(
      fc.asyncProperty(bodies, fc.boolean(), async (payload, asBatch) => {
        const body = asBatch && payload.startsWith('{"event_type"') ? `{"events":[${payload}]}` : payload;
        const res = await t().inject({ method: 'POST', url: asBatch ? '/api/v1/events/batch' : '/api/v1/events/track', headers, payload: body });
        assert.ok(res.statusCode < 500, `${res.statusCode} for ${body.slice(0, 200)}: ${res.body.slice(0, 300)}`);
        assert.equal(res.json().success, res.statusCode < 300);
      }),
      { numRuns: 300 },
    );
    const health = await t().inject({ method: 'GET', url: '/health' });
    assert.equal(health.statusCode, 200);
  });
});
