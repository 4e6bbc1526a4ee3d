// Integrations on both engines (CONTRACT §11, issue #17), against the fake Awin and CJ servers on
// loopback (test/helpers/fake-networks.ts; AWIN_API_URL and CJ_API_URL point there): owners' CRUD
// that never shows the token (api_token_last4 only) and never stores it in clear; an active
// integration's first run at once, the next tick every_minutes later, pausing ending the chain;
// POST …/run answering 202 with the queued run, and the same run while it is queued; a run's counts;
// an amended transaction re-read by the next run, `updated`, and changed in publisher analytics; CJ
// paged and corrected; a network's 401, 500 and GraphQL error failing the run without the token;
// an abandoned run failed before the next is queued; every bad input of the issue (400), a member
// (403), another site's or an unknown integration (404).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, it } from 'node:test';
import { bearer, forEachEngine, type TestApp } from '../../helpers/app.js';
import { awinTransaction, cjCommission, startFakeNetworks } from '../../helpers/fake-networks.js';

// Started before the apps, so that their configuration names it.
const fake = await startFakeNetworks();
after(async () => fake.close());

const DAY = 86_400_000;
const awinAt = (ms: number) => new Date(ms).toISOString().slice(0, 19);
const cjAt = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
/** A fresh token per integration: each has its own call budget, and the fake accepts only the newest. */
const freshToken = (network: 'awin' | 'cj') => {
  const token = `${network}-tok-${randomBytes(12).toString('hex')}`;
  fake[network].token = token;
  return token;
};
const ref = () => randomBytes(12).toString('hex').replace(/[^A-Za-z0-9]/g, '').padEnd(16, 'x').slice(0, 20);

interface RunView {
  run_id: string;
  status: string;
  started_by: string;
  records: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: number;
  calls: number;
  window: { from: string; to: string } | null;
  error?: { code: string; message: string };
  started_at: string | null;
  finished_at: string | null;
}

forEachEngine(
  'integrations',
  (t) => {
    const shop = async () => {
      const site = await t().createSite({ publisherMode: true });
      return { ...site, ownerH: bearer(await t().idToken(site.owner)), memberH: bearer(await t().idToken(site.member)) };
    };
    type Shop = Awaited<ReturnType<typeof shop>>;
    const base = (s: Shop) => `/api/v1/sites/${s.siteId}/integrations`;
    const create = (s: Shop, payload: Record<string, unknown>, headers = s.ownerH) => t().inject({ method: 'POST', url: base(s), headers, payload });
    const awin = async (s: Shop, o: Record<string, unknown> = {}) => {
      const token = freshToken('awin');
      const res = await create(s, { kind: 'awin', credentials: { api_token: token, account_id: fake.awin.publisherId }, ...o });
      assert.equal(res.statusCode, 201, res.body);
      return { token, integration: res.json().data as { integration_id: string; next_run_at: string | null; watermark: string | null } };
    };
    const runs = async (s: Shop, id: string) => {
      const res = await t().inject({ method: 'GET', url: `${base(s)}/${id}/runs`, headers: s.ownerH });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as RunView[];
    };
    const runNow = async (s: Shop, id: string) => {
      const res = await t().inject({ method: 'POST', url: `${base(s)}/${id}/run`, headers: s.ownerH });
      assert.equal(res.statusCode, 202, res.body);
      return res.json().data as RunView;
    };
    /** Runs every due job, and what those enqueue now, until nothing is due. */
    const drain = async () => {
      for (let pass = 0; pass < 6; pass += 1) if ((await t().app.services.jobs.worker().runDue()).claimed === 0) return;
      assert.fail('jobs kept coming');
    };
    const analytics = async (s: Shop, currency: string) => {
      const from = new Date(Date.now() - 40 * DAY).toISOString();
      const res = await t().inject({ method: 'GET', url: `/api/v1/analytics/publishers?website_id=${s.siteId}&from=${from}&to=${new Date(Date.now() + 60_000).toISOString()}&currency=${currency}`, headers: s.ownerH });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as { settled_orders: number; commissionable_revenue: number; commission: { approved: number; pending: number; declined: number } };
    };
    const rowsOf = async (table: string, siteId: string) => (await t().database.db.query<{ row: string }>(`SELECT row_to_json(x)::text AS row FROM ${table} x WHERE site_id = $1`, [siteId])).rows.map((r) => r.row);

    it('creates, reads, lists, changes and deletes; the token is never shown (its last 4 only) nor stored in clear', async () => {
      const s = await shop();
      const { token, integration } = await awin(s, { currency: 'GBP' });
      const id = integration.integration_id;
      const shown = await t().inject({ method: 'GET', url: `${base(s)}/${id}`, headers: s.ownerH });
      assert.equal(shown.statusCode, 200, shown.body);
      const data = shown.json().data;
      assert.match(id, /^int_[A-Za-z0-9]{20}$/);
      assert.deepEqual(
        { kind: data.kind, credentials: data.credentials, currency: data.currency, every_minutes: data.every_minutes, lookback_days: data.lookback_days, status: data.status, version: data.version },
        { kind: 'awin', credentials: { account_id: fake.awin.publisherId, website_id: null, api_token_last4: token.slice(-4) }, currency: 'GBP', every_minutes: 60, lookback_days: 30, status: 'active', version: 1 },
      );
      assert.ok(data.next_run_at, 'an active integration has its next run');
      assert.ok(!shown.body.includes(token));
      const list = await t().inject({ method: 'GET', url: `${base(s)}?limit=10`, headers: s.ownerH });
      assert.deepEqual(list.json().data.map((i: { integration_id: string }) => i.integration_id), [id]);
      assert.ok(!list.body.includes(token));

      const [row] = (await t().database.db.query<{ token_ciphertext: string; token_key_id: string; token_last4: string }>('SELECT token_ciphertext, token_key_id, token_last4 FROM integrations WHERE integration_id = $1', [id])).rows;
      assert.ok(!(await rowsOf('integrations', s.siteId)).some((r) => r.includes(token)), 'no column holds the token in clear');
      assert.equal(row!.token_last4, token.slice(-4));
      assert.equal(t().app.services.keyring.open({ ciphertext: row!.token_ciphertext, keyId: row!.token_key_id }, `integration-token:${s.siteId}:${id}`), token, 'sealed, bound to its integration');

      const newToken = `replaced-${randomBytes(8).toString('hex')}`;
      const patched = await t().inject({ method: 'PATCH', url: `${base(s)}/${id}`, headers: s.ownerH, payload: { status: 'paused', every_minutes: 15, credentials: { api_token: newToken, account_id: '777', website_id: 'Publisher' } } });
      assert.equal(patched.statusCode, 200, patched.body);
      const p = patched.json().data;
      assert.deepEqual({ status: p.status, every: p.every_minutes, next: p.next_run_at, credentials: p.credentials, version: p.version }, { status: 'paused', every: 15, next: null, credentials: { account_id: '777', website_id: 'Publisher', api_token_last4: newToken.slice(-4) }, version: 2 });
      assert.ok(!patched.body.includes(newToken));
      assert.ok(!(await rowsOf('integrations', s.siteId)).some((r) => r.includes(newToken)));

      const deleted = await t().inject({ method: 'DELETE', url: `${base(s)}/${id}`, headers: s.ownerH });
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.equal((await t().inject({ method: 'GET', url: `${base(s)}/${id}`, headers: s.ownerH })).statusCode, 404);
      await drain();
      assert.equal((await rowsOf('integration_runs', s.siteId)).length, 0, 'the waiting tick of a deleted integration does nothing');
    });

    it('runs an active integration at once, ticks again every_minutes later, and pausing ends the chain', async () => {
      const s = await shop();
      const now = Date.now();
      fake.awin.transactions = [awinTransaction({ id: 9001, clickRefs: { clickRef: ref() }, transactionDate: awinAt(now - 2 * DAY) }), awinTransaction({ id: 9002, clickRefs: { clickRef: ref() }, transactionDate: awinAt(now - 3 * DAY) })];
      const { integration } = await awin(s);
      const id = integration.integration_id;
      await drain();
      const [run] = await runs(s, id);
      assert.deepEqual(
        { status: run!.status, by: run!.started_by, records: run!.records, created: run!.created, updated: run!.updated, unchanged: run!.unchanged, errors: run!.errors, calls: run!.calls },
        { status: 'succeeded', by: 'schedule', records: 2, created: 2, updated: 0, unchanged: 0, errors: 0, calls: 1 },
      );
      assert.ok(run!.started_at && run!.finished_at);
      assert.equal(Date.parse(run!.window!.to) - Date.parse(run!.window!.from), 30 * DAY, 'the trailing 30 days');
      const shown = (await t().inject({ method: 'GET', url: `${base(s)}/${id}`, headers: s.ownerH })).json().data;
      assert.equal(shown.watermark, run!.window!.to, 'the watermark is the end of the window that succeeded');
      const next = Date.parse(shown.next_run_at) - Date.parse(run!.started_at!);
      assert.ok(Math.abs(next - 60 * 60_000) < 10_000, `the next tick is every_minutes after this one (${next} ms)`);
      const waiting = await t().database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'integration-schedule' AND status = 'waiting' AND key LIKE $1`, [`${id}@%`]);
      assert.equal(waiting.rows[0]!.n, 1, 'one tick waits');

      // Paused, its waiting tick comes due and does nothing; activated, it runs at once.
      const dueNow = () => t().database.db.query(`UPDATE jobs SET run_at = now() - interval '1 second' WHERE status = 'waiting' AND key LIKE $1`, [`${id}@%`]);
      assert.equal((await t().inject({ method: 'PATCH', url: `${base(s)}/${id}`, headers: s.ownerH, payload: { status: 'paused' } })).statusCode, 200);
      await dueNow();
      await drain();
      assert.equal((await runs(s, id)).length, 1, 'no run while paused');
      assert.equal((await t().inject({ method: 'PATCH', url: `${base(s)}/${id}`, headers: s.ownerH, payload: { status: 'active' } })).statusCode, 200);
      await drain();
      const again = await runs(s, id);
      assert.deepEqual(again.map((r) => [r.status, r.started_by, r.created, r.unchanged]), [['succeeded', 'schedule', 0, 2], ['succeeded', 'schedule', 2, 0]]);
    });

    it('POST …/run: 202 with the queued run, the same run while queued; an amended transaction is updated by the next run and changes the analytics', async () => {
      const s = await shop();
      const now = Date.now();
      fake.awin.transactions = [
        awinTransaction({ id: 7001, clickRefs: { clickRef: ref() }, transactionDate: awinAt(now - 5 * DAY), commissionAmount: { amount: 5.59, currency: 'GBP' }, saleAmount: { amount: 55.96, currency: 'GBP' } }),
        awinTransaction({ id: 7002, clickRefs: { clickRef: ref() }, transactionDate: awinAt(now - 4 * DAY), commissionAmount: { amount: 2.5, currency: 'GBP' }, saleAmount: { amount: 25, currency: 'GBP' } }),
      ];
      const { integration } = await awin(s, { status: 'paused' });
      const id = integration.integration_id;
      assert.equal(integration.next_run_at, null);
      const queued = await runNow(s, id);
      assert.deepEqual({ status: queued.status, by: queued.started_by, started: queued.started_at, records: queued.records }, { status: 'queued', by: 'manual', started: null, records: 0 });
      assert.match(queued.run_id, /^run_[A-Za-z0-9]{20}$/);
      assert.equal((await runNow(s, id)).run_id, queued.run_id, 'while queued, the same run');
      await drain();
      const [first] = await runs(s, id);
      assert.deepEqual({ id: first!.run_id, status: first!.status, records: first!.records, created: first!.created }, { id: queued.run_id, status: 'succeeded', records: 2, created: 2 });
      const before = await analytics(s, 'GBP');
      assert.deepEqual({ settled: before.settled_orders, approved: before.commission.approved, pending: before.commission.pending }, { settled: 0, approved: 0, pending: 8.09 });

      // The network validates one transaction and amends the other's commission.
      fake.amend('awin', 7001, { commissionStatus: 'approved', validationDate: awinAt(now - 60_000) });
      fake.amend('awin', 7002, { commissionAmount: { amount: 3, currency: 'GBP' }, amended: true, amendReason: 'basket', validationDate: awinAt(now - 60_000) });
      const second = await runNow(s, id);
      assert.notEqual(second.run_id, queued.run_id, 'a finished run is not answered again');
      await drain();
      const [latest] = await runs(s, id);
      assert.deepEqual({ id: latest!.run_id, status: latest!.status, records: latest!.records, created: latest!.created, updated: latest!.updated, unchanged: latest!.unchanged }, { id: second.run_id, status: 'succeeded', records: 2, created: 0, updated: 2, unchanged: 0 });
      const after = await analytics(s, 'GBP');
      assert.deepEqual(
        { settled: after.settled_orders, revenue: after.commissionable_revenue, approved: after.commission.approved, pending: after.commission.pending },
        { settled: 1, revenue: 55.96, approved: 5.59, pending: 3 },
      );
      await drain();
      assert.equal((await runs(s, id)).length, 2, 'paused: nothing scheduled');
    });

    it('reads CJ page by page, keeps its corrections, and imports in the publisher currency', async () => {
      const s = await shop();
      const now = Date.now();
      fake.cj.pageSize = 5;
      fake.cj.commissions = Array.from({ length: 12 }, (_, i) =>
        cjCommission({ commissionId: String(5000 + i), originalActionId: String(5000 + i), shopperId: ref(), orderId: `ORD-${i}`, postingDate: cjAt(now - (i + 1) * 3_600_000), eventDate: cjAt(now - (i + 2) * 3_600_000) }),
      );
      const token = freshToken('cj');
      const res = await create(s, { kind: 'cj', currency: 'EUR', status: 'paused', credentials: { api_token: token, account_id: fake.cj.companyId } });
      assert.equal(res.statusCode, 201, res.body);
      const id = res.json().data.integration_id;
      await runNow(s, id);
      await drain();
      const [first] = await runs(s, id);
      assert.deepEqual({ status: first!.status, records: first!.records, created: first!.created, calls: first!.calls }, { status: 'succeeded', records: 12, created: 12, calls: 3 });
      const before = await analytics(s, 'EUR');
      // A downward correction of the first order, posted now.
      fake.cj.commissions.push(cjCommission({ commissionId: '6000', originalActionId: '5000', original: false, shopperId: null, orderId: 'ORD-0', postingDate: cjAt(now - 60_000), eventDate: cjAt(now - 2 * 3_600_000), pubCommissionAmountPubCurrency: '-2.00', saleAmountPubCurrency: '-20.00', pubCommissionAmountUsd: '-2.2', saleAmountUsd: '-22' }));
      await runNow(s, id);
      await drain();
      const [second] = await runs(s, id);
      assert.deepEqual({ status: second!.status, records: second!.records, created: second!.created, unchanged: second!.unchanged }, { status: 'succeeded', records: 13, created: 1, unchanged: 12 });
      const after = await analytics(s, 'EUR');
      assert.equal(Math.round((before.commission.pending - after.commission.pending) * 100) / 100, 2, 'the correction takes 2.00 off the order');
    });

    it('a network refusal (401, 500, a GraphQL error) fails the run with its error, never the token, and keeps the watermark', async () => {
      const s = await shop();
      fake.awin.transactions = [awinTransaction({ id: 8001, clickRefs: { clickRef: ref() }, transactionDate: awinAt(Date.now() - DAY) })];
      const { token, integration } = await awin(s, { status: 'paused' });
      const id = integration.integration_id;

      fake.failNext('awin', 1, { status: 500 });
      await runNow(s, id);
      await drain();
      let [run] = await runs(s, id);
      assert.equal(run!.status, 'failed');
      assert.equal(run!.error!.code, 'http');
      assert.match(run!.error!.message, /^Awin answered 500 to GET \/publishers\/189069\/transactions\//);
      assert.equal(fake.calls.at(-1)!.status, 500);
      assert.ok(fake.calls.at(-1)!.authorization?.includes(token), 'the fake echoed the token in its body');

      fake.awin.token = 'another-token-entirely';
      await runNow(s, id);
      await drain();
      [run] = await runs(s, id);
      assert.deepEqual({ status: run!.status, code: run!.error!.code, records: run!.records }, { status: 'failed', code: 'http', records: 0 });
      assert.match(run!.error!.message, /answered 401/);
      const listed = await t().inject({ method: 'GET', url: `${base(s)}/${id}/runs`, headers: s.ownerH });
      assert.ok(!listed.body.includes(token));
      assert.ok(!(await rowsOf('integration_runs', s.siteId)).some((r) => r.includes(token)), 'no run row holds the token');
      const shown = (await t().inject({ method: 'GET', url: `${base(s)}/${id}`, headers: s.ownerH })).json().data;
      assert.equal(shown.watermark, null, 'no run succeeded');

      const cjToken = freshToken('cj');
      const cj = await create(s, { kind: 'cj', currency: 'USD', status: 'paused', credentials: { api_token: cjToken, account_id: '999' } });
      await runNow(s, cj.json().data.integration_id);
      await drain();
      const [cjRun] = await runs(s, cj.json().data.integration_id);
      assert.deepEqual({ status: cjRun!.status, code: cjRun!.error!.code }, { status: 'failed', code: 'graphql' });
      assert.match(cjRun!.error!.message, /Not authorized to read publisher 999/);
      assert.ok(!JSON.stringify(cjRun).includes(cjToken));
    });

    it('a run its worker abandoned (running for hours) is failed before the next is queued', async () => {
      const s = await shop();
      fake.awin.transactions = [];
      const { integration } = await awin(s, { status: 'paused' });
      const id = integration.integration_id;
      const stuck = await runNow(s, id);
      await t().database.db.query(`UPDATE integration_runs SET status = 'running', started_at = now() - interval '3 hours' WHERE run_id = $1`, [stuck.run_id]);
      await t().database.db.query(`UPDATE jobs SET status = 'failed' WHERE payload->>'run_id' = $1`, [stuck.run_id]);
      const next = await runNow(s, id);
      assert.notEqual(next.run_id, stuck.run_id);
      await drain();
      const [latest, old] = await runs(s, id);
      assert.deepEqual({ status: latest!.status, records: latest!.records, created: latest!.created }, { status: 'succeeded', records: 0, created: 0 }, 'an empty answer is a run that succeeded');
      assert.deepEqual({ id: old!.run_id, status: old!.status, code: old!.error?.code }, { id: stuck.run_id, status: 'failed', code: 'abandoned' });
    });

    it('refuses every bad input (400) and stores nothing; a member gets 403; another site’s or an unknown integration 404', async () => {
      const s = await shop();
      const good = { kind: 'awin', credentials: { api_token: 'tok-0123456789', account_id: '189069' } };
      const bad: [string, Record<string, unknown>, string][] = [
        ['every_minutes under 15', { ...good, every_minutes: 14 }, '/every_minutes'],
        ['every_minutes not an integer', { ...good, every_minutes: 15.5 }, '/every_minutes'],
        ['an unknown kind', { ...good, kind: 'impact' }, '/kind'],
        ['missing credentials', { kind: 'awin' }, ''],
        ['credentials without a token', { kind: 'awin', credentials: { account_id: '1' } }, '/credentials'],
        ['credentials without an account', { kind: 'awin', credentials: { api_token: 'tok-0123456789' } }, '/credentials'],
        ['a token with a line break', { kind: 'awin', credentials: { api_token: 'tok-0123\n456789', account_id: '1' } }, '/credentials/api_token'],
        ['cj without a currency', { ...good, kind: 'cj' }, '/currency'],
        ['an unknown currency', { ...good, currency: 'ZZZ' }, '/currency'],
        ['lookback_days over 90', { ...good, lookback_days: 91 }, '/lookback_days'],
        ['lookback_days under 1', { ...good, lookback_days: 0 }, '/lookback_days'],
        ['an unknown status', { ...good, status: 'deleted' }, '/status'],
        ['an unknown field', { ...good, schedule: 'hourly' }, ''],
      ];
      for (const [name, payload, at] of bad) {
        const res = await create(s, payload);
        assert.equal(res.statusCode, 400, `${name}: ${res.body}`);
        const error = res.json().error;
        assert.equal(error.code, 'validation_failed', name);
        assert.ok(error.details.some((d: { path: string }) => d.path.startsWith(at)), `${name}: ${JSON.stringify(error.details)}`);
      }
      assert.equal((await rowsOf('integrations', s.siteId)).length, 0, 'nothing stored');

      const member = await create(s, good, s.memberH);
      assert.equal(member.statusCode, 403, member.body);
      assert.equal((await t().inject({ method: 'GET', url: base(s), headers: s.memberH })).statusCode, 403);
      assert.equal((await rowsOf('integrations', s.siteId)).length, 0);

      const { integration } = await awin(s, { status: 'paused' });
      const id = integration.integration_id;
      assert.equal((await t().inject({ method: 'GET', url: `${base(s)}/${id}`, headers: s.memberH })).statusCode, 403, 'members do not read integrations');
      const kindOnly = await t().inject({ method: 'PATCH', url: `${base(s)}/${id}`, headers: s.ownerH, payload: { kind: 'cj', currency: 'EUR' } });
      assert.equal(kindOnly.statusCode, 400, kindOnly.body);
      assert.equal(kindOnly.json().error.details[0].path, '/credentials');
      for (const payload of [{}, { every_minutes: 5 }, { currency: 'eur' }]) {
        assert.equal((await t().inject({ method: 'PATCH', url: `${base(s)}/${id}`, headers: s.ownerH, payload })).statusCode, 400, JSON.stringify(payload));
      }

      const other = await shop();
      const unknown = `int_${'Z'.repeat(20)}`;
      for (const [siteOf, intId, headers] of [[other, id, other.ownerH], [s, unknown, s.ownerH]] as const) {
        const url = `${base(siteOf)}/${intId}`;
        for (const [method, path, payload] of [['GET', '', undefined], ['PATCH', '', { status: 'active' }], ['DELETE', '', undefined], ['GET', '/runs', undefined], ['POST', '/run', undefined]] as const) {
          const res = await t().inject({ method, url: url + path, headers, ...(payload ? { payload } : {}) });
          assert.equal(res.statusCode, 404, `${method} ${path} of ${intId === id ? 'another site’s' : 'an unknown'} integration: ${res.body}`);
          assert.equal(res.json().error.code, 'not_found');
        }
      }
      const still = await t().inject({ method: 'GET', url: `${base(s)}/${id}`, headers: s.ownerH });
      assert.equal(still.json().data.status, 'paused', 'another site’s owner changed nothing');
    });
  },
  { env: { AWIN_API_URL: fake.awinUrl, CJ_API_URL: fake.cjUrl } },
);
