// Fuzz of every route (issue #11; CONTRACT §0 "never a 500 for anything a client sent", §7 the string
// rule). Every route of `app.routeCatalog` (so routes added later are fuzzed too) and the public pages
// /health, /ready and /sdk/v1/storefront.js get requests WITH a valid credential of a kind the route
// takes, so the input gets past authentication into validation and the services. Every answer must be
// below 500 (a 503 too: the database is up), in the envelope, with the security headers; a body, path
// parameter or declared query holding U+0000 (bodies: or a lone surrogate) is never a 2xx, except that
// in a batch only the items holding one fail.
//
// Corpus (fast-check, seeded). Routes are drawn by weight: body routes 4, other /api routes 2, the
// health, readiness, OpenAPI and SDK documents 0.25. Path parameters are real ids 85% of the time (a
// site of the caller, an experiment, an order, an event, a key: pools that grow with the answers), else
// fuzzed text, percent-encoded (a lone surrogate as its WTF-8 bytes; %00 and broken escapes too).
// Bodies: 10% the route's valid example; 60% that example with 1–3 mutations at random places (a string
// replaced or extended by U+0000 or a lone surrogate, or replaced by storable but odd text; a key
// holding them or named __proto__/constructor/toString; nesting 50–5,000 deep and now and then up to
// 200,000 deep as raw JSON text; huge numbers as raw text: 1e308, 1e400 = Infinity, 0.1e-400, -0, 30
// digits…; strings up to 600 KB; wrong types; empty containers; deleted fields; random JSON); 20% random
// JSON with full-unicode and UTF-16 code-unit strings; 10% raw text (deep nesting at the top, truncated
// bodies, raw NULs, a BOM, empty bodies). GET routes get their query (limit, cursor with real cursors,
// website_id, from, to, currency and random names) mutated the same way. Beacon routes get the body
// credential as text/plain a third of the time; 3% of requests carry a garbage credential instead;
// remote addresses vary, and rate limits are raised so that nothing turns into a 429.
//
// Volume: FUZZ_RUNS requests per run (default 100,000), split evenly over the engines that run: 50,000
// on PGlite and 50,000 on PostgreSQL when TEST_DATABASE_URL is set, all 100,000 on PGlite otherwise
// (about 220 requests/s on PGlite and 370/s on PostgreSQL on 2 busy cores: some 4 + 2.5 minutes).
// FUZZ_SEED varies the corpus (default fixed, so CI is reproducible up to the interleaving of the
// concurrent requests and the ids they create). Failures are collected and reported together, one
// line per distinct (kind, route, code) with a request that shows it and, for a 500, the stack.
import assert from 'node:assert/strict';
import { it, type TestContext } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, forEachEngine, ORIGIN, type TestApp } from '../helpers/app.js';
import { ENGINES } from '../helpers/database.js';
import { REQUIRED, event } from '../helpers/events.js';
import { AWC, adjustment, cancellation, purchase, touch } from '../helpers/attribution.js';
import { png } from '../modules/media/images.js';
import { fileBody } from '../modules/media/multipart.js';
import type { AuthSpec } from '../../src/auth/principal.js';
import { AppError } from '../../src/errors.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const CONCURRENCY = { pglite: 4, postgres: 8 } as const;
const CHUNK = 200;
const ANSWER_TIMEOUT_MS = 30_000;
const BIG = 100_000_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Seg = string | number;

// ---------------------------------------------------------------------------------------------------
// Strings

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isPoison = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);
const POISONS = ['\u0000', '\ud800', '\udfff', '\udc00x', 'a\u0000b', '\ud83d', 'x\ude00', '\u0000\u0000', '\udbff\udbff', '\udfff\ud800'];

const asciiChar = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const codePoint = fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c));
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const poisonChar = fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff');
const unit = fc.oneof(
  { weight: 5, arbitrary: asciiChar },
  { weight: 2, arbitrary: codePoint },
  { weight: 2, arbitrary: codeUnit },
  { weight: 1, arbitrary: poisonChar },
);
const text = fc.string({ unit, maxLength: 40 });
const poisonString = fc.oneof(
  fc.constantFrom(...POISONS),
  fc.tuple(text, fc.constantFrom(...POISONS), fc.nat()).map(([s, p, at]) => {
    const i = s.length === 0 ? 0 : at % (s.length + 1);
    return s.slice(0, i) + p + s.slice(i);
  }),
);
const randomJson = fc.jsonValue({ stringUnit: unit, maxDepth: 4 }) as fc.Arbitrary<Json>;

/** Percent-encoding of any JS string: UTF-8, and a lone surrogate as its 3 WTF-8 bytes (not UTF-8). */
function percentEncode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
        i += 1;
      }
    }
    if (cp < 0x80 && /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(cp))) {
      out += String.fromCharCode(cp);
      continue;
    }
    const bytes =
      cp < 0x80 ? [cp]
      : cp < 0x800 ? [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)]
      : cp < 0x10000 ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
      : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
    for (const b of bytes) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A value for a URL: text to encode, or already encoded (raw) to send as is. */
interface UrlValue {
  s: string;
  raw?: boolean;
}
const RAW_ESCAPES = ['%00', '%', '%zz', '%C0%80', '%ED%A0%80', '%ED%BF%BF', '%FF%FE', 'a%00b', '%2F', '%252F', '%E2%82', '%F4%90%80%80', '+', '%20'];
const rawEscape = fc.constantFrom(...RAW_ESCAPES).map((s): UrlValue => ({ s, raw: true }));
const encodeUrlValue = (v: UrlValue) => (v.raw ? v.s : percentEncode(v.s));

// ---------------------------------------------------------------------------------------------------
// Raw JSON text: what JSON.stringify cannot write (it would recurse, or has no spelling for it)

const HUGE_NUMBERS = [
  '1e308', '-1e308', '1e400', '-1e400', '123456789012345678901234567890', '-123456789012345678901234567890', '0.1e-400', '-0',
  '-0.0', '1.7976931348623157e308', '4.9e-324', '9007199254740993', '1e21', '1e-7', '0.000000000000000000001', '99999999999999999999.99',
  '1.005', '0.1', '1e2', '2147483648', '-2147483649', '100000001', '12.345', '0.123456789', '1E+308', '10.00000000000000001',
];
const deepText = fc
  .record({
    depth: fc.oneof({ weight: 20, arbitrary: fc.integer({ min: 50, max: 5000 }) }, { weight: 1, arbitrary: fc.integer({ min: 5000, max: 200_000 }) }),
    shape: fc.constantFrom('array', 'object', 'mixed', 'key'),
    leaf: fc.constantFrom('1', '"\\u0000"', '"\\ud800"', '1e400', '{}', '[]', 'null', '"x"', '-0'),
  })
  .map(({ depth, shape, leaf }) => {
    switch (shape) {
      case 'array':
        return '['.repeat(depth) + leaf + ']'.repeat(depth);
      case 'object':
        return '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
      case 'key':
        return '{"\\u0000":'.repeat(Math.min(depth, 1000)) + leaf + '}'.repeat(Math.min(depth, 1000));
      default: {
        const half = Math.ceil(depth / 2);
        return '[{"k":'.repeat(half) + leaf + '}]'.repeat(half);
      }
    }
  });

// ---------------------------------------------------------------------------------------------------
// Plans: what fast-check draws; turned into a request against the live world at send time

type Mutation =
  | { op: 'poison'; s: string; how: 'replace' | 'append' | 'prepend' | 'middle' }
  | { op: 'text'; s: string }
  | { op: 'key'; key: string; value: Json; how: 'add' | 'rename' }
  | { op: 'raw'; text: string }
  | { op: 'long'; n: number; ch: string }
  | { op: 'type'; value: Json }
  | { op: 'delete' }
  | { op: 'empty' }
  | { op: 'random'; value: Json };

type BodyPlan =
  | { kind: 'valid' }
  | { kind: 'mutated'; mutations: { at: number; m: Mutation }[] }
  | { kind: 'random'; value: Json }
  | { kind: 'raw'; text: (valid: string) => string; label: string };

interface QueryPlan {
  mode: 'valid' | 'mutate' | 'random';
  pairs: [UrlValue, UrlValue | '@cursor' | '@site' | '@othersite'][];
  drop: number;
  duplicate: boolean;
}

interface Plan {
  route: number;
  cred: number;
  garbage: number | null;
  beacon: boolean;
  params: { fuzz: boolean; pick: number; value: UrlValue }[];
  body: BodyPlan;
  query: QueryPlan;
  contentType: number;
  ip: number;
  n: number;
}

const WRONG_TYPES: Json[] = [null, true, false, 0, -1, 1.5, '', ' ', [], {}, [[]], { '': '' }, 'string', 'constructor', 'toString', '__proto__', 'hasOwnProperty', [null], ['\u0000'], { a: '\ud800' }];
const KEY_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'trust', 'trust_class', 'trusted', '', ' ', '~0/1', 'a/b', 'api_key', 'runtime_token'];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('poison' as const), s: poisonString, how: fc.constantFrom('replace' as const, 'append' as const, 'prepend' as const, 'middle' as const) }) },
  // Storable but unusual text (any code point, combining marks, RTL, emoji): passes the string rule, reaches the services.
  { weight: 3, arbitrary: fc.record({ op: fc.constant('text' as const), s: fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.constantFrom(' ', '\t', '\u202e', '\ufeff', '\uffff', '\u{10ffff}', 'null', '0', '-1', 'NaN', 'Infinity', '1e400', '../..', '%00', "'; DROP TABLE sites; --")) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('key' as const),
      key: fc.oneof(poisonString, fc.constantFrom(...KEY_NAMES), text),
      value: fc.oneof(fc.constant<Json>(1), fc.constant<Json>({ prototype: { x: 1 } }), randomJson),
      how: fc.constantFrom('add' as const, 'rename' as const),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('raw' as const), text: deepText }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('raw' as const), text: fc.constantFrom(...HUGE_NUMBERS) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('long' as const), n: fc.constantFrom(257, 2049, 40_000, 300_000, 600_000), ch: fc.constantFrom('a', 'é', '😀', '\u0000', ' ') }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('type' as const), value: fc.constantFrom(...WRONG_TYPES) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('empty' as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('random' as const), value: randomJson }) },
);

const rawBody = fc.oneof(
  deepText.map((d) => ({ kind: 'raw' as const, text: () => d, label: 'deep' })),
  fc.constantFrom(...HUGE_NUMBERS).map((n) => ({ kind: 'raw' as const, text: () => n, label: 'number' })),
  fc.nat().map((cut) => ({ kind: 'raw' as const, text: (v: string) => v.slice(0, v.length === 0 ? 0 : cut % v.length), label: 'truncated' })),
  fc.constantFrom('', 'null', '[]', '""', '0', 'true', '\ufeff{}', '{"a":"\u0000"}', '{"a":1,"a":"\\u0000"}', '{"a":"\\ud800\\udc00\\udc00"}', '{"\\u0000":1}', '[' + '"x",'.repeat(50_000) + '1]', 'x'.repeat(600_000))
    .map((t) => ({ kind: 'raw' as const, text: () => t, label: 'constant' })),
  fc.nat().map((at) => ({ kind: 'raw' as const, text: (v: string) => v.slice(0, at % (v.length + 1)) + '\u0000' + v.slice(at % (v.length + 1)), label: 'raw-nul' })),
);

const bodyPlan: fc.Arbitrary<BodyPlan> = fc.oneof(
  { weight: 10, arbitrary: fc.constant({ kind: 'valid' as const }) },
  { weight: 60, arbitrary: fc.record({ kind: fc.constant('mutated' as const), mutations: fc.array(fc.record({ at: fc.noBias(fc.nat()), m: mutation }), { minLength: 1, maxLength: 3 }) }) },
  { weight: 20, arbitrary: fc.record({ kind: fc.constant('random' as const), value: randomJson }) },
  { weight: 10, arbitrary: rawBody },
);

const QUERY_KEYS = ['limit', 'cursor', 'website_id', 'from', 'to', 'currency'];
const QUERY_VALUES = [
  '1', '50', '200', '0', '201', '-1', '1.5', '1e2', '0x10', ' 5', '99999999999999999999', 'abc', '', 'null', 'true',
  '2026-10-01', '2026-10-01T00:00:00Z', '2026-13-45', '0000-01-01', '99999-01-01', '1969-12-31T23:59:59Z', '2026-01-01T00:00:00+25:00',
  '2026-02-30', '1970-01-01', '9999-12-31T23:59:59.999Z', '2026-10-01T00:00:00.123456789Z', 'EUR', 'JPY', 'KWD', 'XXX', 'eur', 'ZZZ',
  'a.b', 'site_0000', 'site_', 'site_AAAA',
];
const queryValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...QUERY_VALUES).map((s): UrlValue => ({ s })) },
  { weight: 2, arbitrary: text.map((s): UrlValue => ({ s })) },
  { weight: 2, arbitrary: poisonString.map((s): UrlValue => ({ s })) },
  { weight: 1, arbitrary: rawEscape },
  { weight: 1, arbitrary: fc.constantFrom('@cursor' as const, '@site' as const, '@othersite' as const) },
  { weight: 1, arbitrary: fc.constantFrom(300, 2049, 5000).map((n): UrlValue => ({ s: 'x'.repeat(n) })) },
);
const queryKey = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...QUERY_KEYS).map((s): UrlValue => ({ s })) },
  { weight: 1, arbitrary: text.map((s): UrlValue => ({ s })) },
  { weight: 1, arbitrary: poisonString.map((s): UrlValue => ({ s })) },
  { weight: 1, arbitrary: rawEscape },
);
const queryPlan: fc.Arbitrary<QueryPlan> = fc.record({
  mode: fc.constantFrom('valid' as const, 'valid' as const, 'mutate' as const, 'mutate' as const, 'mutate' as const, 'random' as const),
  pairs: fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 }),
  drop: fc.nat(),
  duplicate: fc.noBias(fc.integer({ min: 0, max: 9 })).map((n) => n === 0),
});

const paramValue = fc.oneof(
  { weight: 3, arbitrary: text.map((s): UrlValue => ({ s })) },
  { weight: 3, arbitrary: poisonString.map((s): UrlValue => ({ s })) },
  { weight: 2, arbitrary: rawEscape },
  {
    weight: 2,
    arbitrary: fc.constantFrom('exp_AAAAAAAA', 'site_AAAA', 'key_AAAA', 'evt_' + '0'.repeat(32), 'exp_' + 'A'.repeat(65), '..', '.', 'x'.repeat(201), 'x'.repeat(256), '%00')
      .map((s): UrlValue => ({ s, raw: s === '%00' })),
  },
);

const planArb: fc.Arbitrary<Omit<Plan, 'n'>> = fc.record({
    route: fc.noBias(fc.integer({ min: 0, max: 999_999 })),
    cred: fc.noBias(fc.nat()),
    garbage: fc.noBias(fc.integer({ min: 0, max: 99 })).chain((r) => (r < 3 ? fc.nat() : fc.constant(null))),
    beacon: fc.noBias(fc.integer({ min: 0, max: 2 })).map((r) => r === 0),
    params: fc.array(fc.record({ fuzz: fc.noBias(fc.integer({ min: 0, max: 99 })).map((r) => r < 15), pick: fc.noBias(fc.nat()), value: paramValue }), { minLength: 2, maxLength: 2 }),
    body: bodyPlan,
    query: queryPlan,
    contentType: fc.noBias(fc.integer({ min: 0, max: 99 })),
    ip: fc.noBias(fc.nat()),
  });

// ---------------------------------------------------------------------------------------------------
// Mutating a valid body

/** Every place in a value: the root, each array item, each object property. */
function placesOf(value: Json): Seg[][] {
  const out: Seg[][] = [];
  const stack: [Json, Seg[]][] = [[value, []]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    out.push(path);
    if (Array.isArray(v)) v.forEach((item, i) => stack.push([item, [...path, i]]));
    else if (v !== null && typeof v === 'object') for (const [k, item] of Object.entries(v)) stack.push([item, [...path, k]]);
  }
  return out;
}

const clone = (v: Json): Json => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as Json));

function getAt(root: Json, path: Seg[]): Json {
  let v: Json = root;
  for (const seg of path) v = (v as Record<string, Json>)[seg as string] as Json;
  return v;
}

/** Applies mutations to a copy of the body; raw texts become markers replaced after serialisation. */
function mutate(valid: Json, mutations: { at: number; m: Mutation }[], raws: Map<string, string>): Json {
  let root = clone(valid);
  const marker = (raw: string) => {
    const key = `@@RAW${raws.size}@@`;
    raws.set(key, raw);
    return key;
  };
  for (const { at, m } of mutations) {
    const places = placesOf(root);
    const path = places[at % places.length]!;
    const current = getAt(root, path);
    let next: Json | undefined = current;
    switch (m.op) {
      case 'poison':
        if (typeof current === 'string' && m.how !== 'replace') {
          const mid = Math.floor(current.length / 2);
          next = m.how === 'append' ? current + m.s : m.how === 'prepend' ? m.s + current : current.slice(0, mid) + m.s + current.slice(mid);
        } else next = m.s;
        break;
      case 'text':
        next = m.s;
        break;
      case 'key': {
        const target = current !== null && typeof current === 'object' && !Array.isArray(current) ? current : null;
        if (target && m.how === 'rename' && Object.keys(target).length > 0) {
          const old = Object.keys(target)[at % Object.keys(target).length]!;
          const value = target[old]!;
          delete target[old];
          target[old + m.key] = value;
        } else if (target) {
          target[m.key] = clone(m.value);
        } else {
          next = { [m.key]: clone(m.value) };
        }
        break;
      }
      case 'raw':
        next = marker(m.text);
        break;
      case 'long':
        next = m.ch.repeat(Math.ceil(m.n / m.ch.length));
        break;
      case 'type':
        next = clone(m.value);
        break;
      case 'delete':
        next = undefined;
        break;
      case 'empty':
        next = Array.isArray(current) ? [] : current !== null && typeof current === 'object' ? {} : '';
        break;
      case 'random':
        next = clone(m.value);
        break;
    }
    if (next === current) continue;
    if (path.length === 0) {
      root = next === undefined ? {} : next;
      continue;
    }
    const parent = getAt(root, path.slice(0, -1)) as Record<string, Json> | Json[];
    const last = path[path.length - 1]!;
    if (next === undefined) {
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete (parent as Record<string, Json>)[last];
    } else (parent as Record<string, Json>)[last as string] = next;
  }
  return root;
}

function serialise(value: Json, raws: Map<string, string>): string {
  let out = JSON.stringify(value);
  for (const [key, raw] of raws) out = out.split(`"${key}"`).join(raw);
  return out;
}

/** JSON Pointers of the strings and keys holding U+0000 or a lone surrogate (iterative: any depth). */
function poisonPointers(value: unknown): string[] {
  const out: string[] = [];
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0 && out.length < 50) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (isPoison(v)) out.push(path);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, `${path}/${i}`]));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        const p = `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (isPoison(k)) out.push(p);
        else stack.push([item, p]);
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The world a run acts in: credentials, and pools of real ids that grow with the answers

const cap = <T>(pool: T[], value: T, max = 300) => {
  if (pool.includes(value)) return;
  pool.push(value);
  if (pool.length > max) pool.splice(0, pool.length - max);
};
const pick = <T>(pool: readonly T[], n: number): T | undefined => (pool.length === 0 ? undefined : pool[n % pool.length]);

interface World {
  t: TestApp;
  main: string;
  other: string;
  owner: string;
  member: string;
  apiKey: string;
  idTokens: { owner: string; member: string; stranger: string };
  runtime: { token: string; at: number };
  /** Sites the owner owns and may change (never `main`, whose origins and mode the fuzz needs). */
  scratchSites: string[];
  keys: { siteId: string; keyId: string }[];
  experiments: string[];
  events: string[];
  orders: string[];
  touches: string[];
  assignments: string[];
  cursors: string[];
  products: string[];
  media: string[];
  campaigns: string[];
  workflows: string[];
  integrations: string[];
}

interface RouteSpec {
  method: string;
  url: string;
  auth: AuthSpec | 'public';
  weight: number;
  /** The route declares a body schema: a body with U+0000 or a lone surrogate must not be a 2xx. */
  declaresBody: boolean;
  /** Pointer of the array whose items are validated alone (a batch): an item with poison fails alone. */
  items?: string;
  /** A fresh valid body (undefined: the route takes none). */
  body?: (w: World, n: number) => Json;
  /** The valid query. */
  query?: (w: World, n: number) => Record<string, string>;
  /** The body field of a credential on beacon routes. */
  beaconField?: 'api_key' | 'runtime_token';
  /** Learns ids from a successful answer. */
  learn?: (w: World, data: any, sent: Json) => void;
}

const PAST = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const ref = (n: number) => `Ref${n.toString(36)}${'0'.repeat(24)}`.slice(0, 24);
const EVENT_TYPES = Object.keys(REQUIRED);

/** One valid example per route (a fresh one per request: ids that must be unique are). */
const EXAMPLES: Record<string, Partial<RouteSpec>> = {
  'GET /health': {},
  'GET /ready': {},
  'GET /sdk/v1/storefront.js': {},
  'GET /api/v1/health': {},
  'GET /api/v1/ready': {},
  'GET /api/v1/openapi.json': {},
  'POST /api/v1/runtime/token': { body: (w) => ({ site_id: w.main }) },
  'GET /api/v1/sign-in': {},
  'POST /api/v1/sign-in/local': { body: (_w, n) => ({ user: `fuzz-user-${n % 50}` }) },
  'GET /api/v1/sites': { query: () => ({ limit: '2' }) },
  'POST /api/v1/sites': {
    body: (_w, n) => ({ name: `Fuzz shop ${n}`, origins: [ORIGIN, 'https://other.example'], publisher_mode: n % 2 === 0 }),
    learn: (w, data) => cap(w.scratchSites, data.site_id, 20),
  },
  'GET /api/v1/sites/:siteId': {},
  'PATCH /api/v1/sites/:siteId': {
    body: (_w, n) => ({
      name: `Scratch ${n}`,
      origins: [ORIGIN, `https://s${n % 7}.example`],
      publisher_mode: n % 3 === 0,
      config: {
        max_touches_per_request: 1 + (n % 20),
        runtime_events_per_hour: BIG,
        runtime_rate_limit_per_ip_per_hour: BIG,
        publisher_hosts: { awin: ['www.awin1.com'], cj: ['www.jdoqocy.com', 'www.kqzyfj.com'] },
      },
    }),
  },
  'GET /api/v1/sites/:siteId/members': { query: () => ({ limit: '2' }) },
  'POST /api/v1/sites/:siteId/members': { body: (_w, n) => ({ user: `fuzz-user-${n % 50}`, role: n % 4 === 0 ? 'owner' : 'member' }) },
  'GET /api/v1/sites/:siteId/api-keys': { query: () => ({ limit: '2' }) },
  'POST /api/v1/sites/:siteId/api-keys': {
    body: (_w, n) => ({ name: `key ${n}`, scopes: ['events:write', 'publisher_reports:write'], rate_limit_per_hour: 1000 + n, expires_at: new Date(Date.now() + 86_400_000).toISOString() }),
    learn: (w, data) => cap(w.keys, { siteId: data.site_id, keyId: data.key_id }, 100),
  },
  'DELETE /api/v1/sites/:siteId/api-keys/:keyId': {},
  'GET /api/v1/credentials/current': {},
  'POST /api/v1/events/track': {
    body: (_w, n) => event(EVENT_TYPES[n % EVENT_TYPES.length], { session_id: `fuzz-${n}`, client_event_id: `ce-${n}`, occurred_at: PAST(1) }) as Json,
    learn: (w, data) => cap(w.events, data.event_id),
  },
  'POST /api/v1/events/batch': {
    items: '/events',
    body: (_w, n) => ({ events: Array.from({ length: 1 + (n % 4) }, (_, i) => event(EVENT_TYPES[(n + i) % EVENT_TYPES.length], { session_id: `fuzz-${n}`, client_event_id: `ce-${n}-${i}` }) as Json) }),
    beaconField: 'api_key',
    learn: (w, data) => {
      for (const r of data.results ?? []) if (r.event_id) cap(w.events, r.event_id);
    },
  },
  'GET /api/v1/events/:eventId': {},
  'POST /api/v1/partner-attribution/touches': {
    body: (_w, n) => ({ touches: Array.from({ length: 1 + (n % 3) }, (_, i) => touch({ touch_id: `t-${n}-${i}`, provider_click_id: AWC(), session_id: `fuzz-${n}` }) as Json) }),
    beaconField: 'runtime_token',
    learn: (w, data) => {
      for (const r of data.results ?? []) cap(w.touches, r.touch_id);
    },
  },
  'POST /api/v1/partner-attribution/conversions': {
    body: (w, n) => {
      const order = pick(w.orders, n);
      if (n % 4 === 1 && order) return { event_type: 'adjustment', adjustment: adjustment(w.main, order, { idempotency_key: `adj-${n}`, occurred_at: PAST(0.001 * (1000 - (n % 1000))) }) } as Json;
      if (n % 8 === 2 && order) return { event_type: 'cancellation', cancellation: cancellation(w.main, order, { idempotency_key: `can-${n}`, occurred_at: PAST(0.0001) }) } as Json;
      const links: Record<string, unknown> = {};
      const t1 = pick(w.touches, n);
      const a1 = pick(w.assignments, n);
      if (t1 && n % 2 === 0) links.touch_ids = [t1, `t-missing-${n}`];
      if (a1 && n % 3 === 0) links.experiment_assignment_ids = [a1];
      return { event_type: 'purchase', conversion: purchase(w.main, { idempotency_key: `pur-${n}`, order_id: `order-${n}`, occurred_at: PAST(2), ...links }) } as Json;
    },
    learn: (w, data, sent) => {
      const s = sent as { event_type?: string; conversion?: { order_id?: string } };
      if (data.conversion_id && s.event_type === 'purchase' && typeof s.conversion?.order_id === 'string') cap(w.orders, s.conversion.order_id);
    },
  },
  'GET /api/v1/partner-attribution/conversions/:orderId': { query: (w) => ({ website_id: w.main }) },
  'POST /api/v1/partner-experiments': {
    body: (w, n) => ({
      website_id: w.main,
      name: `Experiment ${n}`,
      surfaces: [{ type: 'overlay', campaign_id: `c-${n % 5}` }, { type: 'recommendation', campaign_id: 'r-1' }],
      hypothesis: 'Overlays lift revenue',
      weights: { control: 0.5, treatment: 0.5 },
      conversion_window_days: 7,
      refund_window_days: 30,
      mde: 0.05,
      alpha: 0.05,
      currency: 'EUR',
    }),
    learn: (w, data) => cap(w.experiments, data.experiment_id, 60),
  },
  'GET /api/v1/partner-experiments': { query: (w) => ({ website_id: w.main, limit: '2' }) },
  'GET /api/v1/partner-experiments/:experimentId': {},
  'PATCH /api/v1/partner-experiments/:experimentId': {
    body: (_w, n) => ({ name: `Renamed ${n}`, surfaces: [{ type: 'chatbot', campaign_id: 'cb-1' }], weights: { control: 0.3, treatment: 0.7 }, mde: 0.1, alpha: 0.01, currency: 'JPY', conversion_window_days: 14, refund_window_days: 0, hypothesis: '' }),
  },
  'POST /api/v1/partner-experiments/:experimentId/start': {},
  'POST /api/v1/partner-experiments/:experimentId/stop': {},
  'GET /api/v1/partner-experiments/:experimentId/results': {},
  'POST /api/v1/partner-experiments/assignments': {
    body: (w, n): Json => {
      const e = pick(w.experiments, n);
      return n % 2 === 0 && e ? { session_id: `fuzz-${n % 500}`, experiment_ids: [e] } : { session_id: `fuzz-${n % 500}` };
    },
    learn: (w, data) => {
      for (const a of data.assignments ?? []) cap(w.assignments, a.assignment_id);
    },
  },
  'POST /api/v1/publisher/clicks': {
    body: (_w, n) => ({
      click_id: `c-${n}`,
      provider: n % 2 ? 'awin' : 'cj',
      reference: ref(n),
      destination_url: n % 2 ? 'https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002&clickref=x' : 'https://www.jdoqocy.com/click-1-2?sid=abc',
      occurred_at: PAST(1),
      content_id: `content-${n % 10}`,
      campaign: 'spring',
      placement: 'header',
      creative: 'banner',
      session_id: `fuzz-${n}`,
    }),
    beaconField: 'runtime_token',
  },
  'POST /api/v1/publisher/reports': {
    items: '/records',
    body: (_w, n): Json => {
      if (n % 3 === 1) {
        return {
          provider: 'awin',
          format: 'awin',
          records: [{ id: 900_000 + n, advertiserId: 1001, commissionStatus: 'approved', commissionAmount: { amount: 4.25, currency: 'GBP' }, saleAmount: { amount: 42.5, currency: 'GBP' }, clickRefs: { clickRef: ref(n) }, transactionDate: '2026-11-20T10:15:00', validationDate: '2026-11-21T08:00:00', orderRef: `ORDER-${n}`, amended: false }],
        };
      }
      if (n % 3 === 2) {
        return {
          provider: 'cj',
          format: 'cj',
          currency: 'USD',
          records: [{ commissionId: `${3_000_000_000 + n}`, actionStatus: 'new', validationStatus: 'PENDING', pubCommissionAmountPubCurrency: '3.10', saleAmountPubCurrency: '31.00', shopperId: ref(n), orderId: `ORDER-${n}`, eventDate: '2026-11-20T11:00:00Z', postingDate: '2026-11-20T12:00:00Z', original: true, originalActionId: `${3_000_000_000 + n}` }],
        };
      }
      return {
        provider: 'awin',
        format: 'canonical',
        records: [{ provider_transaction_id: `tx-${n}`, reference: ref(n), status: 'approved', sale_amount: 10, commission_amount: 1, currency: 'EUR', transaction_at: PAST(1), updated_at: PAST(1), order_ref: `o-${n}` }],
      };
    },
  },
  'GET /api/v1/analytics/publishers': { query: (w, n): Record<string, string> => (n % 2 ? { website_id: w.main } : { website_id: w.main, from: '2026-10-01', to: new Date().toISOString(), currency: 'EUR' }) },
  'GET /api/admin/sites': { query: () => ({ limit: '2' }) },
  'GET /api/admin/jobs': { query: (_w, n): Record<string, string> => (n % 2 ? { limit: '2', status: 'failed' } : {}) },
  'POST /api/admin/jobs/:jobId/retry': {},
  'POST /api/admin/jobs/run-due': {},
  'DELETE /api/v1/sites/:siteId': {},
  'PUT /api/v1/sites/:siteId/products/:productId': { body: (w, n) => fuzzProduct(w, n) },
  'GET /api/v1/sites/:siteId/products/:productId': {},
  'DELETE /api/v1/sites/:siteId/products/:productId': {},
  'GET /api/v1/sites/:siteId/products': { query: (_w, n): Record<string, string> => (n % 2 ? { limit: '2', q: 'fuzz', category: 'A > B' } : { availability: 'in_stock' }) },
  'POST /api/v1/sites/:siteId/products/bulk': {
    items: '/products',
    body: (w, n) => ({ products: [{ product_id: `fuzz-${n % 40}`, ...fuzzProduct(w, n) }, { product_id: `fuzz-${(n + 1) % 40}`, ...fuzzProduct(w, n + 1) }] }),
  },
  // Uploads are multipart (test/modules/media/upload-fuzz.test.ts fuzzes those); here the route gets JSON and garbage.
  'POST /api/v1/sites/:siteId/media': {},
  'GET /api/v1/sites/:siteId/media': { query: () => ({ limit: '2' }) },
  'GET /api/v1/sites/:siteId/media/:mediaId': {},
  'DELETE /api/v1/sites/:siteId/media/:mediaId': {},
  'GET /api/v1/public/media/:mediaId': {},
  'POST /api/v1/sites/:siteId/campaigns': { body: (w, n) => fuzzCampaign(w, n), learn: (w, data) => cap(w.campaigns, data.campaign_id, 40) },
  'GET /api/v1/sites/:siteId/campaigns': { query: (_w, n): Record<string, string> => (n % 2 ? { limit: '2', kind: 'overlay' } : { status: 'active' }) },
  'GET /api/v1/sites/:siteId/campaigns/:campaignId': {},
  'PATCH /api/v1/sites/:siteId/campaigns/:campaignId': {
    body: (_w, n): Record<string, Json> => (n % 3 === 0 ? { status: ['active', 'paused', 'archived'][n % 9 === 0 ? 2 : (n / 3) % 2]! } : { name: `Renamed ${n}`, priority: n % 100 }),
  },
  'GET /api/v1/runtime/config': {},
  'GET /api/v1/recommendations': { query: (w, n): Record<string, string> => ({ campaign_id: pick(w.campaigns, n) ?? 'cmp_none0000', ...(n % 2 ? { product_id: pick(w.products, n) ?? 'p', limit: String(1 + (n % 24)) } : {}) }) },
  'POST /api/v1/submissions': {
    // The campaigns the fuzz created (the overlays show form `f` with a required email), now and then an unknown one.
    body: (w, n) => ({
      campaign_id: (n % 7 === 0 ? undefined : pick(w.campaigns, n)) ?? `cmp_fuzz${n % 5}`,
      form_id: n % 11 === 0 ? 'f1' : 'f',
      client_submission_id: `cs-${n}`,
      session_id: `fuzz-${n}`,
      fields: { email: `fuzz${n % 50}@shop.example`, website: n % 13 === 0 ? 'http://spam.example' : '' },
      ...(n % 5 === 0 ? { consent: { granted: true } } : {}),
    }),
  },
  'GET /api/v1/sites/:siteId/submissions': { query: (w, n): Record<string, string> => (n % 2 ? { limit: '2' } : { limit: '2', campaign_id: pick(w.campaigns, n) ?? 'cmp_fuzz' }) },
  'GET /api/v1/sites/:siteId/submissions/:submissionId': {},
  'DELETE /api/v1/sites/:siteId/submissions/:submissionId': {},
  'POST /api/v1/consent': {
    body: (_w, n) => ({
      session_id: `fuzz-${n}`,
      ...(n % 3 === 0 ? {} : { device_id: `fuzz-dev-${n % 20}` }),
      choices: { analytics: n % 2 === 0, marketing: n % 4 === 0 },
      source: (['default', 'banner', 'gpc', 'api'] as const)[n % 4]!,
      ...(n % 5 === 0 ? {} : { policy_version: `2026-${1 + (n % 12)}` }),
    }),
    beaconField: 'runtime_token',
  },
  'GET /api/v1/sites/:siteId/consents': { query: (_w, n): Record<string, string> => (n % 2 ? { limit: '2' } : { limit: '2', device_id: `fuzz-dev-${n % 20}` }) },
  'POST /api/v1/sites/:siteId/workflows': {
    learn: (w, data) => cap(w.workflows, data.workflow_id, 20),
    body: (_w, n) => ({ name: `Fuzz ${n}`, status: n % 2 ? 'active' : 'paused', trigger: { on: ['event', 'conversion', 'publisher_report', 'experiment'][n % 4]!, ...(n % 3 === 0 ? { conditions: [{ path: '/properties/total', op: 'gt', value: n }] } : {}) }, action: { type: 'webhook', url: `https://hooks.example.com/${n}` } }),
  },
  'GET /api/v1/sites/:siteId/workflows': { query: () => ({ limit: '2' }) },
  'GET /api/v1/sites/:siteId/workflows/:workflowId': {},
  'PATCH /api/v1/sites/:siteId/workflows/:workflowId': { body: (_w, n): Record<string, Json> => (n % 2 ? { name: `Renamed ${n}` } : { status: 'paused' }) },
  'DELETE /api/v1/sites/:siteId/workflows/:workflowId': {},
  'POST /api/v1/sites/:siteId/workflows/:workflowId/rotate-secret': {},
  'GET /api/v1/sites/:siteId/workflows/:workflowId/deliveries': { query: (_w, n): Record<string, string> => (n % 2 ? { status: 'failed', limit: '2' } : {}) },
  'POST /api/v1/sites/:siteId/workflows/:workflowId/deliveries/:deliveryId/replay': {},
  'POST /api/v1/sites/:siteId/integrations': {
    learn: (w, data) => cap(w.integrations, data.integration_id, 20),
    body: (_w, n) => ({
      kind: n % 2 ? 'awin' : 'cj',
      credentials: { api_token: `fuzz-token-${n}`, account_id: String(100000 + (n % 1000)), ...(n % 3 === 0 ? { website_id: `site-${n % 7}` } : {}) },
      currency: n % 2 ? null : 'EUR',
      every_minutes: 15 + (n % 100),
      lookback_days: 1 + (n % 90),
      status: n % 4 === 0 ? 'active' : 'paused',
    }),
  },
  'GET /api/v1/sites/:siteId/integrations': { query: () => ({ limit: '2' }) },
  'GET /api/v1/sites/:siteId/integrations/:integrationId': {},
  'PATCH /api/v1/sites/:siteId/integrations/:integrationId': {
    body: (_w, n): Record<string, Json> => (n % 3 === 0 ? { status: n % 2 ? 'active' : 'paused' } : n % 3 === 1 ? { every_minutes: 15 + (n % 60), lookback_days: 1 + (n % 90) } : { credentials: { api_token: `fuzz-new-${n}`, account_id: '4567890' } }),
  },
  'DELETE /api/v1/sites/:siteId/integrations/:integrationId': {},
  'GET /api/v1/sites/:siteId/integrations/:integrationId/runs': { query: () => ({ limit: '2' }) },
  'POST /api/v1/sites/:siteId/integrations/:integrationId/run': {},
  'GET /api/v1/sites/:siteId/analytics/summary': { query: (_w, n): Record<string, string> => (n % 2 ? { from: '2026-10-01', to: '2026-11-01', tz: 'America/New_York', currency: 'EUR' } : {}) },
  'GET /api/v1/sites/:siteId/analytics/timeseries': { query: (_w, n): Record<string, string> => (n % 2 ? { metric: 'visitors', interval: 'hour', from: '2026-10-31', to: '2026-11-02', tz: 'America/New_York' } : { metric: 'revenue', currency: 'EUR' }) },
  'GET /api/v1/sites/:siteId/analytics/top': { query: (_w, n): Record<string, string> => (n % 2 ? { dimension: 'page', limit: '5' } : { dimension: 'referrer_host', tz: 'Asia/Kolkata' }) },
  'GET /api/v1/sites/:siteId/analytics/funnel': { query: (_w, n): Record<string, string> => (n % 2 ? { steps: 'page_view,product_view,add_to_cart,purchase', window_minutes: '30' } : { steps: 'product_view,purchase' }) },
  'GET /api/v1/sites/:siteId/analytics/campaigns': { query: (_w, n): Record<string, string> => (n % 2 ? { from: '2026-10-01', to: '2026-11-01', tz: 'Europe/Paris' } : {}) },
};

/** A campaign (CONTRACT §9) of one of the three kinds, now and then active or gated by an experiment of the main site. */
function fuzzCampaign(w: World, n: number): Record<string, Json> {
  const contents: [string, Record<string, Json>][] = [
    ['overlay', { template: 'modal', title: `Fuzz ${n}`, form: { form_id: 'f', fields: [{ name: 'email', type: 'email', label: 'Email', required: true }] } }],
    ['chatbot', { greeting: 'Hi', intents: [{ intent_id: 'a', patterns: ['ship'], reply: 'Soon' }], fallback_reply: '?' }],
    ['recommendation', { placement: 'home', strategy: 'popular', limit: 4 }],
  ];
  const [kind, content] = contents[n % 3]!;
  return {
    name: `Fuzz campaign ${n}`,
    kind,
    content,
    status: n % 2 ? 'active' : 'draft',
    targeting: { url_include: ['/products/*'], devices: ['desktop'] },
    trigger: n % 4 === 0 ? { on: 'delay', delay_ms: 500 } : { on: 'page_load' },
    ...(n % 5 === 0 && w.experiments.length > 0 ? { experiment_id: w.experiments[n % w.experiments.length]! } : {}),
  };
}

/** A product (CONTRACT §8) without its id; now and then naming a media item of the main site. */
function fuzzProduct(w: World, n: number): Record<string, Json> {
  return {
    title: `Fuzz product ${n}`,
    url: `https://shop.example/p/${n}`,
    price: { amount: 9.99 + (n % 7), currency: 'EUR' },
    ...(n % 5 === 0 ? { sale_price: { amount: 5, currency: 'EUR' } } : {}),
    availability: n % 3 ? 'in_stock' : 'preorder',
    categories: ['A > B', `A > C${n % 3}`],
    attributes: { color: n % 2 ? 'red' : 'blue' },
    brand: 'Fuzz',
    ...(n % 4 === 0 && w.media.length > 0 ? { image_media_id: w.media[n % w.media.length] } : {}),
  };
}

/** Public routes outside /api worth hitting (and /api ones answered the same way), by weight. */
const PUBLIC_PAGES = ['/health', '/ready', '/sdk/v1/storefront.js'];
const LIGHT = new Set(['GET /health', 'GET /ready', 'GET /sdk/v1/storefront.js', 'GET /api/v1/health', 'GET /api/v1/ready', 'GET /api/v1/openapi.json']);

function routeSpecs(w: World): { specs: RouteSpec[]; missing: string[] } {
  const missing: string[] = [];
  const declared = [
    ...w.t.app.routeCatalog,
    ...PUBLIC_PAGES.map((url) => ({ method: 'GET', url, auth: 'public' as const })),
  ];
  const specs = declared.map((r) => {
    const id = `${r.method} ${r.url}`;
    const example = EXAMPLES[id];
    if (!example) missing.push(id);
    const hasBody = example?.body !== undefined;
    return {
      method: r.method,
      url: r.url,
      auth: r.auth,
      weight: LIGHT.has(id) ? 0.25 : hasBody || ['POST', 'PATCH', 'PUT'].includes(r.method) ? 4 : 2,
      declaresBody: hasBody,
      ...example,
    } satisfies RouteSpec;
  });
  return { specs, missing };
}

// ---------------------------------------------------------------------------------------------------
// Building one request

interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
  /** The parsed body when it is JSON the route parses, for the poison expectation. */
  parsed?: unknown;
  /** A path parameter or the query was fuzzed (a bad URL is refused before the body is looked at). */
  urlFuzzed: boolean;
  /** Where the URL holds a U+0000 that the route's params or query schema must refuse. */
  urlNul: 'path parameter' | 'query' | null;
  poison: string[];
}

const garbageHeaders = (g: number, w: World): Record<string, string> => {
  const options: Record<string, string>[] = [
    {},
    { authorization: 'Bearer' },
    { authorization: `Bearer ${'x'.repeat(g % 5000)}` },
    { authorization: `Basic ${'YQ=='}` },
    { authorization: `Bearer ${w.apiKey}` },
    { 'x-api-key': `sk_${'a'.repeat(g % 100)}` },
    { 'x-api-key': w.apiKey, authorization: `Bearer ${w.idTokens.owner}` },
    { 'x-platform-signature': `t=${g},n=${'a'.repeat(16)},v1=00` },
    { 'x-platform-signature': 't=,n=,v1=' },
    { authorization: `Bearer ${w.idTokens.owner}.x` },
    { authorization: `Bearer ${w.runtime.token}` }, // without Origin
    { authorization: `Bearer ${w.runtime.token}`, origin: 'https://evil.example' },
  ];
  return options[g % options.length]!;
};

function credentialFor(spec: RouteSpec, plan: Plan, w: World, url: string, payload: string | undefined): Record<string, string> {
  if (plan.garbage !== null && spec.auth !== 'public') return garbageHeaders(plan.garbage, w);
  if (spec.auth === 'public') return { origin: ORIGIN };
  const kinds = (['runtime', 'apiKey', 'merchant', 'platform'] as const).filter((k) => Boolean((spec.auth as AuthSpec)[k]));
  const kind = kinds[plan.cred % kinds.length]!;
  switch (kind) {
    case 'runtime':
      return { authorization: `Bearer ${w.runtime.token}`, origin: ORIGIN };
    case 'apiKey':
      return { 'x-api-key': w.apiKey };
    case 'merchant': {
      const r = plan.cred % 20;
      return bearer(r < 17 ? w.idTokens.owner : r < 19 ? w.idTokens.member : w.idTokens.stranger);
    }
    case 'platform':
      return { 'x-platform-signature': w.t.platformSignature({ method: spec.method, url, body: payload ?? '' }) };
  }
}

/** Whether a URL component decodes to text holding U+0000 (a component that does not decode stays as sent). */
const decodesToNul = (v: UrlValue) => (v.raw ? v.s.includes('%00') && !/%(?!00|2F|25|20)/i.test(v.s.replace(/%00/g, '')) : v.s.includes('\u0000') && !LONE_SURROGATE.test(v.s));
const KNOWN_PARAMS = new Set(['siteId', 'keyId', 'eventId', 'orderId', 'experimentId', 'productId', 'mediaId', 'campaignId', 'submissionId', 'workflowId', 'integrationId']);

function fillParams(spec: RouteSpec, plan: Plan, w: World): { path: string; nul: boolean } {
  const chosen: Record<string, string> = {};
  let i = 0;
  let nul = false;
  const path = spec.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const p = plan.params[i++ % plan.params.length]!;
    let real: string | undefined;
    if (!p.fuzz) {
      switch (name) {
        case 'siteId':
          real = spec.method === 'GET' ? pick([...w.scratchSites, w.main], p.pick) : pick(w.scratchSites, p.pick);
          break;
        case 'keyId': {
          const own = w.keys.filter((k) => k.siteId === chosen.siteId);
          real = pick(own.length > 0 ? own : w.keys, p.pick)?.keyId;
          break;
        }
        case 'experimentId':
          real = pick(w.experiments, p.pick);
          break;
        case 'eventId':
          real = pick(w.events, p.pick);
          break;
        case 'orderId':
          real = pick(w.orders, p.pick);
          break;
        case 'productId':
          real = pick(w.products, p.pick);
          break;
        case 'mediaId':
          real = pick(w.media, p.pick);
          break;
        case 'campaignId':
          real = pick(w.campaigns, p.pick);
          break;
        case 'workflowId':
          real = pick(w.workflows, p.pick);
          break;
        case 'integrationId':
          real = pick(w.integrations, p.pick);
          break;
      }
    }
    const value = real ?? encodeUrlValue(p.value);
    chosen[name] = real ?? '';
    if (!real && KNOWN_PARAMS.has(name) && decodesToNul(p.value)) nul = true;
    return real ? encodeURIComponent(real) : value;
  });
  return { path, nul };
}

function buildQuery(spec: RouteSpec, plan: Plan, w: World): { query: string; nul: boolean } {
  const q = plan.query;
  const resolve = (v: UrlValue | '@cursor' | '@site' | '@othersite'): string =>
    v === '@cursor' ? encodeURIComponent(pick(w.cursors, plan.n) ?? 'x.y') : v === '@site' ? w.main : v === '@othersite' ? w.other : encodeUrlValue(v);
  const base = spec.query?.(w, plan.n) ?? {};
  // [name, value, whether the pair decodes to text holding U+0000]
  let pairs: [string, string, boolean][] = Object.entries(base).map(([k, v]) => [k, encodeURIComponent(v), false]);
  if (spec.method !== 'GET' && q.mode !== 'random') return { query: '', nul: false };
  if (q.mode === 'mutate' && pairs.length > 0 && q.drop % 3 === 0) pairs.splice(q.drop % pairs.length, 1);
  if (q.mode !== 'valid') {
    for (const [k, v] of q.pairs) {
      const pair: [string, string, boolean] = [encodeUrlValue(k), resolve(v), decodesToNul(k) || (typeof v === 'object' && decodesToNul(v))];
      const at = pairs.findIndex(([name]) => name === pair[0]);
      if (at >= 0 && !q.duplicate) pairs[at] = pair;
      else pairs.push(pair);
    }
  }
  if (q.mode === 'random') pairs = pairs.filter((p) => !Object.hasOwn(base, p[0]) || q.drop % 2 === 0);
  return { query: pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`, nul: pairs.some((p) => p[2]) };
}

const CONTENT_TYPES = ['application/json; charset=utf-8', 'application/vnd.api+json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'text/plain; charset=utf-8', 'application/json'];

function build(spec: RouteSpec, plan: Plan, w: World): Built {
  const params = fillParams(spec, plan, w);
  const query = buildQuery(spec, plan, w);
  const url = params.path + query.query;
  const takesBody = spec.method !== 'GET' && spec.method !== 'HEAD' && (spec.method !== 'DELETE' || plan.n % 4 === 0);
  let payload: string | undefined;
  let value: Json | undefined;
  const valid = spec.body?.(w, plan.n);
  let beaconCredential = false;
  if (takesBody) {
    const raws = new Map<string, string>();
    const base: Json = valid === undefined ? {} : valid;
    switch (plan.body.kind) {
      case 'valid':
        value = valid;
        break;
      case 'mutated':
        value = mutate(base, plan.body.mutations, raws);
        break;
      case 'random':
        value = clone(plan.body.value);
        break;
      case 'raw':
        payload = plan.body.text(valid === undefined ? '' : JSON.stringify(valid));
        break;
    }
    // Beacon form: the runtime token in the body, no credential header, text/plain.
    if (spec.beaconField && plan.beacon && plan.garbage === null && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      value = { ...value, [spec.beaconField]: w.runtime.token };
      beaconCredential = true;
    }
    if (payload === undefined && value !== undefined) payload = serialise(value, raws);
  }
  const headers: Record<string, string> = beaconCredential ? { origin: ORIGIN } : credentialFor(spec, plan, w, url, payload);
  if (payload !== undefined) {
    const c = plan.contentType;
    headers['content-type'] = beaconCredential ? 'text/plain' : c < 90 ? 'application/json' : CONTENT_TYPES[c % CONTENT_TYPES.length]!;
  }
  const ct = headers['content-type'] ?? '';
  const parsesAsJson = /^application\/(json|[a-z0-9.+-]*\+json)/.test(ct) || (ct.startsWith('text/plain') && spec.beaconField !== undefined);
  let parsed: unknown;
  let poison: string[] = [];
  if (payload !== undefined && parsesAsJson && !ct.includes('utf-16')) {
    try {
      parsed = JSON.parse(payload);
      poison = poisonPointers(parsed);
    } catch {
      parsed = undefined;
    }
  }
  const ip = plan.ip;
  return {
    method: spec.method,
    url,
    headers,
    payload,
    remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    parsed,
    urlFuzzed: (spec.url.includes(':') && plan.params.some((p) => p.fuzz)) || (url.includes('?') && plan.query.mode !== 'valid'),
    urlNul: params.nul ? 'path parameter' : query.nul && spec.query ? 'query' : null,
    poison,
  };
}

// ---------------------------------------------------------------------------------------------------
// Checking one answer

/** Answers that are documents, not envelopes, when they succeed. */
const NOT_ENVELOPED = new Set(['/api/v1/openapi.json', '/sdk/v1/storefront.js']);
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function problemsOf(spec: RouteSpec, req: Built, res: LightMyRequestResponse): { kind: string; code: string }[] {
  const problems: { kind: string; code: string }[] = [];
  const status = res.statusCode;
  const type = String(res.headers['content-type'] ?? '');
  let body: any;
  if (type.includes('json')) {
    try {
      body = JSON.parse(res.body);
    } catch {
      problems.push({ kind: 'answer is not JSON', code: '' });
    }
  }
  const code = typeof body?.error?.code === 'string' ? body.error.code : '';
  if (status >= 500) problems.push({ kind: `answered ${status}`, code });
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push({ kind: 'no X-Content-Type-Options: nosniff', code });
  if (status >= 400 && body === undefined) problems.push({ kind: 'error without the JSON envelope', code: type });
  const document = status < 300 && NOT_ENVELOPED.has(spec.url);
  if (body !== undefined && !document) {
    if (body.success !== (status >= 200 && status < 300)) problems.push({ kind: 'success does not match the status', code });
    if (!body.meta || !ISO_MS.test(body.meta.timestamp) || body.meta.request_id !== res.headers['x-request-id']) problems.push({ kind: 'meta is not { timestamp, request_id }', code });
    if (status >= 400) {
      const e = body.error;
      const detailsOk =
        e?.details === undefined ||
        (Array.isArray(e.details) && e.details.every((d: any) => typeof d?.path === 'string' && (d.path === '' || d.path.startsWith('/')) && typeof d.code === 'string' && typeof d.message === 'string'));
      if (typeof e?.code !== 'string' || !/^[a-z_]+$/.test(e.code) || typeof e.message !== 'string' || !detailsOk) problems.push({ kind: 'error envelope malformed', code });
      if (e?.message === 'A value in the request cannot be stored') problems.push({ kind: 'the database refused a value the boundary let through (netted 400)', code });
    }
  }
  // The string rule: a body with U+0000 or a lone surrogate is not accepted, except its items failing alone in a batch.
  const items = spec.items;
  const itemArray = items ? (req.parsed as Record<string, unknown>)?.[items.slice(1)] : undefined;
  // Poison outside the batch's items: the request's own (its items answer for theirs, one by one).
  const outside = req.poison.filter((p) => !(items && Array.isArray(itemArray) && new RegExp(`^${items}/\\d+(/|$)`).test(p)));
  if (spec.declaresBody && req.poison.length > 0 && body !== undefined && status >= 200 && status < 300) {
    if (outside.length > 0) problems.push({ kind: `2xx for a body with U+0000 or a lone surrogate (at ${outside[0]})`, code: String(status) });
    else {
      const indexes = new Set(req.poison.map((p) => Number(p.slice(items!.length + 1).split('/')[0])));
      for (const i of indexes) {
        const r = body.data?.results?.[i];
        const failed = r && (r.success === false || r.status === 'error');
        if (!failed) problems.push({ kind: `batch item with U+0000 or a lone surrogate not refused (${items}/${i})`, code: String(status) });
      }
    }
  }
  if (req.urlNul && status >= 200 && status < 300) problems.push({ kind: `2xx for a ${req.urlNul} with U+0000`, code: String(status) });
  // A request refused for its own poison names it; poison only inside items may meet an envelope refused for another reason.
  if (spec.declaresBody && outside.length > 0 && !req.urlFuzzed && status === 400 && code === 'validation_failed') {
    const details: any[] = body?.error?.details ?? [];
    const named = details.some((d) => d.code === 'encoding' || d.code === 'too_deep') || details.length >= 20;
    if (!named) problems.push({ kind: 'U+0000 / lone surrogate refused without an encoding detail', code });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// The run

interface Failure {
  count: number;
  request: string;
  answer: string;
  stack?: string;
}

const truncate = (s: string | undefined, n: number) => (s === undefined ? '' : s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
const show = (s: string | undefined, n: number) => JSON.stringify(truncate(s, n)).slice(1, -1);

async function setupWorld(t: TestApp): Promise<World> {
  const main = await t.createSite({ publisherMode: true });
  const other = await t.createSite({ publisherMode: true });
  const { apiKey } = await t.createKey(main.siteId, undefined, { rateLimitPerHour: BIG });
  const ownerToken = await t.idToken(main.owner, 86_400);
  const owner = bearer(ownerToken);
  const w: World = {
    t,
    main: main.siteId,
    other: other.siteId,
    owner: main.owner,
    member: main.member,
    apiKey,
    idTokens: { owner: ownerToken, member: await t.idToken(main.member, 86_400), stranger: await t.idToken('fuzz-stranger', 86_400) },
    runtime: { token: await t.runtimeToken(main.siteId), at: Date.now() },
    scratchSites: [],
    keys: [],
    experiments: [],
    events: [],
    orders: [],
    touches: [],
    assignments: [],
    cursors: [],
    products: [],
    media: [],
    campaigns: [],
    workflows: [],
    integrations: [],
  };
  const ok = async (method: 'POST' | 'PATCH', url: string, payload: object, headers: Record<string, string> = owner) => {
    const res = await t.inject({ method, url, headers, payload });
    assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  // No 429s: the key has a huge hourly limit, the sites' runtime limits are raised, and addresses vary.
  const limits = { config: { runtime_events_per_hour: BIG, runtime_rate_limit_per_ip_per_hour: BIG } };
  await ok('PATCH', `/api/v1/sites/${main.siteId}`, limits);
  for (let i = 0; i < 2; i += 1) {
    const site = await ok('POST', '/api/v1/sites', { name: `Scratch ${i}`, origins: [ORIGIN] });
    await ok('PATCH', `/api/v1/sites/${site.site_id}`, limits);
    w.scratchSites.push(site.site_id);
    const key = await ok('POST', `/api/v1/sites/${site.site_id}/api-keys`, { scopes: ['events:write'] });
    w.keys.push({ siteId: site.site_id, keyId: key.key_id });
  }
  const experiment = (n: number) => EXAMPLES['POST /api/v1/partner-experiments']!.body!(w, n) as object;
  for (let i = 0; i < 4; i += 1) w.experiments.push((await ok('POST', '/api/v1/partner-experiments', experiment(-i - 1))).experiment_id);
  await ok('POST', `/api/v1/partner-experiments/${w.experiments[0]}/start`, {});
  await ok('POST', `/api/v1/partner-experiments/${w.experiments[1]}/start`, {});
  await ok('POST', `/api/v1/partner-experiments/${w.experiments[1]}/stop`, {});
  const server = { 'x-api-key': apiKey };
  const browser = { authorization: `Bearer ${w.runtime.token}`, origin: ORIGIN };
  w.events.push((await ok('POST', '/api/v1/events/track', event('page_view'), server)).event_id);
  const touched = await ok('POST', '/api/v1/partner-attribution/touches', { touches: [touch({ touch_id: 'setup-touch' })] }, browser);
  w.touches.push(touched.results[0].touch_id);
  const assigned = await ok('POST', '/api/v1/partner-experiments/assignments', { session_id: 'setup-session' }, browser);
  for (const a of assigned.assignments) w.assignments.push(a.assignment_id);
  for (const order of ['setup-order-1', 'setup-order-2']) {
    await ok('POST', '/api/v1/partner-attribution/conversions', { event_type: 'purchase', conversion: purchase(w.main, { order_id: order }) }, server);
    w.orders.push(order);
  }
  for (let i = 0; i < 2; i += 1) {
    const upload = fileBody(png(i + 2, 2));
    const res = await t.inject({ method: 'POST', url: `/api/v1/sites/${main.siteId}/media`, headers: { ...owner, ...upload.headers }, payload: upload.payload });
    assert.equal(res.statusCode, 201, res.body);
    w.media.push(res.json().data.media_id);
  }
  for (let i = 0; i < 3; i += 1) {
    const res = await t.inject({ method: 'PUT', url: `/api/v1/sites/${main.siteId}/products/fuzz-${i}`, headers: owner, payload: fuzzProduct(w, i) });
    assert.ok(res.statusCode < 300, res.body);
    w.products.push(`fuzz-${i}`);
  }
  for (let i = 0; i < 6; i += 1) w.campaigns.push((await ok('POST', `/api/v1/sites/${main.siteId}/campaigns`, fuzzCampaign({ ...w, experiments: [] }, i))).campaign_id);
  for (let i = 0; i < 3; i += 1) {
    const body = { name: `W${i}`, trigger: { on: 'event', event_types: ['purchase'] }, action: { type: 'webhook', url: 'https://hooks.example.com/w' } };
    w.workflows.push((await ok('POST', `/api/v1/sites/${main.siteId}/workflows`, body)).workflow_id);
  }
  for (let i = 0; i < 2; i += 1) {
    const body = { kind: i ? 'cj' : 'awin', credentials: { api_token: `setup-token-${i}`, account_id: '189069' }, currency: 'EUR', status: 'paused' };
    w.integrations.push((await ok('POST', `/api/v1/sites/${main.siteId}/integrations`, body)).integration_id);
  }
  const page = await t.inject({ method: 'GET', url: '/api/v1/sites?limit=1', headers: owner });
  if (page.json().meta.next_cursor) w.cursors.push(page.json().meta.next_cursor);
  return w;
}

function planChunk(chunk: number, size: number): Omit<Plan, 'n'>[] {
  return fc.sample(planArb, { seed: (SEED + chunk * 7919) | 0, numRuns: size });
}

function pickRoute(specs: RouteSpec[], n: number): RouteSpec {
  const total = specs.reduce((s, r) => s + r.weight, 0);
  let x = (n / 1_000_000) * total;
  for (const r of specs) {
    x -= r.weight;
    if (x < 0) return r;
  }
  return specs[specs.length - 1]!;
}

async function answerWithin(promise: Promise<LightMyRequestResponse>, ms: number): Promise<LightMyRequestResponse | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const stacks = new Map<string, string>();

forEachEngine(
  'fuzz: every route',
  (t) => {
    // The string rule's batch clause, pinned down: the fuzz only sees that a poisoned item is not stored.
    const poisonedItems = async () => {
      const site = await t().createSite({ publisherMode: true });
      const key = await t().createKey(site.siteId, undefined, { rateLimitPerHour: BIG });
      return { 'x-api-key': key.apiKey };
    };

    it('fails only the batch item holding U+0000 or a lone surrogate (events)', async () => {
      const server = await poisonedItems();
      for (const [bad, path] of [
        [event('custom', { properties: { event_name: 'a\u0000b' } }), '/events/0/properties/event_name'],
        [event('page_view', { properties: { ['k\ud800']: 1 } }), '/events/0/properties/k\ud800'],
        [event('page_view', { session_id: 'x\udfff' }), '/events/0/session_id'],
      ] as const) {
        const res = await t().inject({ method: 'POST', url: '/api/v1/events/batch', headers: server, payload: { events: [bad, event('page_view')] } });
        assert.equal(res.statusCode, 207, res.body);
        const [first, second] = res.json().data.results;
        assert.equal(first.success, false);
        assert.equal(first.error.code, 'validation_failed');
        assert.ok(first.error.details.some((d: { path: string; code: string }) => d.path === path && d.code === 'encoding'), JSON.stringify(first.error));
        assert.equal(second.success, true, res.body);
      }
    });

    it(
      'fails only the batch item holding U+0000 or a lone surrogate (publisher reports)',
      async () => {
        const server = await poisonedItems();
        const record = (n: number, reference: string) => ({
          provider_transaction_id: `tx-poison-${n}`, reference, status: 'approved', sale_amount: 10, commission_amount: 1, currency: 'EUR', transaction_at: PAST(1), updated_at: PAST(1),
        });
        const res = await t().inject({
          method: 'POST',
          url: '/api/v1/publisher/reports',
          headers: server,
          payload: { provider: 'awin', records: [{ ...record(1, ref(1)), order_ref: 'o\u0000' }, record(2, ref(2))] },
        });
        assert.equal(res.statusCode, 207, res.body);
        const [first, second] = res.json().data.results;
        assert.equal(first.status, 'error');
        assert.ok(first.error.details.some((d: { path: string; code: string }) => d.path === '/records/0/order_ref' && d.code === 'encoding'), JSON.stringify(first.error));
        assert.equal(second.status, 'created');
      },
    );

    it('answers every request below 500, in the envelope, and never accepts U+0000 or a lone surrogate', async (ctx: TestContext) => {
      const app = t();
      const runs = Math.ceil(RUNS / ENGINES.length);
      const w = await setupWorld(app);
      const { specs, missing } = routeSpecs(w);
      if (missing.length > 0) ctx.diagnostic(`routes without a valid example (fuzzed from {} and random JSON only): ${missing.join(', ')}`);
      const failures = new Map<string, Failure>();
      const statuses = new Map<number, number>();
      const perRoute = new Map<string, number>();
      const routeMs = new Map<string, number>();
      const started = Date.now();
      let n = 0;
      let chunk = 0;
      let queue: Omit<Plan, 'n'>[] = [];
      let genMs = 0;
      let buildMs = 0;

      const next = (): Plan | undefined => {
        if (n >= runs) return undefined;
        if (queue.length === 0) {
          const g0 = performance.now();
          queue = planChunk(chunk++, CHUNK);
          genMs += performance.now() - g0;
        }
        return { ...queue.shift()!, n: n++ };
      };

      const one = async (plan: Plan) => {
        if (Date.now() - w.runtime.at > 5 * 60_000) w.runtime = { token: await app.runtimeToken(w.main), at: Date.now() };
        const spec = pickRoute(specs, plan.route);
        let req: Built;
        const b0 = performance.now();
        try {
          req = build(spec, plan, w);
          buildMs += performance.now() - b0;
        } catch (err) {
          const key = `the fuzz could not build a request | ${spec.method} ${spec.url} | ${(err as Error).message}`;
          failures.set(key, { count: (failures.get(key)?.count ?? 0) + 1, request: JSON.stringify(plan).slice(0, 600), answer: '', stack: (err as Error).stack });
          return;
        }
        const routeId = `${spec.method} ${spec.url}`;
        perRoute.set(routeId, (perRoute.get(routeId) ?? 0) + 1);
        const describe = () =>
          `${req.method} ${show(req.url, 300)} headers=${show(JSON.stringify(Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, k === 'content-type' || k === 'origin' ? v : `${v.slice(0, 12)}…`]))), 200)} body=${show(req.payload, 600)}`;
        const record = (kind: string, code: string, answer: string, stack?: string) => {
          const key = `${kind} | ${routeId} | ${code}`;
          const f = failures.get(key);
          if (f) f.count += 1;
          else failures.set(key, { count: 1, request: describe(), answer: truncate(answer, 600), stack });
        };
        let res: LightMyRequestResponse | 'timeout';
        const sentAt = performance.now();
        try {
          res = await answerWithin(
            app.app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.payload, remoteAddress: req.remoteAddress }),
            ANSWER_TIMEOUT_MS,
          );
        } catch (err) {
          record('inject threw', String((err as Error).message), '', (err as Error).stack);
          return;
        }
        if (res === 'timeout') {
          record(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`, '', '');
          return;
        }
        routeMs.set(routeId, (routeMs.get(routeId) ?? 0) + performance.now() - sentAt);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const requestId = String(res.headers['x-request-id'] ?? '');
        const stack = stacks.get(requestId);
        stacks.delete(requestId);
        for (const p of problemsOf(spec, req, res)) {
          record(p.kind, p.code, `${res.statusCode} ${res.body}`, stack);
        }
        if (res.statusCode < 300 && res.headers['content-type']?.toString().includes('json')) {
          try {
            const body = JSON.parse(res.body);
            if (body?.meta?.next_cursor) cap(w.cursors, body.meta.next_cursor, 50);
            if (spec.learn && body?.data && req.parsed !== undefined) spec.learn(w, body.data, req.parsed as Json);
          } catch {
            // reported above
          }
        }
      };

      const worker = async () => {
        for (let plan = next(); plan; plan = next()) await one(plan);
      };
      await Promise.all(Array.from({ length: CONCURRENCY[app.engine] }, worker));
      const seconds = (Date.now() - started) / 1000;
      stacks.clear();

      ctx.diagnostic(`${app.engine}: ${n} requests in ${seconds.toFixed(1)} s (${(n / seconds).toFixed(0)}/s), seed ${SEED}`);
      ctx.diagnostic(`generating plans ${(genMs / 1000).toFixed(1)} s, building requests ${(buildMs / 1000).toFixed(1)} s`);
      ctx.diagnostic(`statuses: ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, c]) => `${s}×${c}`).join(' ')}`);
      ctx.diagnostic(
        `per route (requests, mean ms): ${[...perRoute].sort((a, b) => (routeMs.get(b[0]) ?? 0) - (routeMs.get(a[0]) ?? 0)).map(([r, c]) => `${r} ${c} ${((routeMs.get(r) ?? 0) / c).toFixed(1)}`).join('; ')}`,
      );

      const health = await app.inject({ method: 'GET', url: '/health' });
      assert.equal(health.statusCode, 200, 'the app still answers /health');
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      assert.equal(ready.statusCode, 200, `the app is still ready: ${ready.body}`);
      // Stored rows: PostgreSQL itself refuses U+0000 (22P05) and would get a lone surrogate as U+FFFD
      // from the driver, which no query can tell from a U+FFFD a client sent. So the sound check is the
      // one above, per answer: no body holding either was acknowledged (2xx) outside a failed batch item.
      assert.equal(failures.size, 0, `${failures.size} distinct failures:\n${[...failures].map(([key, f]) => `- ${key} (×${f.count})\n    request: ${f.request}\n    answer: ${show(f.answer, 600)}${f.stack ? `\n    stack: ${f.stack.split('\n').slice(0, 8).join('\n      ')}` : ''}`).join('\n')}`);
    });
  },
  {
    // Integration runs that run-due starts read a closed loopback port, never a network's real API.
    env: { AWIN_API_URL: 'http://127.0.0.1:9', CJ_API_URL: 'http://127.0.0.1:9/query' },
    extend(app) {
      // The stack of every error answered ≥ 500, for the report (the test app logs nothing).
      app.addHook('onError', async (request, _reply, error) => {
        if (!(error instanceof AppError) && !(error as { validation?: unknown }).validation) stacks.set(request.id, error.stack ?? String(error));
      });
    },
  },
);
