// Fuzz of the catalog routes with valid credentials, on both engines (CONTRACT §0: never a 500 for
// anything a client sent; §7 the string rule): valid products mutated at random places (a field
// replaced by any JSON value, odd or poisoned text, huge or tiny numbers, deleted), random path ids
// and list queries. Every answer is below 500, in the envelope; a body holding U+0000 or a lone
// surrogate is never stored; a bulk's answer has one result per product.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { forEachEngine } from '../../helpers/app.js';
import { catalogSite, item } from './catalog-client.js';

const RUNS = Number(process.env.CATALOG_FUZZ_RUNS ?? 400);
const FIELDS = ['product_id', 'group_id', 'title', 'description', 'url', 'image_media_id', 'image_url', 'price', 'sale_price', 'availability', 'categories', 'brand', 'attributes', 'updated_at'];

const poison = fc.constantFrom('\u0000', '\ud800', 'a\udfffb', 'x\u0000');
const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '>', ' > ', 'A >> B', '%', '%25', '\\', '_', 'javascript:alert(1)', '//evil.example', 'https://', '1e400', '-0', 'NaN', '__proto__', 'constructor', 'Ünïcödé > Ça', '2026-02-30T00:00:00Z', '9999-12-31T23:59:59Z'),
  poison,
);
const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, -0, 1e12, 1e12 + 1, 1e-7, 0.1 + 0.2, Number.MAX_SAFE_INTEGER, 2 ** 63));
const value: fc.Arbitrary<unknown> = fc.oneof(
  oddText,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.array(oddText, { maxLength: 12 }),
  fc.dictionary(oddText, fc.oneof(oddText, number), { maxKeys: 35 }),
  fc.record({ amount: number, currency: fc.oneof(fc.constantFrom('EUR', 'JPY', 'KWD', 'XAU', 'eur', 'ZZZ'), oddText) }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A valid product with 1–3 fields replaced or deleted. */
const mutated = (id: string) =>
  fc.array(fc.tuple(fc.constantFrom(...FIELDS), fc.option(value, { nil: undefined })), { minLength: 1, maxLength: 3 }).map((changes) => {
    const p: Record<string, unknown> = item(id, { categories: ['A > B'], attributes: { color: 'red' }, brand: 'Acme' });
    for (const [field, v] of changes) {
      if (v === undefined) delete p[field];
      else p[field] = v;
    }
    return p;
  });

const hasPoison = (v: unknown): boolean => JSON.stringify(v)?.match(/\\u0000|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i) != null;

forEachEngine('catalog: fuzz', (t) => {
  it('answers every mutated request below 500, in the envelope, and stores nothing poisoned', async (ctx) => {
    const s = await catalogSite(t());
    const base = `/api/v1/sites/${s.siteId}/products`;
    const pathId = fc.oneof(fc.constantFrom('p-1', 'a%2Fb', 'a%20b', '%25', '%00', '%C0%AF', '..', '%2E%2E', 'x'.repeat(200), '%ED%A0%80'), fc.string({ maxLength: 30 }).map(encodeURIComponent));
    const request = fc.oneof(
      fc.tuple(fc.constant('PUT'), fc.oneof({ arbitrary: fc.constant('p-1'), weight: 3 }, { arbitrary: pathId, weight: 1 }), mutated('p-1')),
      fc.tuple(fc.constant('BULK'), fc.constant(''), fc.array(fc.oneof(mutated('b-1'), mutated('b-2'), value), { minLength: 1, maxLength: 6 })),
      fc.tuple(fc.constant('GET'), pathId, fc.constant(null)),
      fc.tuple(fc.constant('DELETE'), pathId, fc.constant(null)),
      fc.tuple(fc.constant('LIST'), fc.dictionary(fc.constantFrom('q', 'category', 'availability', 'limit', 'cursor', 'other'), oddText, { maxKeys: 4 }).map((q) => new URLSearchParams(q as Record<string, string>).toString()), fc.constant(null)),
    );
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    for (const [kind, where, body] of fc.sample(request, { numRuns: RUNS, seed: 1414 })) {
      const options =
        kind === 'PUT' ? { method: 'PUT' as const, url: `${base}/${where}`, payload: body as object }
        : kind === 'BULK' ? { method: 'POST' as const, url: `${base}/bulk`, payload: { products: body } }
        : kind === 'LIST' ? { method: 'GET' as const, url: `${base}?${where}` }
        : { method: kind as 'GET' | 'DELETE', url: `${base}/${where}` };
      const res = await t().inject({ ...options, headers: s.key });
      statuses.set(`${kind} ${res.statusCode}`, (statuses.get(`${kind} ${res.statusCode}`) ?? 0) + 1);
      const shown = `${options.method} ${options.url.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode >= 500) failures.push(shown);
      const answer = res.json();
      if (typeof answer.success !== 'boolean') failures.push(`not in the envelope: ${shown}`);
      if (kind === 'PUT' && res.statusCode < 300 && hasPoison(body)) failures.push(`stored poison: ${shown}`);
      if (kind === 'BULK' && (res.statusCode === 201 || res.statusCode === 207)) {
        const results = answer.data.results as { status: string }[];
        if (results.length !== (body as unknown[]).length) failures.push(`one result a product: ${shown}`);
        (body as unknown[]).forEach((p, i) => {
          if (hasPoison(p) && results[i]?.status !== 'error') failures.push(`stored poison at ${i}: ${shown}`);
        });
      }
    }
    ctx.diagnostic(`answers: ${[...statuses].sort().map(([k, n]) => `${k} ×${n}`).join(', ')}`);
    assert.deepEqual(failures, []);
  });
});
