// The consent service below HTTP, on both engines: the sealed identifiers (bound to their site and
// record), the device's keyed hash (one per site), the time it is given, and the sealed column under
// click-id rotation (re-sealed, still readable) and retention (left alone: records are proof).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, it } from 'node:test';
import { SYSTEM } from '../../../src/kernel/index.js';
import { deviceHash, openIdentifiers, sealIdentifiers } from '../../../src/modules/consent/sealed-identifiers.js';
import { appsWithClickIdKeys, forEachEngine, ORIGIN } from '../../helpers/app.js';
import { createTestDatabase } from '../../helpers/database.js';

const key = () => randomBytes(32).toString('base64');
const input = (deviceId?: string) => ({ sessionId: 'sess-r', deviceId, choices: { analytics: true, marketing: true }, source: 'api' as const, policyVersion: 'v3' });

forEachEngine('consent records', (t) => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('seals the identifiers to their site and record; the device hash is one per site', async () => {
    const keyring = t().app.services.keyring;
    const sealed = sealIdentifiers(keyring, 'site_a', 'cns_1', { sessionId: 's', deviceId: 'd' });
    assert.deepEqual(openIdentifiers(keyring, 'site_a', 'cns_1', sealed), { sessionId: 's', deviceId: 'd' });
    assert.throws(() => openIdentifiers(keyring, 'site_a', 'cns_2', sealed), 'another record cannot open it');
    assert.throws(() => openIdentifiers(keyring, 'site_b', 'cns_1', sealed), 'another site cannot open it');
    assert.match(deviceHash(keyring, 'site_a', 'd'), /^[0-9a-f]{64}$/);
    assert.equal(deviceHash(keyring, 'site_a', 'd'), deviceHash(keyring, 'site_a', 'd'));
    assert.notEqual(deviceHash(keyring, 'site_a', 'd'), deviceHash(keyring, 'site_b', 'd'));
    assert.notEqual(deviceHash(keyring, 'site_a', 'd'), keyring.fingerprint('d'), 'apart from other lookups of the same value');
  });

  it('records at the time it is given, with the origin; lists by device', async () => {
    const consent = t().app.services.consent;
    const site = await t().createSite();
    const at = new Date('2026-11-20T10:00:00.123Z');
    const id = await consent.record(site.siteId, ORIGIN, input('dev-r'), at);
    await consent.record(site.siteId, ORIGIN, input(), new Date(at.getTime() + 1000));
    const page = await consent.list(SYSTEM, site.siteId, 'dev-r', { limit: 10 });
    assert.deepEqual(page.items.map((r) => [r.consentId, r.recordedAt.toISOString(), r.origin, r.identifiers, r.source, r.policyVersion]), [
      [id, at.toISOString(), ORIGIN, { sessionId: 'sess-r', deviceId: 'dev-r' }, 'api', 'v3'],
    ]);
    assert.equal((await consent.list(SYSTEM, site.siteId, undefined, { limit: 10 })).items.length, 2);
    await assert.rejects(consent.list({ kind: 'user', userId: 'stranger' }, site.siteId, undefined, { limit: 10 }), (err: { code?: string }) => err.code === 'forbidden');
  });

  it('click-id rotation re-seals the identifiers (still readable); retention leaves them alone', async () => {
    // A database of its own: rotation reads every sealed row, and the suite's app seals with other keys.
    const database = await createTestDatabase(t().engine);
    cleanups.push(() => database.drop());
    const db = database.db;
    const k1 = key();
    const k2 = key();
    const appWith = appsWithClickIdKeys(db, cleanups);
    const before = await appWith(`k1:${k1}`);
    const site = await before.services.sites.createSite({ name: 'Consent rotate', origins: [ORIGIN], owner: 'o' });
    const old = new Date(Date.now() - 400 * 86_400_000);
    const id = await before.services.consent.record(site.site_id, ORIGIN, input('dev-rot'), old);
    const afterApp = await appWith(`k2:${k2},k1:${k1}`);
    const rotated = await afterApp.services.clickIds.rotate();
    assert.equal(rotated.key_id, 'k2');
    assert.equal(rotated.rotated, 1);
    await afterApp.services.clickIds.purge(1);
    const { rows } = await db.query<{ identifiers_key_id: string }>('SELECT identifiers_key_id FROM consent_records WHERE consent_id = $1', [id]);
    assert.deepEqual(rows, [{ identifiers_key_id: 'k2' }]);
    const read = await afterApp.services.consent.list(SYSTEM, site.site_id, 'dev-rot', { limit: 10 });
    assert.deepEqual(read.items.map((r) => [r.consentId, r.identifiers]), [[id, { sessionId: 'sess-r', deviceId: 'dev-rot' }]]);
  });
});
