// Catalog benchmark (issue #14): through the real server on PostgreSQL, a bulk upsert of 100,000
// products in 500-item requests (then the same again: every product unchanged), GET
// /products/{id} req/s and GET /products?q=… latency at 100,000 products, each beside a bare
// Fastify route measured in the same run (the same body check and envelope, no storage or
// credentials). Sizes: BENCH_PRODUCTS (default 100,000), BENCH_BULK_CLIENTS (concurrent bulk
// requests, default 4), BENCH_SECONDS (each load run, default 10).
//
// Run alone: `node --import tsx bench/catalog.ts` prints its markdown. With CATALOG_BARE_SERVER=1
// this file is the bare baseline server instead (a child process of the benchmark).
import { execFileSync } from 'node:child_process';
import type autocannon from 'autocannon';
import { benchDatabase, fmt, freePort, load, startChild, startService, type LoadResult } from './lib.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const BULK = 500;
const BULK_CLIENTS = Number(process.env.BENCH_BULK_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

// ---------------------------------------------------------------------------------------------
// The data set: a deterministic catalog with realistic spreads of words, brands, categories.

const WORDS = ['trail', 'running', 'shoe', 'jacket', 'wool', 'merino', 'hiking', 'boot', 'rain', 'shell', 'light', 'down', 'vest', 'sock', 'cap', 'glove', 'bottle', 'tent', 'lamp', 'pack', 'belt', 'short', 'tight', 'hoodie', 'fleece', 'base', 'layer', 'sandal', 'approach', 'winter'];
const COLORS = ['red', 'blue', 'green', 'black', 'white', 'grey', 'orange', 'yellow'];
const TOPS = ['Shoes', 'Clothing', 'Equipment', 'Accessories', 'Outlet'];
const SUBS = ['Running', 'Hiking', 'Climbing', 'Camping', 'Cycling', 'Skiing', 'Travel', 'Kids'];
const LEAVES = ['Trail', 'Road', 'Winter', 'Summer', 'Pro', 'Basics'];

/** A pseudo-random number from an integer (the same catalog every run). */
const mix = (i: number, salt: number) => {
  let x = (i + 1) * 2654435761 + salt * 40503;
  x ^= x >>> 13;
  x = Math.imul(x, 0x5bd1e995);
  x ^= x >>> 15;
  return x >>> 0;
};
const pick = <T>(list: readonly T[], i: number, salt: number): T => list[mix(i, salt) % list.length]!;

export const productIdOf = (i: number) => `sku-${String(i).padStart(7, '0')}`;

/** The i-th product of the benchmark's catalog, as a bulk request carries it. */
export function benchProduct(i: number, version = 0): Record<string, unknown> {
  const title = `${pick(WORDS, i, 1)} ${pick(WORDS, i, 2)} ${pick(WORDS, i, 3)} ${i}`;
  const cents = 500 + (mix(i, 4) % 50_000);
  const availability = mix(i, 5) % 20 === 0 ? 'out_of_stock' : mix(i, 5) % 20 === 1 ? 'preorder' : mix(i, 5) % 20 === 2 ? 'backorder' : 'in_stock';
  return {
    product_id: productIdOf(i),
    group_id: `grp-${Math.floor(i / 4)}`,
    title,
    description: `The ${title}: ${pick(WORDS, i, 6)} and ${pick(WORDS, i, 7)} for every day. `.repeat(3),
    url: `https://shop.example/products/${productIdOf(i)}`,
    image_url: `https://cdn.shop.example/img/${productIdOf(i)}.jpg`,
    price: { amount: cents / 100, currency: 'EUR' },
    ...(mix(i, 8) % 5 === 0 ? { sale_price: { amount: Math.floor(cents * 0.8) / 100, currency: 'EUR' } } : {}),
    availability,
    categories: [`${pick(TOPS, i, 9)} > ${pick(SUBS, i, 10)} > ${pick(LEAVES, i, 11)}`, ...(mix(i, 12) % 3 === 0 ? [`${pick(TOPS, i, 13)} > ${pick(SUBS, i, 14)}`] : [])],
    brand: `Brand ${mix(i, 15) % 200}`,
    attributes: { color: pick(COLORS, i, 16), size: String(36 + (mix(i, 17) % 12)), material: pick(WORDS, i, 18) },
    updated_at: new Date(Date.UTC(2026, 0, 1) + i * 1000 + version * 86_400_000).toISOString(),
  };
}
