// `storefront recommendations evaluate` (CONTRACT §10): the site's product events read by time, a
// model trained on those before the split and asked about the sessions after it (evaluation.ts).
// Categories come from the catalog (popular fills the anchor's categories first, as answers do).
import { notFound } from '../../errors.js';
import type { ProductActivity, ProductShelf, SiteDirectory } from '../../kernel/index.js';
import { MODEL_PARAMS, type ModelParams } from './co-occurrence.js';
import { Evaluation, type EvaluationResult } from './evaluation.js';

const PAGE_EVENTS = 10_000;
const SHELF_CHUNK = 1_000;
/** The end of time for the reader (a date every engine's driver writes as ISO 8601). */
const END = new Date('9999-12-31T23:59:59.999Z');

export async function evaluateSite(
  deps: { activity: ProductActivity; shelf: ProductShelf; sites: SiteDirectory },
  siteId: string,
  split: Date,
  params: ModelParams = MODEL_PARAMS,
): Promise<EvaluationResult> {
  if (!(await deps.sites.get(siteId))) throw notFound('Site');
  const categories = new Map<string, readonly string[]>();
  const evaluation = new Evaluation(split, params, (id) => categories.get(id) ?? []);
  const products = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    const page = await deps.activity.interactionsBetween(siteId, new Date(0), END, cursor, PAGE_EVENTS);
    for (const i of page.interactions) {
      evaluation.add(i);
      products.add(i.productId);
    }
    cursor = page.next;
    if (page.done) break;
  }
  const ids = [...products];
  for (let k = 0; k < ids.length; k += SHELF_CHUNK) {
    for (const [id, p] of await deps.shelf.products(siteId, ids.slice(k, k + SHELF_CHUNK))) categories.set(id, p.categories);
  }
  return evaluation.result();
}
