// The limits a site (or a user) cannot pass, on both engines, with small configured limits: the
// (limit+1)th create answers 422 limit_reached naming the number and its setting, and stores
// nothing; what frees room and what does not (revoked keys and archived campaigns count, deleted
// integrations and media and archived sites free it; a re-upload of bytes the site has adds
// nothing); concurrent creates one short of a limit: exactly one succeeds; the command line's path
// (the services with the system actor) is refused the same way.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { SCOPES } from '../../src/auth/scopes.js';
import { isAppError } from '../../src/errors.js';
import { SYSTEM } from '../../src/kernel/index.js';
import { createExperimentsService } from '../../src/modules/experiments/experiments-service.js';
import { bearer, countRows, forEachEngine, ORIGIN, type TestApp } from '../helpers/app.js';
import { overlay } from '../modules/campaigns/campaign-client.js';
import { png, pngOfSize } from '../modules/media/images.js';
import { fileBody, stored } from '../modules/media/multipart.js';

const ENV = {
  LIMIT_API_KEYS_PER_SITE: '3',
  LIMIT_CAMPAIGNS_PER_SITE: '2',
  LIMIT_EXPERIMENTS_PER_SITE: '2',
  LIMIT_INTEGRATIONS_PER_SITE: '2',
  LIMIT_MEMBERS_PER_SITE: '4',
  LIMIT_MEDIA_ITEMS_PER_SITE: '3',
  LIMIT_MEDIA_BYTES_PER_SITE: '3000',
  LIMIT_SITES_PER_USER: '3',
};
const RACERS = 6;

/** A 422 limit_reached whose message names the limit's number and its setting. */
function assertRefused(res: LightMyRequestResponse, setting: keyof typeof ENV): void {
  assert.equal(res.statusCode, 422, res.body);
  const error = res.json().error;
  assert.equal(error.code, 'limit_reached');
  assert.match(error.message, new RegExp(`at most ${ENV[setting]} `));
  assert.ok(error.message.includes(setting), error.message);
}

const created = (responses: LightMyRequestResponse[]) => responses.filter((r) => r.statusCode === 201).length;

/** Exactly one of the racers got in; every other one was refused by the limit. */
function assertOneWon(responses: LightMyRequestResponse[], setting: keyof typeof ENV): void {
  assert.equal(created(responses), 1, responses.map((r) => `${r.statusCode} ${r.body}`).join('\n'));
  for (const r of responses.filter((r) => r.statusCode !== 201)) assertRefused(r, setting);
}

forEachEngine('limits', (t) => {
  const site = async () => {
    const s = await t().createSite({ publisherMode: true });
    return { ...s, ownerH: bearer(await t().idToken(s.owner)), memberH: bearer(await t().idToken(s.member)) };
  };
  type Shop = Awaited<ReturnType<typeof site>>;

  describe('API keys: LIMIT_API_KEYS_PER_SITE, revoked ones included', () => {
    const createKey = (s: Shop, name = 'k') =>
      t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/api-keys`, headers: s.ownerH, payload: { name, scopes: ['events:write'] } });

    it('refuses the fourth key, stores nothing, and revoking does not free room', async () => {
      const s = await site();
      const keys = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await createKey(s, `k${i}`);
        assert.equal(res.statusCode, 201, res.body);
        keys.push(res.json().data.key_id as string);
      }
      assertRefused(await createKey(s, 'fourth'), 'LIMIT_API_KEYS_PER_SITE');
      assert.equal(await countRows(t(), 'api_keys', s.siteId), 3);

      const revoked = await t().inject({ method: 'DELETE', url: `/api/v1/sites/${s.siteId}/api-keys/${keys[0]}`, headers: s.ownerH });
      assert.equal(revoked.statusCode, 200, revoked.body);
      assertRefused(await createKey(s, 'after revoking'), 'LIMIT_API_KEYS_PER_SITE');
      assert.equal(await countRows(t(), 'api_keys', s.siteId), 3);
    });

    it('is per site: another site still has room', async () => {
      const s = await site();
      for (let i = 0; i < 3; i += 1) assert.equal((await createKey(s)).statusCode, 201);
      assert.equal((await createKey(await site())).statusCode, 201);
    });

    it('refuses the command line’s key create too (the service, as the system)', async () => {
      const s = await site();
      for (let i = 0; i < 3; i += 1) await t().createKey(s.siteId, [...SCOPES]);
      await assert.rejects(
        t().app.services.apiKeys.createKey(SYSTEM, s.siteId, { scopes: ['events:write'] }),
        (err: unknown) => isAppError(err) && err.code === 'limit_reached' && err.status === 422 && err.message.includes('at most 3 API keys'),
      );
      assert.equal(await countRows(t(), 'api_keys', s.siteId), 3);
    });

    it(`lets exactly one of ${RACERS} concurrent creates one short of the limit in`, async () => {
      const s = await site();
      for (let i = 0; i < 2; i += 1) assert.equal((await createKey(s)).statusCode, 201);
      assertOneWon(await Promise.all(Array.from({ length: RACERS }, (_, i) => createKey(s, `racer ${i}`))), 'LIMIT_API_KEYS_PER_SITE');
      assert.equal(await countRows(t(), 'api_keys', s.siteId), 3);
    });
  });

  describe('campaigns: LIMIT_CAMPAIGNS_PER_SITE in any status', () => {
    const createCampaign = (s: Shop, name: string) =>
      t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/campaigns`, headers: s.memberH, payload: overlay({ name }) });

    it('counts an archived campaign: the third is refused and nothing is stored', async () => {
      const s = await site();
      const first = await createCampaign(s, 'first');
      assert.equal(first.statusCode, 201, first.body);
      const archived = await t().inject({
        method: 'PATCH',
        url: `/api/v1/sites/${s.siteId}/campaigns/${first.json().data.campaign_id}`,
        headers: s.memberH,
        payload: { status: 'archived' },
      });
      assert.equal(archived.statusCode, 200, archived.body);
      assert.equal((await createCampaign(s, 'second')).statusCode, 201);
      assertRefused(await createCampaign(s, 'third'), 'LIMIT_CAMPAIGNS_PER_SITE');
      assert.equal(await countRows(t(), 'campaigns', s.siteId), 2);
    });

    it(`lets exactly one of ${RACERS} concurrent creates one short of the limit in`, async () => {
      const s = await site();
      assert.equal((await createCampaign(s, 'first')).statusCode, 201);
      assertOneWon(await Promise.all(Array.from({ length: RACERS }, (_, i) => createCampaign(s, `racer ${i}`))), 'LIMIT_CAMPAIGNS_PER_SITE');
      assert.equal(await countRows(t(), 'campaigns', s.siteId), 2);
    });
  });

  describe('experiments: LIMIT_EXPERIMENTS_PER_SITE in any state', () => {
    const createExperiment = (s: Shop, name: string) =>
      t().inject({ method: 'POST', url: '/api/v1/partner-experiments', headers: s.memberH, payload: { website_id: s.siteId, name, surfaces: [{ type: 'overlay', campaign_id: 'summer' }] } });
    // The service as the module builds it, given the configuration's limits.
    const service = () => createExperimentsService(t().database.db, t().secrets, undefined, t().config.limits);
    const input = (name: string) => ({ name, surfaces: [{ type: 'overlay' as const, campaign_id: 'summer' }] });
    const member = (s: Shop) => ({ kind: 'user' as const, userId: s.member });

    it('refuses the third experiment, a stopped one counting, and stores nothing', async () => {
      const s = await site();
      const experiments = service();
      const first = await experiments.create(member(s), s.siteId, input('first'));
      await experiments.start(member(s), first.experiment_id);
      await experiments.stop(member(s), first.experiment_id);
      await experiments.create(member(s), s.siteId, input('second'));
      await assert.rejects(
        experiments.create(member(s), s.siteId, input('third')),
        (err: unknown) => isAppError(err) && err.code === 'limit_reached' && err.message.includes('at most 2 experiments') && err.message.includes('LIMIT_EXPERIMENTS_PER_SITE'),
      );
      assert.equal(await countRows(t(), 'experiments', s.siteId), 2);
    });

    it(`lets exactly one of ${RACERS} concurrent creates one short of the limit in`, async () => {
      const s = await site();
      const experiments = service();
      await experiments.create(member(s), s.siteId, input('first'));
      const results = await Promise.allSettled(Array.from({ length: RACERS }, (_, i) => experiments.create(member(s), s.siteId, input(`racer ${i}`))));
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
      for (const r of results) if (r.status === 'rejected') assert.ok(isAppError(r.reason) && r.reason.code === 'limit_reached', String(r.reason));
      assert.equal(await countRows(t(), 'experiments', s.siteId), 2);
    });

    it('answers 422 limit_reached over HTTP with the configured limit', async () => {
      const s = await site();
      for (const name of ['first', 'second']) assert.equal((await createExperiment(s, name)).statusCode, 201);
      assertRefused(await createExperiment(s, 'third'), 'LIMIT_EXPERIMENTS_PER_SITE');
      assert.equal(await countRows(t(), 'experiments', s.siteId), 2);
    });
  });

  describe('integrations: LIMIT_INTEGRATIONS_PER_SITE, a deleted one freeing room', () => {
    const createIntegration = (s: Shop) =>
      t().inject({
        method: 'POST',
        url: `/api/v1/sites/${s.siteId}/integrations`,
        headers: s.ownerH,
        payload: { kind: 'awin', credentials: { api_token: `tok-${randomBytes(8).toString('hex')}`, account_id: '1234' }, status: 'paused' },
      });

    it('refuses the third, stores nothing, and room comes back when one is deleted', async () => {
      const s = await site();
      const first = await createIntegration(s);
      assert.equal(first.statusCode, 201, first.body);
      assert.equal((await createIntegration(s)).statusCode, 201);
      assertRefused(await createIntegration(s), 'LIMIT_INTEGRATIONS_PER_SITE');
      assert.equal(await countRows(t(), 'integrations', s.siteId), 2);

      const deleted = await t().inject({ method: 'DELETE', url: `/api/v1/sites/${s.siteId}/integrations/${first.json().data.integration_id}`, headers: s.ownerH });
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.equal((await createIntegration(s)).statusCode, 201);
    });

    it(`lets exactly one of ${RACERS} concurrent creates one short of the limit in`, async () => {
      const s = await site();
      assert.equal((await createIntegration(s)).statusCode, 201);
      assertOneWon(await Promise.all(Array.from({ length: RACERS }, () => createIntegration(s))), 'LIMIT_INTEGRATIONS_PER_SITE');
      assert.equal(await countRows(t(), 'integrations', s.siteId), 2);
    });
  });

  describe('members: LIMIT_MEMBERS_PER_SITE, owners included', () => {
    const addMember = (s: Shop, user: string, role = 'member') =>
      t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/members`, headers: s.ownerH, payload: { user, role } });
    const user = (name: string) => `${name}-${randomBytes(4).toString('hex')}`;

    it('refuses a fifth member, stores nothing, and still changes an existing member’s role', async () => {
      const s = await site(); // an owner and a member
      assert.equal((await addMember(s, user('carol'))).statusCode, 201);
      assert.equal((await addMember(s, user('dave'))).statusCode, 201);
      const erin = user('erin');
      assertRefused(await addMember(s, erin), 'LIMIT_MEMBERS_PER_SITE');
      assert.equal(await countRows(t(), 'site_members', s.siteId), 4);
      await assert.rejects(t().app.services.kernel.sites.addMember(SYSTEM, s.siteId, erin, 'member'), (err: unknown) => isAppError(err) && err.code === 'limit_reached');

      const promoted = await addMember(s, s.member, 'owner');
      assert.equal(promoted.statusCode, 200, promoted.body);
      assert.equal(promoted.json().data.role, 'owner');
    });

    it(`lets exactly one of ${RACERS} concurrent adds one short of the limit in`, async () => {
      const s = await site();
      assert.equal((await addMember(s, user('carol'))).statusCode, 201);
      assertOneWon(await Promise.all(Array.from({ length: RACERS }, (_, i) => addMember(s, user(`racer${i}`)))), 'LIMIT_MEMBERS_PER_SITE');
      assert.equal(await countRows(t(), 'site_members', s.siteId), 4);
    });
  });

  describe('sites of a user: LIMIT_SITES_PER_USER', () => {
    const createSite = (userId: string, token: string) =>
      t().inject({ method: 'POST', url: '/api/v1/sites', headers: bearer(token), payload: { name: `Shop of ${userId}`, origins: [ORIGIN] } });
    const sitesOf = async (userId: string) =>
      (await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM site_members WHERE user_id = $1', [userId])).rows[0]!.n;

    it('refuses a fourth site, stores nothing, and archiving one frees room', async () => {
      const userId = `founder-${randomBytes(4).toString('hex')}`;
      const token = await t().idToken(userId);
      const ids = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await createSite(userId, token);
        assert.equal(res.statusCode, 201, res.body);
        ids.push(res.json().data.site_id as string);
      }
      const before = (await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sites')).rows[0]!.n;
      assertRefused(await createSite(userId, token), 'LIMIT_SITES_PER_USER');
      assert.equal((await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sites')).rows[0]!.n, before, 'no site stored');
      assert.equal(await sitesOf(userId), 3);
      await assert.rejects(
        t().app.services.kernel.sites.createSite({ name: 'CLI shop', origins: [ORIGIN], owner: userId }),
        (err: unknown) => isAppError(err) && err.code === 'limit_reached' && err.message.includes('at most 3 sites'),
      );

      assert.equal((await t().inject({ method: 'DELETE', url: `/api/v1/sites/${ids[0]}`, headers: bearer(token) })).statusCode, 200);
      assert.equal((await createSite(userId, token)).statusCode, 201);
    });

    it('counts being added to a site: a user in as many sites as allowed cannot be added to another', async () => {
      const userId = `busy-${randomBytes(4).toString('hex')}`;
      const token = await t().idToken(userId);
      for (let i = 0; i < 3; i += 1) assert.equal((await createSite(userId, token)).statusCode, 201);
      const s = await site();
      const res = await t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/members`, headers: s.ownerH, payload: { user: userId } });
      assertRefused(res, 'LIMIT_SITES_PER_USER');
      assert.equal(await countRows(t(), 'site_members', s.siteId), 2);
      assert.equal(await sitesOf(userId), 3);
    });

    it(`lets exactly one of ${RACERS} concurrent site creations one short of the limit in`, async () => {
      const userId = `racer-${randomBytes(4).toString('hex')}`;
      const token = await t().idToken(userId);
      for (let i = 0; i < 2; i += 1) assert.equal((await createSite(userId, token)).statusCode, 201);
      assertOneWon(await Promise.all(Array.from({ length: RACERS }, () => createSite(userId, token))), 'LIMIT_SITES_PER_USER');
      assert.equal(await sitesOf(userId), 3);
    });

    it(`lets exactly one of ${RACERS} sites add the same user one short of the user’s limit`, async () => {
      const userId = `wanted-${randomBytes(4).toString('hex')}`;
      const token = await t().idToken(userId);
      for (let i = 0; i < 2; i += 1) assert.equal((await createSite(userId, token)).statusCode, 201);
      const shops = await Promise.all(Array.from({ length: RACERS }, () => site()));
      const responses = await Promise.all(shops.map((s) => t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/members`, headers: s.ownerH, payload: { user: userId } })));
      assertOneWon(responses, 'LIMIT_SITES_PER_USER');
      assert.equal(await sitesOf(userId), 3);
    });
  });

  describe('media: LIMIT_MEDIA_ITEMS_PER_SITE and LIMIT_MEDIA_BYTES_PER_SITE', () => {
    const upload = (s: Shop, image: Buffer) => {
      const body = fileBody(image);
      return t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/media`, headers: { ...s.memberH, ...body.headers }, payload: body.payload });
    };
    let tiny: Buffer[];
    before(() => {
      tiny = [png(2, 2), png(3, 2), png(4, 2), png(5, 2)];
    });

    it('refuses a fourth item and stores nothing; the same bytes again still answer 200; deleting frees room', async () => {
      const s = await site();
      const ids = [];
      for (const image of tiny.slice(0, 3)) {
        const res = await upload(s, image);
        assert.equal(res.statusCode, 201, res.body);
        ids.push(res.json().data.media_id as string);
      }
      assertRefused(await upload(s, tiny[3]!), 'LIMIT_MEDIA_ITEMS_PER_SITE');
      const held = await stored(t(), s.siteId);
      assert.deepEqual({ media: held.media, blobs: held.blobs, staging: held.staging }, { media: 3, blobs: 3, staging: 0 });

      const again = await upload(s, tiny[0]!);
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(again.json().data.media_id, ids[0]);
      assert.equal((await stored(t(), s.siteId)).blobs, 3, 'the re-upload’s bytes are discarded');

      assert.equal((await t().inject({ method: 'DELETE', url: `/api/v1/sites/${s.siteId}/media/${ids[1]}`, headers: s.memberH })).statusCode, 200);
      assert.equal((await upload(s, tiny[3]!)).statusCode, 201);
    });

    it('refuses an item whose bytes would pass the site’s total, and takes one that exactly fills it', async () => {
      const s = await site();
      assert.equal((await upload(s, pngOfSize(1200))).statusCode, 201);
      const second = pngOfSize(1500);
      assert.equal((await upload(s, second)).statusCode, 201);
      assertRefused(await upload(s, pngOfSize(301)), 'LIMIT_MEDIA_BYTES_PER_SITE');
      assert.equal((await stored(t(), s.siteId)).media, 2);
      assert.equal((await stored(t(), s.siteId)).blobs, 2, 'the refused upload’s staged bytes are gone');
      assert.equal((await upload(s, pngOfSize(300))).statusCode, 201, 'exactly 3000 bytes fit');
      assert.equal((await upload(s, second)).statusCode, 200, 'a full site still answers a re-upload');
    });

    it(`lets exactly one of ${RACERS} concurrent uploads of different images one short of the limit in`, async () => {
      const s = await site();
      for (const image of tiny.slice(0, 2)) assert.equal((await upload(s, image)).statusCode, 201);
      const racers = Array.from({ length: RACERS }, (_, i) => png(6 + i, 3));
      assertOneWon(await Promise.all(racers.map((image) => upload(s, image))), 'LIMIT_MEDIA_ITEMS_PER_SITE');
      assert.equal((await stored(t(), s.siteId)).media, 3);
    });
  });
}, { env: ENV });
