// POST /submissions and the members' routes over HTTP (CONTRACT §9, §1, §7), on both engines:
// credentials (a runtime token with its own Origin only), every bad input at its pointer with nothing
// stored, campaigns not active on the site (404), idempotency and the email dedupe, the honeypot, the
// rate limit per address and campaign (in memory, and in Redis when TEST_REDIS_URL is set), the list's
// pages, and erasure.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, countRows, createTestApp, forEachEngine, ORIGIN, type TestApp } from '../../helpers/app.js';
import { changeCampaign, EMAIL_FORM, liveCampaign } from './campaigns.js';

const OTHER_ORIGIN = 'https://other-shop.example';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

let addresses = 0;
/** A client address of its own, so that one test's requests never meet another's rate limit. */
const freshIp = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

const body = (campaignId: string, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  campaign_id: campaignId,
  form_id: 'f1',
  client_submission_id: `c-${randomBytes(6).toString('hex')}`,
  session_id: 'sess-1',
  fields,
  ...extra,
});

/** When the clock minute is about to turn (the limiter counts clock minutes), wait for the next one. */
async function awayFromMinuteEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

function api(t: () => TestApp) {
  const submit = (headers: Record<string, string>, payload: unknown, remoteAddress = freshIp()) =>
    t().inject({ method: 'POST', url: '/api/v1/submissions', headers, payload: payload as object, remoteAddress });
  const setup = async (origins = [ORIGIN]) => {
    const site = await t().createSite({ origins });
    const campaignId = await liveCampaign(t(), site);
    const token = await t().runtimeToken(site.siteId, origins[0]);
    return { ...site, campaignId, token, browser: { ...bearer(token), origin: origins[0]! }, memberH: bearer(await t().idToken(site.member)) };
  };
  const list = (siteId: string, headers: Record<string, string>, query = '') => t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}/submissions${query}`, headers });
  const erase = (siteId: string, id: string, headers: Record<string, string>) => t().inject({ method: 'DELETE', url: `/api/v1/sites/${siteId}/submissions/${id}`, headers });
  return { submit, setup, list, erase };
}

const accepted = (res: LightMyRequestResponse): string => {
  assert.equal(res.statusCode, 202, res.body);
  return res.json().data.submission_id as string;
};

forEachEngine('submissions API', (t) => {
  const { submit, setup, list, erase } = api(t);

  it('accepts a submission from the token’s origin (202, readable cross-origin); members read it back', async () => {
    const s = await setup();
    const res = await submit(s.browser, body(s.campaignId, { email: ' Jane@Example.com ', name: 'Jane', size: 'M', website: '' }, { consent: { granted: true } }));
    const id = accepted(res);
    assert.match(id, /^sub_[A-Za-z0-9]{20}$/);
    assert.deepEqual(Object.keys(res.json().data), ['submission_id']);
    assert.equal(res.headers['access-control-allow-origin'], ORIGIN);
    const preflight = await t().inject({ method: 'OPTIONS', url: '/api/v1/submissions', headers: { origin: 'https://any.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], 'https://any.example');
    const read = await list(s.siteId, s.memberH);
    assert.equal(read.statusCode, 200, read.body);
    const [item] = read.json().data;
    assert.equal(item.submission_id, id);
    assert.deepEqual(
      { ...item, created_at: undefined, consent: { ...item.consent, recorded_at: undefined } },
      {
        submission_id: id,
        campaign_id: s.campaignId,
        form_id: 'f1',
        session_id: 'sess-1',
        fields: { email: 'Jane@Example.com', name: 'Jane', size: 'M' },
        consent: { granted: true, text_sha256: sha256(EMAIL_FORM.consent_text!), recorded_at: undefined },
        created_at: undefined,
      },
    );
    assert.match(item.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.equal(item.consent.recorded_at, item.created_at);
    assert.equal(read.json().meta.next_cursor, null);
  });

  it('takes a runtime token with its own Origin only (else 401); another site’s campaign is 404; nothing stored', async () => {
    const a = await setup();
    const b = await setup([OTHER_ORIGIN]);
    const key = await t().createKey(a.siteId);
    const good = () => body(a.campaignId, { email: 'a@shop.example' });
    const refusals: [string, Record<string, string>, unknown, number][] = [
      ['another origin', { ...bearer(a.token), origin: OTHER_ORIGIN }, good(), 401],
      ['no origin', bearer(a.token), good(), 401],
      ['site B’s token from site A’s origin', { ...bearer(b.token), origin: ORIGIN }, good(), 401],
      ['a secret key', { 'x-api-key': key.apiKey, origin: ORIGIN }, good(), 401],
      ['a member’s ID token', { ...a.memberH, origin: ORIGIN }, good(), 401],
      ['no credential', { origin: ORIGIN }, good(), 401],
      ['the token in the body', { origin: ORIGIN }, { ...good(), runtime_token: a.token }, 401],
      ['a garbage token', { ...bearer('garbage'), origin: ORIGIN }, good(), 401],
      ['site B’s token naming site A’s campaign', b.browser, good(), 404],
    ];
    for (const [what, headers, payload, status] of refusals) {
      const res = await submit(headers, payload);
      assert.equal(res.statusCode, status, `${what}: ${res.body}`);
      assert.equal(res.json().error.code, status === 401 ? 'unauthorized' : 'not_found', what);
    }
    assert.equal(await countRows(t(), 'submissions', a.siteId), 0);
    assert.equal(await countRows(t(), 'submissions', b.siteId), 0);
  });

  it('refuses each bad body with 400 at its pointer and stores nothing', async () => {
    const s = await setup();
    const plain = await liveCampaign(t(), s, { form_id: 'f1', fields: EMAIL_FORM.fields });
    const ok = { email: 'a@shop.example' };
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, 'x']));
    const cases: [string, unknown, string][] = [
      ['31 fields', body(s.campaignId, many), '/fields'],
      ['an object where text is expected', body(s.campaignId, { email: { address: 'a@shop.example' } }), '/fields/email'],
      ['an array', body(s.campaignId, { email: ['a@shop.example'] }), '/fields/email'],
      ['a number', body(s.campaignId, { ...ok, name: 42 }), '/fields/name'],
      ['a value over 1,000 characters', body(s.campaignId, { ...ok, name: 'x'.repeat(1001) }), '/fields/name'],
      ['U+0000 in a value', body(s.campaignId, { ...ok, name: 'a\u0000b' }), '/fields/name'],
      ['an unpaired surrogate in a value', body(s.campaignId, { ...ok, name: 'a\ud800b' }), '/fields/name'],
      ['U+0000 in the session id', body(s.campaignId, ok, { session_id: '\u0000' }), '/session_id'],
      ['fields not an object', body(s.campaignId, ok, { fields: 'email=a' }), '/fields'],
      ['a client id with a space', body(s.campaignId, ok, { client_submission_id: 'a b' }), '/client_submission_id'],
      ['consent not a boolean', body(s.campaignId, ok, { consent: { granted: 'yes' } }), '/consent/granted'],
      ['an unknown field', body(s.campaignId, { ...ok, nickname: 'x' }), '/fields/nickname'],
      ['a required field missing', body(s.campaignId, { name: 'x' }), '/fields/email'],
      ['an invalid email', body(s.campaignId, { email: 'jane@localhost' }), '/fields/email'],
      ['an email over 254 characters', body(s.campaignId, { email: `${'a'.repeat(64)}@${'b'.repeat(190)}.com` }), '/fields/email'],
      ['an implausible phone', body(s.campaignId, { ...ok, phone: '12' }), '/fields/phone'],
      ['a choice not offered', body(s.campaignId, { ...ok, size: 'XXL' }), '/fields/size'],
      ['text in a boolean’s place', body(s.campaignId, { email: true }), '/fields/email'],
      ['another form', body(s.campaignId, ok, { form_id: 'f2' }), '/form_id'],
      ['consent on a form that asks none', body(plain, ok, { consent: { granted: true } }), '/consent'],
    ];
    for (const [what, payload, pointer] of cases) {
      const res = await submit(s.browser, payload);
      assert.equal(res.statusCode, 400, `${what}: ${res.body}`);
      assert.equal(res.json().error.code, 'validation_failed', what);
      const paths = (res.json().error.details ?? []).map((d: { path: string }) => d.path);
      assert.ok(paths.includes(pointer), `${what}: ${pointer} in ${JSON.stringify(paths)}`);
    }
    const missing = await submit(s.browser, { form_id: 'f1', client_submission_id: 'c', session_id: 's', fields: ok });
    assert.equal(missing.statusCode, 400, 'no campaign_id');
    const key = await submit(s.browser, body(s.campaignId, { ...ok, 'bad\u0000key': 'x' }));
    assert.equal(key.statusCode, 400);
    assert.equal(key.json().error.details[0].code, 'encoding');
    const notJson = await t().inject({ method: 'POST', url: '/api/v1/submissions', headers: { ...s.browser, 'content-type': 'application/json' }, payload: '{"campaign_id":', remoteAddress: freshIp() });
    assert.equal(notJson.statusCode, 400);
    assert.equal(notJson.json().error.code, 'invalid_json');
    assert.equal(await countRows(t(), 'submissions', s.siteId), 0);
  });

  it('a campaign not active on the site is 404: unknown, draft, paused, archived, outside its dates, without a form', async () => {
    const s = await setup();
    const unknown = await submit(s.browser, body('cmp_nosuchcampaign', { email: 'a@shop.example' }));
    assert.equal(unknown.statusCode, 404);
    const day = 86_400_000;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    const notLive: [string, string][] = [
      ['a draft', await liveCampaign(t(), s, EMAIL_FORM, { status: 'draft' })],
      ['not started', await liveCampaign(t(), s, EMAIL_FORM, { starts_at: iso(day) })],
      ['ended', await liveCampaign(t(), s, EMAIL_FORM, { starts_at: iso(-2 * day), ends_at: iso(-day) })],
      ['without a form', await liveCampaign(t(), s, null)],
    ];
    for (const [what, campaignId] of notLive) {
      const res = await submit(s.browser, body(campaignId, { email: 'a@shop.example' }));
      assert.equal(res.statusCode, 404, `${what}: ${res.body}`);
      assert.deepEqual(res.json().error, unknown.json().error, `${what}: the same answer as an unknown campaign`);
    }
    accepted(await submit(s.browser, body(s.campaignId, { email: 'before@shop.example' })));
    await changeCampaign(t(), s, s.campaignId, { status: 'paused' });
    assert.equal((await submit(s.browser, body(s.campaignId, { email: 'paused@shop.example' }))).statusCode, 404, 'paused');
    await changeCampaign(t(), s, s.campaignId, { status: 'active' });
    accepted(await submit(s.browser, body(s.campaignId, { email: 'again@shop.example' })));
    await changeCampaign(t(), s, s.campaignId, { ends_at: iso(-1000), starts_at: iso(-day) });
    assert.equal((await submit(s.browser, body(s.campaignId, { email: 'late@shop.example' }))).statusCode, 404, 'past its end');
    await changeCampaign(t(), s, s.campaignId, { status: 'archived' });
    assert.equal((await submit(s.browser, body(s.campaignId, { email: 'archived@shop.example' }))).statusCode, 404, 'archived');
    assert.equal(await countRows(t(), 'submissions', s.siteId), 2);
  });

  it('a replay, or the same email within 24 h, answers with the first submission_id; after erasure the email is new', async () => {
    const s = await setup();
    const first = body(s.campaignId, { email: 'dup@shop.example' });
    const id = accepted(await submit(s.browser, first));
    assert.equal(accepted(await submit(s.browser, first)), id);
    assert.equal(accepted(await submit(s.browser, body(s.campaignId, { email: '  DUP@Shop.Example ', name: 'Again' }))), id);
    assert.equal(await countRows(t(), 'submissions', s.siteId), 1);
    assert.equal((await erase(s.siteId, id, s.memberH)).statusCode, 200);
    const again = accepted(await submit(s.browser, body(s.campaignId, { email: 'dup@shop.example' })));
    assert.notEqual(again, id);
    assert.deepEqual((await list(s.siteId, s.memberH)).json().data.map((x: { submission_id: string }) => x.submission_id), [again]);
  });

  it('racing identical requests store one row (the same client id, or the same email under different ones)', async () => {
    const s = await setup();
    const same = body(s.campaignId, { email: 'race@shop.example' });
    const ids = await Promise.all(Array.from({ length: 6 }, () => submit(s.browser, same).then(accepted)));
    assert.equal(new Set(ids).size, 1);
    const byEmail = await Promise.all(Array.from({ length: 6 }, (_, i) => submit(s.browser, body(s.campaignId, { email: i % 2 ? 'Race2@Shop.example' : 'race2@shop.example' })).then(accepted)));
    assert.equal(new Set(byEmail).size, 1);
    assert.equal(await countRows(t(), 'submissions', s.siteId), 2);
  });

  it('a filled honeypot answers 202 and is never listed', async () => {
    const s = await setup();
    const id = accepted(await submit(s.browser, body(s.campaignId, { email: 'bot@shop.example', website: 'http://spam.example' })));
    assert.match(id, /^sub_[A-Za-z0-9]{20}$/);
    assert.deepEqual((await list(s.siteId, s.memberH)).json().data, []);
    assert.equal((await erase(s.siteId, id, s.memberH)).statusCode, 404);
  });

  it('limits each address to 10 requests a minute per campaign, replays and 400s included: the 11th is 429 with Retry-After', async () => {
    await awayFromMinuteEdge();
    const s = await setup();
    const ip = freshIp();
    const replay = body(s.campaignId, { email: 'limit@shop.example' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const payload = i < 4 ? replay : i < 7 ? body(s.campaignId, { email: 'not an email' }) : body(s.campaignId, { email: `l${i}@shop.example` });
      statuses.push((await submit(s.browser, payload, ip)).statusCode);
    }
    assert.deepEqual(statuses, [202, 202, 202, 202, 400, 400, 400, 202, 202, 202]);
    const refused = await submit(s.browser, body(s.campaignId, { email: 'eleventh@shop.example' }), ip);
    assert.equal(refused.statusCode, 429, refused.body);
    assert.equal(refused.json().error.code, 'rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.equal(refused.headers['ratelimit-limit'], '10');
    assert.equal(refused.headers['ratelimit-remaining'], '0');
    assert.equal((await submit(s.browser, body(s.campaignId, {}), ip)).statusCode, 429, 'a bad body is charged before the schema');
    // Another campaign from that address, or that campaign from another address: their own minutes.
    const other = await liveCampaign(t(), s);
    accepted(await submit(s.browser, body(other, { email: 'other@shop.example' }), ip));
    accepted(await submit(s.browser, body(s.campaignId, { email: 'elsewhere@shop.example' })));
    assert.equal(await countRows(t(), 'submissions', s.siteId), 6, 'four accepted, then one on each other bucket; nothing from a 429');
  });

  it('lists newest first in pages; refuses bad limits and cursors; a non-member is 403', async () => {
    const s = await setup();
    const second = await liveCampaign(t(), s);
    const ids: string[] = [];
    for (const [i, campaign] of [s.campaignId, second, s.campaignId].entries()) ids.push(accepted(await submit(s.browser, body(campaign, { email: `page${i}@shop.example` }))));
    const first = await list(s.siteId, s.memberH, '?limit=2');
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json().data.map((x: { submission_id: string }) => x.submission_id), [ids[2], ids[1]]);
    const next = await list(s.siteId, s.memberH, `?limit=2&cursor=${encodeURIComponent(first.json().meta.next_cursor)}`);
    assert.deepEqual(next.json().data.map((x: { submission_id: string }) => x.submission_id), [ids[0]]);
    assert.equal(next.json().meta.next_cursor, null);
    const one = await list(s.siteId, s.memberH, `?campaign_id=${second}`);
    assert.deepEqual(one.json().data.map((x: { submission_id: string }) => x.submission_id), [ids[1]]);
    for (const query of ['?limit=0', '?limit=201', '?limit=x', '?cursor=garbage', `?campaign_id=${second}&cursor=${encodeURIComponent(first.json().meta.next_cursor)}`, '?campaign_id=a%20b']) {
      assert.equal((await list(s.siteId, s.memberH, query)).statusCode, 400, query);
    }
    assert.equal((await list(s.siteId, bearer(await t().idToken('stranger')))).statusCode, 403);
    assert.equal((await list(s.siteId, s.browser)).statusCode, 401, 'a runtime token does not read submissions');
  });

  it('reads one, then erases it: 200 { submission_id, erased_at }, then 404 everywhere; another site’s id is the same 404 as an unknown one', async () => {
    const a = await setup();
    const b = await setup();
    const id = accepted(await submit(a.browser, body(a.campaignId, { email: 'gone@shop.example', phone: '+49 30 1234567' })));
    const theirs = accepted(await submit(b.browser, body(b.campaignId, { email: 'theirs@shop.example' })));
    const unknown = await erase(a.siteId, 'sub_unknown0000000000', a.memberH);
    assert.equal(unknown.statusCode, 404);
    const foreign = await erase(a.siteId, theirs, a.memberH);
    assert.equal(foreign.statusCode, 404);
    assert.deepEqual(foreign.json().error, unknown.json().error);
    assert.equal((await erase(b.siteId, theirs, a.memberH)).statusCode, 404, 'a non-member');
    assert.equal((await erase(a.siteId, id, { 'x-api-key': (await t().createKey(a.siteId)).apiKey })).statusCode, 401);
    const read = (siteId: string, submissionId: string, headers: Record<string, string>) =>
      t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}/submissions/${submissionId}`, headers });
    const one = await read(a.siteId, id, a.memberH);
    assert.equal(one.statusCode, 200, one.body);
    assert.equal(one.json().data.fields.email, 'gone@shop.example');
    assert.deepEqual((await read(a.siteId, theirs, a.memberH)).json().error, unknown.json().error, 'another site’s submission is unknown');
    assert.equal((await read(b.siteId, theirs, a.memberH)).statusCode, 404, 'a non-member');
    const done = await erase(a.siteId, id, a.memberH);
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().data.submission_id, id);
    assert.match(done.json().data.erased_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.equal((await erase(a.siteId, id, a.memberH)).statusCode, 404);
    assert.equal((await read(a.siteId, id, a.memberH)).statusCode, 404, 'erased: gone from reads');
    assert.deepEqual((await list(a.siteId, a.memberH)).json().data, []);
    assert.equal((await list(b.siteId, b.memberH)).json().data.length, 1, 'the other site keeps its own');
    const { rows } = await t().database.db.query<Record<string, unknown>>('SELECT * FROM submissions WHERE submission_id = $1', [id]);
    assert.ok(!JSON.stringify(rows).includes('gone@'), 'nothing of it is left');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe('the submission rate limit in Redis [redis]', { skip: !redisUrl && 'needs TEST_REDIS_URL' }, () => {
  const prefix = `sf-test-${randomBytes(4).toString('hex')}`;
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite', { env: { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix } });
  });
  after(async () => {
    await t.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts in Redis: the 11th request of an address to a campaign in a minute is 429', async () => {
    await awayFromMinuteEdge();
    const { submit, setup } = api(() => t);
    const s = await setup();
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) accepted(await submit(s.browser, body(s.campaignId, { email: `r${i}@shop.example` }), ip));
    const refused = await submit(s.browser, body(s.campaignId, { email: 'r10@shop.example' }), ip);
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*submissions:*`);
    redis.disconnect();
    assert.ok(keys.length > 0, 'the count is in Redis');
  });
});
