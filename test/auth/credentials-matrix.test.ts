// Every route × every credential kind: accepted where the route declares the kind, 401 elsewhere.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RouteDeclaration } from '../../src/app.js';
import { accepts, type CredentialKind } from '../../src/auth/principal.js';
import { createTestApp, ORIGIN, type TestApp } from '../helpers/app.js';
import { ENGINES } from '../helpers/database.js';

const KINDS: CredentialKind[] = ['runtime', 'apiKey', 'merchant', 'platform'];

for (const engine of ENGINES) {
  describe(`credential matrix [${engine}]`, () => {
    let t: TestApp;
    let site: { siteId: string; owner: string };
    /** The site archiving is tried on (its owner is not the credentials' user: the route answers 403, never archives). */
    let spare: { siteId: string };
    let key: { keyId: string; apiKey: string };
    before(async () => {
      t = await createTestApp(engine);
      site = await t.createSite();
      spare = await t.createSite();
      key = await t.createKey(site.siteId);
    });
    after(async () => t.close());

    const urlFor = (route: RouteDeclaration) =>
      route.url
        .replace(':siteId', route.method === 'DELETE' && route.url === '/api/v1/sites/:siteId' ? spare.siteId : site.siteId)
        .replace(':keyId', 'key_doesnotexist00')
        .replace(':eventId', 'evt_doesnotexist00')
        .replace(/:[A-Za-z]+/g, 'x');

    async function headersFor(kind: CredentialKind, method: string, url: string, body: string): Promise<Record<string, string>> {
      switch (kind) {
        case 'runtime':
          return { authorization: `Bearer ${await t.runtimeToken(site.siteId)}`, origin: ORIGIN };
        case 'apiKey':
          return { 'x-api-key': key.apiKey };
        case 'merchant':
          return { authorization: `Bearer ${await t.idToken(site.owner)}` };
        case 'platform':
          return { 'x-platform-signature': t.platformSignature({ method, url, body }) };
      }
    }

    it('covers every declared route', () => {
      const secured = t.app.routeCatalog.filter((r) => r.auth !== 'public');
      assert.ok(secured.length >= 10, `expected the secured routes, got ${secured.length}`);
    });

    it('accepts each kind exactly where declared', async () => {
      const failures: string[] = [];
      for (const route of t.app.routeCatalog) {
        if (route.auth === 'public') continue;
        for (const kind of KINDS) {
          const body = route.method === 'GET' || route.method === 'DELETE' ? '' : '{}';
          const res = await t.inject({
            method: route.method as 'GET',
            url: urlFor(route),
            headers: { ...(await headersFor(kind, route.method, urlFor(route), body)), ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { payload: body } : {}),
          });
          const refused = res.statusCode === 401;
          const shouldAccept = accepts(route.auth, kind);
          if (shouldAccept === refused) {
            failures.push(`${route.method} ${route.url} with ${kind}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
          if (refused && res.json().error?.code !== 'unauthorized') failures.push(`${route.method} ${route.url}: 401 without the envelope`);
        }
        const none = await t.inject({ method: route.method as 'GET', url: urlFor(route) });
        if (none.statusCode !== 401) failures.push(`${route.method} ${route.url} without credentials: ${none.statusCode}`);
      }
      assert.deepEqual(failures, []);
    });
  });
}
