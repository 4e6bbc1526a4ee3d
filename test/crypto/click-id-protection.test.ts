// Raw click ids never reach the database, a log line or a response; keys rotate without losing rows.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { buildApp, loggerOptions } from '../../src/app.js';
import { createSecrets } from '../../src/secrets.js';
import { SYSTEM } from '../../src/kernel/index.js';
import { appsWithClickIdKeys, ORIGIN, testConfig } from '../helpers/app.js';
import { createTestDatabase, ENGINES } from '../helpers/database.js';
import { purchase, touch } from '../helpers/attribution.js';
import { event } from '../helpers/events.js';
import { createClickIdProtection } from '../../src/crypto/click-id-protection.js';
import type { SealedColumn } from '../../src/crypto/sealed-columns.js';
import { createSubmissionsService } from '../../src/modules/submissions/submissions-service.js';
import { testForms } from '../modules/submissions/forms.js';

const key = () => randomBytes(32).toString('base64');

for (const engine of ENGINES) {
  describe(`click-id protection [${engine}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    after(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it('keeps every raw click id out of the database, the logs and the responses', async () => {
      const database = await createTestDatabase(engine);
      cleanups.push(() => database.drop());
      let logs = '';
      const stream = new Writable({
        write(chunk, _enc, done) {
          logs += chunk.toString();
          done();
        },
      });
      const config = testConfig({ LOG_LEVEL: 'trace' });
      const app = await buildApp(config, { db: database.db, secrets: createSecrets(config.storefrontSecret!), logger: { ...(loggerOptions(config) as object), stream } });
      await app.ready();
      cleanups.push(() => app.close());
      const services = app.services;
      const site = await services.sites.createSite({ name: 'Scan', origins: [ORIGIN], owner: 'owner' });
      const apiKey = (await services.apiKeys.createKey(SYSTEM, site.site_id, { scopes: ['events:write', 'partner_attribution:convert'] })).api_key;
      const token = (await services.runtimeTokens.issue({ siteId: site.site_id, origin: ORIGIN })).token;
      const owner = (await services.idTokens.issueLocal('owner', 600)).idToken;
      const browser = { authorization: `Bearer ${token}`, origin: ORIGIN };

      const raws: string[] = [];
      const bodies: string[] = [];
      const call = async (opts: InjectOptions) => {
        const res = await app.inject(opts);
        bodies.push(res.body, JSON.stringify(res.headers));
        return res;
      };
      const touches = Array.from({ length: 4 }, (_, i) => touch(i % 2 === 0 ? {} : { provider: 'cj', provider_click_id: `CJ${randomBytes(10).toString('hex')}` }));
      raws.push(...touches.map((t) => t.provider_click_id as string));
      const url = '/api/v1/partner-attribution/touches';
      assert.equal((await call({ method: 'POST', url, headers: browser, payload: { touches } })).statusCode, 201);
      assert.equal((await call({ method: 'POST', url, headers: browser, payload: { touches } })).statusCode, 200);
      const conflicting = { ...touches[0]!, provider_click_id: `777_1_${randomBytes(6).toString('hex')}` };
      raws.push(conflicting.provider_click_id as string);
      assert.equal((await call({ method: 'POST', url, headers: browser, payload: { touches: [conflicting] } })).statusCode, 409);
      const malformed = `bad awc ${randomBytes(6).toString('hex')}`;
      raws.push(malformed);
      assert.equal((await call({ method: 'POST', url, headers: browser, payload: { touches: [touch({ provider_click_id: malformed })] } })).statusCode, 400);
      const beacon = touch();
      raws.push(beacon.provider_click_id as string);
      assert.equal(
        (await call({ method: 'POST', url, headers: { 'content-type': 'text/plain', origin: ORIGIN }, payload: JSON.stringify({ runtime_token: token, touches: [beacon] }) })).statusCode,
        201,
      );
      const inUrl = `4242_1_${randomBytes(6).toString('hex')}`;
      const inCj = `cjv${randomBytes(6).toString('hex')}`;
      raws.push(inUrl, inCj);
      const pageEvent = event('page_view', { context: { page_url: `https://shop.example/landing?awc=${inUrl}&x=1`, referrer: `https://net.example/?cjevent=${inCj}`, user_agent: 'ua' } });
      assert.equal((await call({ method: 'POST', url: '/api/v1/events/track', headers: { 'x-api-key': apiKey }, payload: pageEvent })).statusCode, 201);
      const p = purchase(site.site_id, { touch_ids: touches.map((t) => t.touch_id) });
      assert.equal((await call({ method: 'POST', url: '/api/v1/partner-attribution/conversions', headers: { 'x-api-key': apiKey }, payload: { event_type: 'purchase', conversion: p } })).statusCode, 201);
      assert.equal(
        (await call({ method: 'GET', url: `/api/v1/partner-attribution/conversions/${p.order_id}?website_id=${site.site_id}`, headers: { authorization: `Bearer ${owner}` } })).statusCode,
        200,
      );
      await services.clickIds.rotate();
      await services.clickIds.purge(400);

      const tables = await database.db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
      let dump = '';
      for (const { table_name } of tables.rows) {
        const { rows } = await database.db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table_name} t`);
        dump += rows.map((r) => r.row).join('\n');
      }
      assert.ok(dump.length > 1000, 'the dump holds the data');
      assert.ok(logs.split('\n').length > 10, 'the logs were captured');
      for (const raw of raws) {
        assert.ok(!dump.includes(raw), `a raw click id is in the database: ${raw}`);
        assert.ok(!logs.includes(raw), `a raw click id is in the logs: ${raw}`);
        assert.ok(!bodies.some((b) => b.includes(raw)), `a raw click id is in a response: ${raw}`);
      }
    });

    it('rotates keys: new writes use the first key, old rows stay readable and are re-sealed by rotate', async () => {
      const database = await createTestDatabase(engine);
      cleanups.push(() => database.drop());
      const k1 = key();
      const k2 = key();
      const appWith = appsWithClickIdKeys(database.db, cleanups);
      const before = await appWith(`k1:${k1}`);
      const site = await before.services.sites.createSite({ name: 'Rotate', origins: [ORIGIN], owner: 'o' });
      const oldTouches = [touch(), touch(), touch()];
      await before.services.attribution.touches.recordTouches(site.site_id, oldTouches as never);

      const afterApp = await appWith(`k2:${k2},k1:${k1}`);
      const newTouch = touch();
      await afterApp.services.attribution.touches.recordTouches(site.site_id, [newTouch] as never);
      const sealed = async () =>
        (await database.db.query<{ touch_id: string; click_id_key_id: string; click_id_ciphertext: string }>('SELECT touch_id, click_id_key_id, click_id_ciphertext FROM touches ORDER BY touch_id')).rows;
      const mixed = await sealed();
      assert.deepEqual(new Set(mixed.map((r) => r.click_id_key_id)), new Set(['k1', 'k2']));
      assert.equal(mixed.find((r) => r.touch_id === newTouch.touch_id)!.click_id_key_id, 'k2', 'new writes use the first key');
      const replay = await afterApp.services.attribution.touches.recordTouches(site.site_id, oldTouches as never);
      assert.equal(replay.created, false, 'old rows still match by their keyed hash');

      assert.deepEqual(await afterApp.services.clickIds.rotate(2), { rotated: 3, key_id: 'k2' });
      const rotated = await sealed();
      assert.ok(rotated.every((r) => r.click_id_key_id === 'k2'));
      const byId = new Map([...oldTouches, newTouch].map((t) => [t.touch_id, t.provider_click_id]));
      for (const r of rotated) {
        assert.equal(afterApp.services.keyring.open({ keyId: r.click_id_key_id, ciphertext: r.click_id_ciphertext }, `${site.site_id}\n${r.touch_id}`), byId.get(r.touch_id));
      }
      assert.deepEqual(await afterApp.services.clickIds.rotate(), { rotated: 0, key_id: 'k2' }, 'a second rotation has nothing to do');
    });

    it('retention purges old sealed values of every column but those declared retention: false; rotation covers those too', async () => {
      const database = await createTestDatabase(engine);
      cleanups.push(() => database.drop());
      const db = database.db;
      await db.exec(`CREATE TABLE sealed_test (site_id text, item_id text, ct text, kid text, at timestamptz);
        INSERT INTO sealed_test VALUES ('s', 'old', 'x', 'k0', now() - interval '30 days'), ('s', 'new', 'y', 'k0', now());`);
      const column = (table: string, retention?: false): SealedColumn => ({
        table,
        keys: ['site_id', 'item_id'],
        ciphertext: 'ct',
        keyId: 'kid',
        timeColumn: 'at',
        ...(retention === false ? { retention } : {}),
        context: (r) => `${r.site_id}:${r.item_id}`,
      });
      await db.exec('CREATE TABLE kept_test (LIKE sealed_test); INSERT INTO kept_test SELECT * FROM sealed_test;');
      const keyring = { currentKeyId: 'k0', seal: () => ({ keyId: 'k0', ciphertext: '' }), open: () => '', fingerprint: () => '' };
      const protection = createClickIdProtection(db, keyring, [column('sealed_test'), column('kept_test', false)]);
      assert.equal((await protection.purge(7)).purged, 1, 'only the old value of the column that takes retention');
      const cts = async (table: string) => (await db.query<{ item_id: string; ct: string | null }>(`SELECT item_id, ct FROM ${table} ORDER BY item_id`)).rows;
      assert.deepEqual(await cts('sealed_test'), [{ item_id: 'new', ct: 'y' }, { item_id: 'old', ct: null }]);
      assert.deepEqual(await cts('kept_test'), [{ item_id: 'new', ct: 'y' }, { item_id: 'old', ct: 'x' }]);

      // The submissions module's column: rotated to the new key, never purged.
      const k1 = key();
      const k2 = key();
      const appWith = appsWithClickIdKeys(db, cleanups);
      const before = await appWith(`k1:${k1}`);
      const site = await before.services.sites.createSite({ name: 'Forms', origins: [ORIGIN], owner: 'o' });
      const forms = testForms();
      forms.open(site.site_id, 'cmp_rotate');
      const submissionsOf = (app: typeof before) =>
        createSubmissionsService({ db, secrets: app.services.moduleContext.secrets, keyring: app.services.keyring, forms, limiter: app.services.moduleContext.limiter });
      const old = new Date(Date.now() - 400 * 86_400_000);
      const id = await submissionsOf(before).submit(site.site_id, { campaignId: 'cmp_rotate', formId: 'f1', clientSubmissionId: 'c1', sessionId: 's1', fields: { email: 'rotate@shop.example' } }, old);
      const afterApp = await appWith(`k2:${k2},k1:${k1}`);
      assert.deepEqual(await afterApp.services.clickIds.rotate(), { rotated: 1, key_id: 'k2' });
      await afterApp.services.clickIds.purge(1);
      const { rows } = await db.query<{ fields_key_id: string }>('SELECT fields_key_id FROM submissions WHERE submission_id = $1', [id]);
      assert.deepEqual(rows, [{ fields_key_id: 'k2' }]);
      const read = await submissionsOf(afterApp).list(SYSTEM, site.site_id, undefined, { limit: 10 });
      assert.deepEqual(read.items.map((s) => s.fields), [{ email: 'rotate@shop.example' }]);
    });
  });
}
