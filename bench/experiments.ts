// Experiment results benchmark (issue #5): an experiment with 1,000,000 assigned sessions and
// 50,000 linked orders with refunds and cancellations, loaded through the services (the same
// running-sum code as live traffic); then GET /results through the real server, beside GET /health
// on the same server as the baseline, and beside what scanning the raw rows at read time costs.
import { SYSTEM } from '../src/kernel/index.js';
import { assignmentIdFor } from '../src/modules/experiments/assignment.js';
import { fmt, load, withBenchApp, withService, type LoadResult } from './lib.js';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);

export interface ExperimentsBenchResult {
  sessions: number;
  orders: number;
  refunds: number;
  cancellations: number;
  loadSessionsSeconds: number;
  loadOrdersSeconds: number;
  results: LoadResult;
  health: LoadResult;
  scanMs: number;
  sample: { conversion: number; revenuePerSession: number; srm: string };
}

async function pool<T>(items: readonly T[], concurrency: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

export function runExperimentsBench(log: (line: string) => void): Promise<ExperimentsBenchResult> {
  return withBenchApp(12, async ({ env, db, app }) => {
    const s = app.services;
    const site = await s.sites.createSite({ name: 'Bench', origins: ['https://shop.example'], owner: 'bench' });
    const key = await s.apiKeys.createKey(SYSTEM, site.site_id, { scopes: ['partner_attribution:convert'] });
    const actor = { kind: 'user' as const, userId: 'bench' };
    const exp = await s.experiments.create(actor, site.site_id, { name: 'Overlay', surfaces: [{ type: 'overlay', campaign_id: 'c1' }], currency: 'EUR' });
    await s.experiments.start(actor, exp.experiment_id);

    log(`loading ${fmt(SESSIONS)} sessions …`);
    let t0 = performance.now();
    const batch = 5_000;
    for (let i = 0; i < SESSIONS; i += batch) {
      await s.experiments.assignMany(site.site_id, Array.from({ length: Math.min(batch, SESSIONS - i) }, (_, j) => `s-${i + j}`));
    }
    const loadSessionsSeconds = (performance.now() - t0) / 1000;

    log(`loading ${fmt(ORDERS)} orders with refunds and cancellations …`);
    t0 = performance.now();
    const occurred = Date.now() + 60_000;
    let refunds = 0;
    let cancellations = 0;
    await pool(Array.from({ length: ORDERS }, (_, i) => i), 8, async (i) => {
      const session = `s-${Math.floor((i * 7919) % SESSIONS)}`;
      const cents = 1000 + ((i * 37) % 20_000);
      const orderId = `o-${i}`;
      const amount = cents / 100;
      const res = await s.attribution.conversions.recordConversion(site.site_id, {
        type: 'purchase',
        pointer: '/conversion',
        object: {
          schema_version: 1,
          idempotency_key: `p-${i}`,
          website_id: site.site_id,
          order_id: orderId,
          occurred_at: new Date(occurred).toISOString(),
          currency: 'EUR',
          revenue: amount,
          commissionable_subtotal: amount,
          lines: [{ line_id: 'l', quantity: 1, unit_price: amount, subtotal: amount, commissionable_amount: amount }],
          margin: { amount: Math.floor(cents / 3) / 100, basis: 'estimated' },
          touch_ids: i % 3 === 0 ? [`t-${i}`] : [],
          experiment_assignment_ids: [assignmentIdFor(site.site_id, exp.experiment_id, session)],
        },
      });
      if (res.outcome !== 'created') throw new Error(`purchase ${i}: ${res.outcome}`);
      if (i % 10 === 0) {
        refunds += 1;
        await s.attribution.conversions.recordConversion(site.site_id, {
          type: 'adjustment',
          pointer: '/adjustment',
          object: { schema_version: 1, idempotency_key: `r-${i}`, website_id: site.site_id, order_id: orderId, occurred_at: new Date(occurred + 1000).toISOString(), currency: 'EUR', reason: 'refund', revenue_delta: -Math.floor(cents / 2) / 100, commissionable_delta: -Math.floor(cents / 2) / 100 },
        });
      }
      if (i % 50 === 1) {
        cancellations += 1;
        await s.attribution.conversions.recordConversion(site.site_id, {
          type: 'cancellation',
          pointer: '/cancellation',
          object: { schema_version: 1, idempotency_key: `c-${i}`, website_id: site.site_id, order_id: orderId, occurred_at: new Date(occurred + 2000).toISOString(), currency: 'EUR', reason: 'other' },
        });
      }
    });
    const loadOrdersSeconds = (performance.now() - t0) / 1000;
    const idToken = (await s.idTokens.issueLocal('bench', 3600)).idToken;
    const sampleResults = await s.experiments.results(actor, exp.experiment_id);
    await app.close();

    // What reading the raw rows would cost instead of the running sums.
    t0 = performance.now();
    await db.query(
      `SELECT variant, count(*), sum(converted::int), sum(revenue), sum(revenue::numeric * revenue), sum(margin), sum(margin::numeric * margin), sum(partner), sum(partner::numeric * partner)
         FROM experiment_assignments WHERE site_id = $1 AND experiment_id = $2 GROUP BY variant`,
      [site.site_id, exp.experiment_id],
    );
    const scanMs = performance.now() - t0;

    return withService(env, async (service) => {
      const headers = { authorization: `Bearer ${idToken}` };
      log('GET /results …');
      const results = await load({ url: `${service.url}/api/v1/partner-experiments/${exp.experiment_id}/results`, headers, connections: 8 });
      log('GET /health (baseline) …');
      const health = await load({ url: `${service.url}/health`, connections: 8 });
      return {
        sessions: SESSIONS,
        orders: ORDERS,
        refunds,
        cancellations,
        loadSessionsSeconds,
        loadOrdersSeconds,
        results,
        health,
        scanMs,
        sample: {
          conversion: sampleResults.metrics.conversion.control.mean ?? NaN,
          revenuePerSession: sampleResults.metrics.revenue_per_session.control.mean ?? NaN,
          srm: sampleResults.states.sample_ratio.status,
        },
      };
    });
  });
}

export function experimentsMarkdown(r: ExperimentsBenchResult): string {
  return [
    `Data set: ${fmt(r.sessions)} assigned sessions, ${fmt(r.orders)} linked purchases, ${fmt(r.refunds)} refunds and ${fmt(r.cancellations)} cancellations, loaded through the services (the running sums move as they would under live traffic).`,
    '',
    '| step | figure |',
    '|---|---:|',
    `| load the sessions (batches of 5,000 through \`assignMany\`) | ${fmt(r.loadSessionsSeconds, 1)} s (${fmt(r.sessions / r.loadSessionsSeconds)} sessions/s) |`,
    `| load the orders, refunds and cancellations (8 concurrent through the conversions service) | ${fmt(r.loadOrdersSeconds, 1)} s (${fmt((r.orders + r.refunds + r.cancellations) / r.loadOrdersSeconds)} ledger entries/s) |`,
    `| GET /partner-experiments/{id}/results, 8 connections | p50 ${fmt(r.results.p50, 1)} ms, p99 ${fmt(r.results.p99, 1)} ms, ${fmt(r.results.requestsPerSec)} req/s, ${r.results.non2xx + r.results.errors} non-2xx |`,
    `| GET /health on the same server (baseline), 8 connections | p50 ${fmt(r.health.p50, 1)} ms, p99 ${fmt(r.health.p99, 1)} ms, ${fmt(r.health.requestsPerSec)} req/s |`,
    `| the same sums by scanning the assignment rows at read time (one SQL aggregate) | ${fmt(r.scanMs)} ms |`,
    '',
    `Sanity: control conversion ${fmt(r.sample.conversion * 100, 2)} %, revenue per session ${fmt(r.sample.revenuePerSession, 2)} EUR, sample ratio ${r.sample.srm}.`,
  ].join('\n');
}
