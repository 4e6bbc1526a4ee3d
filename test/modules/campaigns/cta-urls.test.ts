// Calls to action that would leave the shop (security finding, low): a cta.url with a control
// character, a backslash, `//host` or another scheme is a 400 validation_failed at /content/cta/url,
// on create and on change, and nothing is stored or published. Paths that stay on the shop are kept.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, countRows, forEachEngine, ORIGIN, type TestApp } from '../../helpers/app.js';
import { overlay } from './campaign-client.js';

const banner = (url: string, extra: Record<string, unknown> = {}) =>
  overlay({ status: 'active', content: { template: 'banner', title: 'Sale', cta: { label: 'Shop the sale', url } }, ...extra });

const ATTACKS = [
  '/\t/evil.example/x',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '//evil.example',
  '/a/../..//evil.example',
  '/\u2028/evil.example',
  ' https://evil.example',
  'javascript:alert(1)',
  'data:text/html,x',
];

async function shop(t: TestApp) {
  const site = await t.createSite();
  return { siteId: site.siteId, owner: bearer(await t.idToken(site.owner)), browser: { ...bearer(await t.runtimeToken(site.siteId)), origin: ORIGIN } };
}

forEachEngine('campaign call-to-action URLs', (t) => {
  const create = (s: { siteId: string; owner: Record<string, string> }, body: unknown) =>
    t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/campaigns`, headers: s.owner, payload: body as Record<string, unknown> });
  const published = async (s: { browser: Record<string, string> }) => {
    const res = await t().inject({ method: 'GET', url: '/api/v1/runtime/config', headers: s.browser });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.campaigns as { content: { cta?: { url: string } } }[];
  };
  const refusedAtCta = (res: { statusCode: number; body: string; json: () => { error: { code: string; details: { path: string; code: string }[] } } }) => {
    assert.equal(res.statusCode, 400, res.body);
    const { error } = res.json();
    assert.equal(error.code, 'validation_failed');
    assert.deepEqual(error.details.map((d) => [d.path, d.code]), [['/content/cta/url', 'url']]);
  };

  it('stores and publishes a path or an absolute https URL as written', async () => {
    const s = await shop(t());
    for (const url of ['/sale', '/sale?utm_source=banner#top', 'https://partner.example/sale', '/%09/stays-a-path']) {
      const res = await create(s, banner(url));
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().data.content.cta.url, url);
    }
    assert.deepEqual((await published(s)).map((c) => c.content.cta?.url).sort(), ['/%09/stays-a-path', '/sale', '/sale?utm_source=banner#top', 'https://partner.example/sale']);
  });

  for (const url of ATTACKS) {
    it(`refuses ${JSON.stringify(url)} on create and on change, storing and publishing nothing`, async () => {
      const s = await shop(t());
      refusedAtCta(await create(s, banner(url)));
      assert.equal(await countRows(t(), 'campaigns', s.siteId), 0);
      assert.deepEqual(await published(s), []);

      const made = await create(s, banner('/sale'));
      assert.equal(made.statusCode, 201, made.body);
      const id = made.json().data.campaign_id as string;
      const change = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${s.siteId}/campaigns/${id}`, headers: s.owner, payload: { content: banner(url).content } });
      refusedAtCta(change);
      const after = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/campaigns/${id}`, headers: s.owner });
      assert.equal(after.json().data.version, 1, 'no new version');
      assert.equal(after.json().data.content.cta.url, '/sale');
      assert.deepEqual((await published(s)).map((c) => c.content.cta?.url), ['/sale'], 'the published call to action is the old one');
    });
  }
});
