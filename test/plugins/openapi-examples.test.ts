// The request examples of the OpenAPI document work when sent: each JSON body example, sent to
// its operation with a credential the operation accepts (the example site id replaced by a real
// one, ids of resources that earlier examples created filled in), is answered 2xx.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EXAMPLE_CAMPAIGN_ID, EXAMPLE_SITE_ID, REQUEST_EXAMPLES } from '../../src/plugins/openapi-examples.js';
import { operationsOf } from '../../src/plugins/openapi-document.js';
import { bearer, createTestApp, ORIGIN, type TestApp } from '../helpers/app.js';

interface Op { operationId?: string; security?: Array<Record<string, string[]>>; requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> } }

/** What a created resource is called in the paths, by the field of the answer that names it. */
const CREATED_IDS: Record<string, string> = { campaign_id: 'campaignId', experiment_id: 'experimentId', workflow_id: 'workflowId', integration_id: 'integrationId' };

describe('OpenAPI request examples', () => {
  let t: TestApp;
  let headers: Record<string, Record<string, string>>;
  let siteId: string;
  before(async () => {
    t = await createTestApp('pglite');
    const site = await t.createSite({ publisherMode: true });
    siteId = site.siteId;
    const key = await t.createKey(siteId);
    headers = {
      apiKey: { 'x-api-key': key.apiKey },
      merchantIdToken: bearer(await t.idToken(site.owner)),
      runtimeToken: { ...bearer(await t.runtimeToken(siteId)), origin: ORIGIN },
      public: { origin: ORIGIN },
    };
  });
  after(async () => t.close());

  it('sends every JSON request example to its operation and gets 2xx', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, Op>> };
    const byId = new Map(operationsOf(doc as never).map((o) => [(o.op as Op).operationId, { ...o, op: o.op as Op }]));
    const params: Record<string, string> = { siteId, productId: 'trail-shoe-42' };
    const ids: Record<string, string> = { [EXAMPLE_SITE_ID]: siteId };
    let sent = 0;
    for (const [operationId, examples] of Object.entries(REQUEST_EXAMPLES)) {
      const found = byId.get(operationId);
      assert.ok(found, `${operationId} is an operation`);
      const { method, path, op } = found;
      assert.deepEqual(Object.keys(op.requestBody?.content['application/json']?.examples ?? {}), Object.keys(examples), `${operationId}: the document carries its examples`);
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      const credential = ['apiKey', 'merchantIdToken', 'runtimeToken'].find((s) => schemes.includes(s)) ?? 'public';
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        assert.ok(params[name], `${operationId}: no value for {${name}} (create it in an earlier example)`);
        return params[name]!;
      });
      for (const [name, { value }] of Object.entries(examples)) {
        let text = JSON.stringify(value);
        for (const [from, to] of Object.entries(ids)) text = text.replaceAll(from, to);
        const res = await t.inject({ method: method.toUpperCase() as 'POST', url, headers: { ...headers[credential], 'content-type': 'application/json' }, payload: text });
        assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${operationId} (${name}) → ${res.statusCode} ${res.body}`);
        sent += 1;
        const data = (res.json() as { data?: Record<string, unknown> }).data ?? {};
        for (const [field, param] of Object.entries(CREATED_IDS)) if (typeof data[field] === 'string') params[param] = data[field] as string;
        if (operationId === 'createCampaign' && typeof data.campaign_id === 'string') ids[EXAMPLE_CAMPAIGN_ID] = data.campaign_id;
      }
    }
    assert.ok(sent >= 25, `${sent} examples sent`);
  });
});
