// All SQL of stored answers: each answer with its items in order, so that impression and click
// events tie back to it. Answers of concurrent requests are written together in one statement.
import type { Queryable } from '../../db/types.js';
import type { Answer, Ask } from './recommendation.js';

/** Each items array's JSON (answers served from the memo share their items: answer-memo.ts). */
const ITEMS_JSON = new WeakMap<Answer['items'], string>();

function itemsJson(items: Answer['items']): string {
  let json = ITEMS_JSON.get(items);
  if (json === undefined) ITEMS_JSON.set(items, (json = JSON.stringify(items.map((p, i) => ({ product_id: p.productId, position: i + 1 })))));
  return json;
}

export async function insertAnswers(q: Queryable, answers: readonly { ask: Ask; answer: Answer }[]): Promise<void> {
  if (answers.length === 0) return;
  // One JSON document for the batch (not seven arrays pg escapes element by element): write-behind
  // batches hold hundreds of answers under load.
  const rows = answers.map((a) => {
    const row = JSON.stringify({ s: a.ask.siteId, r: a.answer.recommendationId, c: a.answer.campaignId, t: a.answer.strategy, e: a.ask.sessionId, a: a.ask.anchorProductId });
    return `${row.slice(0, -1)},"i":${itemsJson(a.answer.items)}}`;
  });
  await q.query(
    `INSERT INTO recommendation_answers (site_id, recommendation_id, campaign_id, strategy, session_id, anchor_product_id, items)
     SELECT x.s, x.r, x.c, x.t, x.e, x.a, x.i FROM jsonb_to_recordset($1::jsonb) AS x(s text, r text, c text, t text, e text, a text, i jsonb)`,
    [`[${rows.join(',')}]`],
    { prepare: true },
  );
}
