// The answer writer (write-behind): a request never waits for its answer's commit unless too many
// are unwritten, never fails because the store failed (the loss is counted and reported), and
// drain() returns once every answer taken is stored; on both engines, closing the app stores every
// answer given.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { describe, it } from 'node:test';
import { createAnswerWriter, type StoredAnswer } from '../../../src/modules/recommendations/answer-writer.js';
import type { Answer, Ask } from '../../../src/modules/recommendations/recommendation.js';
import { createTestApp } from '../../helpers/app.js';
import { ENGINES } from '../../helpers/database.js';
import { campaign, catalog, product, shop } from './shop-client.js';

const ask: Ask = { siteId: 'site_1', campaignId: 'cmp_1111', strategy: 'popular', limit: 3, inStockOnly: true, categories: [], anchorProductId: null, sessionId: null };
const answer = (n: number): Answer => ({ recommendationId: `rec_${String(n).padStart(4, '0')}`, campaignId: 'cmp_1111', strategy: 'popular', items: [] });
const turns = async (n = 10) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setImmediate(r));
};

/** A gate the store waits at until opened. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { opened, open: () => open() };
}

describe('answer writer', () => {
  it('answers without waiting for the store, and drain() returns once every answer is stored, in batches', async () => {
    const batches: StoredAnswer[][] = [];
    const g = gate();
    const writer = createAnswerWriter({
      store: async (items) => {
        await g.opened;
        batches.push(items);
      },
    });
    for (let i = 0; i < 1_200; i += 1) await writer.write(ask, answer(i));
    assert.equal(batches.length, 0, 'every write resolved before any store');
    assert.equal(writer.stats().unwritten, 1_200);
    const drained = writer.drain();
    g.open();
    await drained;
    const stored = batches.flat().map((a) => a.answer.recommendationId);
    assert.deepEqual(stored, Array.from({ length: 1_200 }, (_, i) => answer(i).recommendationId));
    assert.ok(batches.every((b) => b.length <= 500));
    assert.ok(batches.length < 1_200 / 2, 'answers share statements');
    assert.deepEqual(writer.stats(), { unwritten: 0, lost: 0 });
    await writer.drain();
  });

  it('a failing store rejects no write: the answers are counted lost and reported once drained', async () => {
    const reports: { count: number; err: unknown }[] = [];
    const writer = createAnswerWriter({
      store: async (items) => {
        if (items.some((a) => a.answer.recommendationId.endsWith('7'))) throw new Error('bad row');
      },
      onLost: (count, err) => reports.push({ count, err }),
    });
    for (let i = 0; i < 20; i += 1) await writer.write(ask, answer(i));
    await writer.drain();
    // Retried one by one: only the two failing answers are lost.
    assert.deepEqual(writer.stats(), { unwritten: 0, lost: 2 });
    assert.equal(reports.length, 1);
    assert.equal(reports[0]!.count, 2);
    assert.match(String(reports[0]!.err), /bad row/);
  });

  it('loses a whole flush at once when the database is down, and rejects nothing', async () => {
    const down = new Error('connection refused');
    const reports: number[] = [];
    const writer = createAnswerWriter({ store: async () => Promise.reject(down), isFatal: (err) => err === down, onLost: (count) => reports.push(count) });
    const writes = Array.from({ length: 30 }, (_, i) => writer.write(ask, answer(i)));
    await Promise.all(writes);
    await writer.drain();
    assert.deepEqual(writer.stats(), { unwritten: 0, lost: 30 });
    assert.deepEqual(reports, [30]);
  });

  it('past maxUnwritten answers, a write waits for its own answer to be stored', async () => {
    const g = gate();
    const stored: string[] = [];
    const writer = createAnswerWriter({
      maxUnwritten: 3,
      store: async (items) => {
        await g.opened;
        stored.push(...items.map((a) => a.answer.recommendationId));
      },
    });
    for (let i = 0; i < 3; i += 1) await writer.write(ask, answer(i));
    let fourthDone = false;
    const fourth = writer.write(ask, answer(3)).then(() => (fourthDone = true));
    await turns();
    assert.equal(fourthDone, false, 'the fourth write waits while the store is stuck');
    g.open();
    await fourth;
    assert.ok(stored.includes(answer(3).recommendationId), 'its answer is stored when it resolves');
    await writer.drain();
    assert.equal(stored.length, 4);
  });
});

for (const engine of ENGINES) {
  describe(`answers on close [${engine}]`, () => {
    it('closing the app stores every answer given', async () => {
      const t = await createTestApp(engine);
      try {
        const s = await shop(t);
        await catalog(t, s, [product('a'), product('b')]);
        const id = await campaign(t, s, { placement: 'home', strategy: 'popular', limit: 2 });
        // Answered together, and the app closed at once: answers are still unwritten.
        const responses = await Promise.all(Array.from({ length: 25 }, () => t.inject({ method: 'GET', url: `/api/v1/recommendations?campaign_id=${id}`, headers: s.server })));
        await t.app.close();
        const given = responses.map((res) => {
          assert.equal(res.statusCode, 200, res.body);
          return res.json().data.recommendation_id as string;
        });
        const { rows } = await t.database.db.query<{ recommendation_id: string }>('SELECT recommendation_id FROM recommendation_answers WHERE site_id = $1', [s.siteId]);
        assert.deepEqual(rows.map((r) => r.recommendation_id).sort(), given.sort());
      } finally {
        await t.database.drop();
        rmSync(t.config.dataDir, { recursive: true, force: true });
      }
    });
  });
}
