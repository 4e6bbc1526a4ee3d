// The catalog's pure rules: category paths (normal form, ancestors, prefix matching), versions of
// a product (what a write does; any arrival order ends with the newest), the sale price, money and
// the other rules beyond the schema, the search form, and CSV rows as products.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ancestorPaths, categoryPathsOf, matchesCategory, normalizeCategoryPath } from '../../../src/modules/catalog/categories.js';
import { productOfRow } from '../../../src/modules/catalog/csv-products.js';
import { checkProductItem } from '../../../src/modules/catalog/product-input.js';
import type { ProductDraft } from '../../../src/modules/catalog/product.js';
import { decideWrite, sameContent, type Stored } from '../../../src/modules/catalog/product-versions.js';
import { salePriceProblem } from '../../../src/modules/catalog/sale-price.js';
import { containsPattern, searchForm } from '../../../src/modules/catalog/search-text.js';

const draft = (over: Partial<ProductDraft> = {}): ProductDraft => ({
  groupId: null,
  title: 'Trail shoe',
  description: null,
  url: 'https://shop.example/p/1',
  imageMediaId: null,
  imageUrl: null,
  price: { amount: 8995, currency: 'EUR' },
  salePrice: null,
  availability: 'in_stock',
  categories: [],
  brand: null,
  attributes: {},
  updatedAt: null,
  ...over,
});

const stored = (d: ProductDraft, updatedAt: Date, archivedAt: Date | null = null): Stored => {
  const { updatedAt: _u, ...fields } = d;
  return { ...fields, updatedAt, archivedAt };
};

describe('category paths', () => {
  it('normalises whitespace around and inside levels, and refuses empty levels', () => {
    const table: [string, string | null][] = [
      ['Shoes > Running', 'Shoes > Running'],
      ['Shoes>Running', 'Shoes > Running'],
      ['  Shoes  >   Running  ', 'Shoes > Running'],
      ['Shoes\t>\nTrail   Running', 'Shoes > Trail Running'],
      ['Shoes\u00a0> Running', 'Shoes > Running'],
      ['A', 'A'],
      ['A >> B', null],
      ['> A', null],
      ['A >', null],
      ['   ', null],
      ['>', null],
    ];
    for (const [text, normal] of table) {
      const got = normalizeCategoryPath(text);
      assert.deepEqual(got.ok ? got.path : null, normal, JSON.stringify(text));
    }
  });

  it('lists a path and every path above it, and a product’s paths each once', () => {
    assert.deepEqual(ancestorPaths('A > B > C'), ['A', 'A > B', 'A > B > C']);
    assert.deepEqual(categoryPathsOf(['A > B > C', 'A > D', 'A > B']), ['A', 'A > B', 'A > B > C', 'A > D']);
  });

  it('matches a path and every path below it, never a sibling sharing a prefix', () => {
    const cats = ['Shoes > Running > Trail', 'Clothing > Bc'];
    assert.ok(matchesCategory(cats, 'Shoes'));
    assert.ok(matchesCategory(cats, 'Shoes > Running'));
    assert.ok(matchesCategory(cats, 'Shoes > Running > Trail'));
    assert.ok(!matchesCategory(cats, 'Shoes > Running > Trail > Kids'));
    assert.ok(!matchesCategory(cats, 'Shoes > Run'));
    assert.ok(!matchesCategory(['A > Bc'], 'A > B'));
    assert.ok(matchesCategory(['A > Bc'], 'A > Bc'));
  });

  const level = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,6}[A-Za-z]$|^[A-Za-z]$/).map((s) => s.replace(/ +/g, ' '));
  const path = fc.array(level, { minLength: 1, maxLength: 4 }).map((levels) => levels.join(' > '));

  it('property: the normal form is idempotent and ignores whitespace around ">"', () => {
    fc.assert(
      fc.property(fc.array(level, { minLength: 1, maxLength: 4 }), fc.array(fc.constantFrom('', ' ', '  ', '\t'), { minLength: 8, maxLength: 8 }), (levels, pads) => {
        const spaced = levels.map((l, i) => `${pads[i % 8]}${l}${pads[(i + 1) % 8]}`).join('>');
        const once = normalizeCategoryPath(spaced);
        assert.ok(once.ok);
        assert.equal(once.path, levels.join(' > '));
        const twice = normalizeCategoryPath(once.path);
        assert.ok(twice.ok && twice.path === once.path);
      }),
    );
  });

  it('property: a filter matches exactly when it is one of the ancestor paths the index holds', () => {
    fc.assert(
      fc.property(fc.array(path, { maxLength: 4 }), path, (categories, filter) => {
        assert.equal(matchesCategory(categories, filter), categoryPathsOf(categories).includes(filter));
      }),
    );
    // And with filters drawn from the products' own prefixes (where matches are frequent).
    fc.assert(
      fc.property(fc.array(path, { minLength: 1, maxLength: 4 }), fc.nat(), fc.nat(), (categories, i, depth) => {
        const levels = categories[i % categories.length]!.split(' > ');
        const filter = levels.slice(0, 1 + (depth % levels.length)).join(' > ');
        assert.ok(matchesCategory(categories, filter));
        assert.ok(categoryPathsOf(categories).includes(filter));
      }),
    );
  });
});

describe('versions of a product', () => {
  const t = (s: number) => new Date(Date.UTC(2026, 10, 1) + s * 1000);
  const now = t(1000);

  it('decides each write as the contract says', () => {
    const v1 = draft({ updatedAt: t(10) });
    const table: [string, Stored | undefined, ProductDraft, string, Date][] = [
      ['none stored: created at its version', undefined, v1, 'created', t(10)],
      ['none stored, no version: created at receipt', undefined, draft(), 'created', now],
      ['archived: created again, even older', stored(v1, t(50), t(60)), draft({ updatedAt: t(5) }), 'created', t(5)],
      ['identical (same version)', stored(v1, t(10)), v1, 'unchanged', t(10)],
      ['older version, other content', stored(v1, t(10)), draft({ title: 'Old', updatedAt: t(9) }), 'unchanged', t(10)],
      ['older version, same content', stored(v1, t(10)), draft({ updatedAt: t(9) }), 'unchanged', t(10)],
      ['same version, other content: replaces', stored(v1, t(10)), draft({ title: 'Fixed', updatedAt: t(10) }), 'updated', t(10)],
      ['newer version, same content: the version moves', stored(v1, t(10)), draft({ updatedAt: t(11) }), 'updated', t(11)],
      ['newer version, other content', stored(v1, t(10)), draft({ title: 'New', updatedAt: t(11) }), 'updated', t(11)],
      ['no version, same content: identical', stored(v1, t(10)), draft(), 'unchanged', t(10)],
      ['no version, other content: at receipt', stored(v1, t(10)), draft({ title: 'UI edit' }), 'updated', now],
      ['no version, stored ahead of our clock: keeps the later version', stored(v1, t(2000)), draft({ title: 'UI edit' }), 'updated', t(2000)],
    ];
    for (const [name, s, d, status, updatedAt] of table) {
      const got = decideWrite(s, d, now);
      assert.equal(got.status, status, name);
      assert.equal(got.updatedAt.getTime(), updatedAt.getTime(), name);
    }
  });

  it('compares every field: attributes by pairs, categories in order', () => {
    const a = draft({ attributes: { color: 'red', size: '42' }, categories: ['A', 'B'], salePrice: { amount: 100, currency: 'EUR' } });
    assert.ok(sameContent(a, draft({ attributes: { size: '42', color: 'red' }, categories: ['A', 'B'], salePrice: { amount: 100, currency: 'EUR' } })));
    assert.ok(!sameContent(a, { ...a, categories: ['B', 'A'] }));
    assert.ok(!sameContent(a, { ...a, attributes: { color: 'red' } }));
    assert.ok(!sameContent(a, { ...a, salePrice: null }));
    assert.ok(!sameContent(a, { ...a, salePrice: { amount: 100, currency: 'USD' } }));
    for (const field of ['groupId', 'description', 'imageMediaId', 'imageUrl', 'brand'] as const) assert.ok(!sameContent(a, { ...a, [field]: 'x' }), field);
    assert.ok(!sameContent(a, { ...a, availability: 'preorder' }));
    assert.ok(!sameContent(a, { ...a, price: { amount: 8996, currency: 'EUR' } }));
  });

  it('property: versions with distinct updated_at applied in any order end with the newest', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }).chain((times) =>
          fc.tuple(fc.constant(times), fc.shuffledSubarray(times, { minLength: times.length, maxLength: times.length }), fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: times.length, maxLength: times.length })),
        ),
        ([times, order, titles]) => {
          const versionOf = new Map(times.map((s, i) => [s, draft({ title: titles[i]!, updatedAt: t(s) })]));
          let current: Stored | undefined;
          for (const s of order) {
            const d = versionOf.get(s)!;
            const decision = decideWrite(current, d, now);
            if (decision.status !== 'unchanged') current = stored(d, decision.updatedAt);
          }
          const newest = Math.max(...times);
          assert.equal(current!.updatedAt.getTime(), t(newest).getTime());
          assert.equal(current!.title, versionOf.get(newest)!.title);
        },
      ),
    );
  });
});

describe('the sale price', () => {
  it('is refused above the price or in another currency (422 invalid_sale_price)', () => {
    const price = { amount: 1000, currency: 'EUR' };
    assert.equal(salePriceProblem({ price, salePrice: null }), undefined);
    assert.equal(salePriceProblem({ price, salePrice: { amount: 1000, currency: 'EUR' } }), undefined);
    assert.equal(salePriceProblem({ price, salePrice: { amount: 0, currency: 'EUR' } }), undefined);
    assert.equal(salePriceProblem({ price, salePrice: { amount: 1001, currency: 'EUR' } }, '/products/2')?.path, '/products/2/sale_price');
    assert.match(salePriceProblem({ price, salePrice: { amount: 10, currency: 'USD' } })!.message, /USD.*EUR/);
  });
});

describe('a product’s rules beyond its schema', () => {
  const base = { product_id: 'p1', title: 'T', url: 'https://shop.example/p', price: { amount: 1, currency: 'EUR' }, availability: 'in_stock' };
  const now = Date.UTC(2026, 10, 21, 12);
  const problems = (over: Record<string, unknown>) => {
    const got = checkProductItem({ ...base, ...over }, '/products/4', now);
    return got.ok ? [] : got.details.map((d) => `${d.path} ${d.code}`);
  };

  it('converts money to minor units of its currency, refusing more decimals than it has', () => {
    const table: [number, string, number | null][] = [
      [12.5, 'EUR', 1250],
      [12.99, 'EUR', 1299],
      [0.1, 'EUR', 10],
      [12.999, 'EUR', null],
      [1500, 'JPY', 1500],
      [1.5, 'JPY', null],
      [1.234, 'KWD', 1234],
      [1.2345, 'KWD', null],
      [0, 'USD', 0],
      [1e12, 'EUR', 1e14],
      [1e12 + 1, 'EUR', null],
    ];
    for (const [amount, currency, minor] of table) {
      const got = checkProductItem({ ...base, price: { amount, currency } }, '', now);
      assert.equal(got.ok ? got.value.draft.price.amount : null, minor, `${amount} ${currency}`);
    }
    assert.deepEqual(problems({ price: { amount: 1, currency: 'ZZZ' } }), ['/products/4/price/currency unknown_currency']);
    assert.deepEqual(problems({ price: { amount: 1, currency: 'XAU' } }), ['/products/4/price/currency unknown_currency']);
    assert.deepEqual(problems({ sale_price: { amount: 0.001, currency: 'EUR' } }), ['/products/4/sale_price/amount decimals']);
  });

  it('refuses URLs that are not absolute http(s), and both image fields', () => {
    for (const url of ['javascript:alert(1)', '/products/1', 'products/1', 'ftp://shop.example/p', 'https://', 'data:text/html,x', 'https://shop.example/a\tb', ' https://shop.example/p', '\\\\evil.example/p', '//evil.example/p']) {
      assert.deepEqual(problems({ url }), ['/products/4/url url'], url);
      assert.deepEqual(problems({ image_url: url }), ['/products/4/image_url url'], url);
    }
    assert.deepEqual(problems({ image_url: 'https://cdn.example/i.png', image_media_id: 'med_1' }), ['/products/4/image_url exclusive']);
    assert.deepEqual(problems({ image_url: null, image_media_id: null, url: 'HTTP://SHOP.EXAMPLE/x' }), []);
  });

  it('takes updated_at from 1970 on, at most 5 minutes ahead', () => {
    assert.deepEqual(problems({ updated_at: '2026-11-21T12:04:59Z' }), []);
    assert.deepEqual(problems({ updated_at: '2026-11-21T14:00:00+02:00' }), []);
    assert.deepEqual(problems({ updated_at: '2026-11-21T12:05:01Z' }), ['/products/4/updated_at future']);
    for (const bad of ['1969-12-31T23:59:59Z', '2026-02-30T00:00:00Z', '2026-11-21', 'yesterday', '0026-11-21T00:00:00Z']) {
      assert.deepEqual(problems({ updated_at: bad }), ['/products/4/updated_at date-time'], bad);
    }
  });

  it('keeps categories in their normal form, each once; null counts as absent', () => {
    const got = checkProductItem({ ...base, categories: ['Shoes>Running', 'Shoes > Running', ' Sale '], brand: null, description: null, attributes: null }, '', now);
    assert.ok(got.ok);
    assert.deepEqual(got.value.draft.categories, ['Shoes > Running', 'Sale']);
    assert.equal(got.value.draft.brand, null);
    assert.deepEqual(got.value.draft.attributes, {});
    assert.deepEqual(problems({ categories: ['A', 'B >> C'] }), ['/products/4/categories/1 category']);
  });
});

describe('search', () => {
  it('folds case across Unicode, and takes LIKE’s wildcards literally', () => {
    assert.equal(searchForm('ÉCLAIR Straße'), searchForm('éclair straße'));
    assert.ok(searchForm('Ｔｒａｉｌ').includes('trail'), 'full-width letters fold to ASCII (NFKC)');
    assert.equal(containsPattern('50%_off\\'), '%50\\%\\_off\\\\%');
    assert.equal(containsPattern('Shoe'), '%shoe%');
  });
});

describe('CSV rows as products', () => {
  const row = (over: Record<string, string> = {}) => ({ product_id: 'p1', title: ' Shoe ', url: 'https://shop.example/p1', price: '19.90', currency: 'EUR', availability: 'in_stock', ...over });

  it('maps columns to fields: empty cells absent, trimmed, categories split on |, attributes.<name> columns', () => {
    const got = productOfRow(row({ sale_price: '', categories: 'Shoes > Running | Sale', 'attributes.color': 'red', 'attributes.size': ' ', brand: '', unknown: 'x' }));
    assert.deepEqual(got, {
      record: { product_id: 'p1', title: 'Shoe', url: 'https://shop.example/p1', availability: 'in_stock', price: { amount: 19.9, currency: 'EUR' }, categories: ['Shoes > Running', 'Sale'], attributes: { color: 'red' } },
    });
    const sale = productOfRow(row({ sale_price: '9.5' }));
    assert.ok('record' in sale);
    assert.deepEqual((sale.record as { sale_price: unknown }).sale_price, { amount: 9.5, currency: 'EUR' });
  });

  it('refuses a price that is not a plain decimal, or that a number cannot hold exactly', () => {
    for (const price of ['12,50', '1e3', '-5', 'abc', '€12', '1.2.3']) assert.ok('error' in productOfRow(row({ price })), price);
    assert.ok('error' in productOfRow(row({ price: '1234567890.1234567' })));
    assert.ok('record' in productOfRow(row({ price: '000012.5000' })));
    // Missing required cells are left to the product's check (which names the field).
    const missing = productOfRow(row({ title: '', price: '' }));
    assert.ok('record' in missing);
    const checked = checkProductItem(missing.record);
    assert.ok(!checked.ok);
    assert.deepEqual(checked.details.map((d) => d.path).sort(), ['/price/amount', '/title']);
  });
});
