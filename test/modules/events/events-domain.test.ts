import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseIsoTimestamp } from '../../../src/domain/timestamps.js';
import { isHttpUrl, stripClickParams } from '../../../src/domain/urls.js';
import { dedupKey, eventIdOf } from '../../../src/modules/events/dedup-key.js';
import { profileUpdates } from '../../../src/modules/events/profiles.js';
import { checkEventInput } from '../../../src/modules/events/event-input.js';
import { validateEvent, type ValidEvent } from '../../../src/modules/events/validate-event.js';

describe('parseIsoTimestamp', () => {
  const cases: [string, string | null][] = [
    ['2026-11-21T22:28:01.123Z', '2026-11-21T22:28:01.123Z'],
    ['2026-11-21T22:28:01.123456+01:00', '2026-11-21T21:28:01.123Z'],
    ['2026-11-21T22:28:01-0530', '2026-11-22T03:58:01.000Z'],
    ['2026-11-21T22:28Z', '2026-11-21T22:28:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['2026-02-29T00:00:00Z', null],
    ['2026-02-30T00:00:00Z', null],
    ['2026-11-21T24:00:00Z', null],
    ['2026-11-21T22:60:00Z', null],
    ['2026-11-21T22:28:01', null],
    ['2026-11-21', null],
    ['21/11/2026 10:00', null],
    ['2026-11-21T22:28:01+25:00', null],
    // Four-digit years from 1970 on (CONTRACT §7); never re-mapped to 19xx.
    ['0000-01-01T00:00:00Z', null],
    ['0042-06-01T00:00:00Z', null],
    ['0099-12-31T23:59:59Z', null],
    ['1969-12-31T23:59:59.999Z', null],
    ['1970-01-01T00:30:00+01:00', null],
    ['1970-01-01T00:00:00Z', '1970-01-01T00:00:00.000Z'],
    ['2000-02-29T12:00:00Z', '2000-02-29T12:00:00.000Z'],
    ['2100-02-29T12:00:00Z', null],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['12026-11-21T22:28:01Z', null],
    ['+002026-11-21T22:28:01Z', null],
  ];
  for (const [input, expected] of cases) {
    it(`${input} → ${expected}`, () => {
      const ms = parseIsoTimestamp(input);
      assert.equal(ms === null ? null : new Date(ms).toISOString(), expected);
    });
  }
  it('round-trips every ISO string Date produces from 1970 to 9999, and agrees with Date.parse', () => {
    fc.assert(fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), (d) => {
      assert.equal(parseIsoTimestamp(d.toISOString()), d.getTime());
      const local = d.toISOString().replace('Z', '+02:30');
      if (d.getTime() >= 9_000_000) assert.equal(parseIsoTimestamp(local), Date.parse(local));
    }));
  });
  it('refuses every year before 1970', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1969 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
      assert.equal(parseIsoTimestamp(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01T00:00:00Z`), null);
    }));
  });
});

describe('stripClickParams', () => {
  const cases: [string, string][] = [
    ['https://a.example/p?awc=1_2_x', 'https://a.example/p'],
    ['https://a.example/p?x=1&awc=1_2_x&y=2', 'https://a.example/p?x=1&y=2'],
    ['https://a.example/p?CJEVENT=abc&sid=1&clickref=r#frag', 'https://a.example/p#frag'],
    ['https://a.example/p?sidebar=1&asid=2', 'https://a.example/p?sidebar=1&asid=2'],
    ['https://a.example/p?x=%20&awc=1', 'https://a.example/p?x=%20'],
    ['https://a.example/p#awc=1', 'https://a.example/p#awc=1'],
    ['https://a.example/p', 'https://a.example/p'],
  ];
  for (const [input, expected] of cases) it(input, () => assert.equal(stripClickParams(input), expected));
  it('leaves no click parameter behind, whatever the query', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.constantFrom('awc', 'cjevent', 'clickref', 'sid', 'AWC'), (url, name) => {
        const [head, frag] = url.split('#');
        const withParam = `${head}${head!.includes('?') ? '&' : '?'}${name}=secret${frag !== undefined ? `#${frag}` : ''}`;
        const stripped = stripClickParams(withParam);
        assert.ok(!new URL(stripped).searchParams.has(name) && !new URL(stripped).searchParams.has(name.toLowerCase()), stripped);
      }),
    );
  });
});

describe('isHttpUrl', () => {
  for (const [u, ok] of [['https://a.example', true], ['http://localhost:8080/x', true], ['/relative', false], ['javascript:alert(1)', false], ['ftp://a.example', false], ['https://', false]] as const) {
    it(`${u} → ${ok}`, () => assert.equal(isHttpUrl(u), ok));
  }
});

const valid = (overrides: Partial<ValidEvent> = {}): ValidEvent => {
  const e = {
    event_type: 'product_view' as const,
    session_id: 's',
    user_id: null,
    device_id: null,
    client_event_id: null,
    occurred_at: Date.UTC(2026, 10, 21),
    properties: { product_id: 'p1' },
    context: { page_url: 'https://a.example/', user_agent: 'ua' },
    ...overrides,
  };
  return { ...e, propertiesJson: JSON.stringify(e.properties), contextJson: JSON.stringify(e.context) };
};

describe('dedupKey', () => {
  it('uses client_event_id when present, else the derived key', () => {
    const a = dedupKey('site_A', 'server', valid({ client_event_id: 'c1' }));
    assert.equal(a.source, 'client_event_id');
    assert.equal(dedupKey('site_A', 'server', valid({ client_event_id: 'c1', session_id: 'other', occurred_at: 0 })).eventId, a.eventId);
    assert.notEqual(dedupKey('site_B', 'server', valid({ client_event_id: 'c1' })).eventId, a.eventId, 'scoped by site');
    const d = dedupKey('site_A', 'server', valid());
    assert.equal(d.source, 'derived');
    assert.match(d.eventId, /^evt_[0-9a-f]{32}$/);
  });
  it('keys a client_event_id per trust class; the derived key is the same for both', () => {
    const server = dedupKey('site_A', 'server', valid({ client_event_id: 'c1' })).eventId;
    const browser = dedupKey('site_A', 'browser', valid({ client_event_id: 'c1' })).eventId;
    assert.notEqual(browser, server);
    assert.equal(dedupKey('site_A', 'browser', valid()).eventId, dedupKey('site_A', 'server', valid()).eventId);
    // Server ids are what they were before the rule (stored ids did not change).
    assert.equal(server, eventIdOf('site_A', JSON.stringify(['client_event_id', 'c1'])));
  });
  it('derived: changes with every field of the key and ignores the others', () => {
    const base = dedupKey('site_A', 'server', valid()).eventId;
    for (const changed of [
      valid({ event_type: 'add_to_cart' }),
      valid({ session_id: 's2' }),
      valid({ occurred_at: Date.UTC(2026, 10, 21) + 1 }),
      valid({ context: { page_url: 'https://a.example/x', user_agent: 'ua' } }),
      valid({ properties: { product_id: 'p2' } }),
      valid({ properties: { product_id: 'p1', campaign_id: 'c' } }),
    ]) {
      assert.notEqual(dedupKey('site_A', 'server', changed).eventId, base);
    }
    for (const same of [
      valid({ user_id: 'u' }),
      valid({ device_id: 'd' }),
      valid({ context: { page_url: 'https://a.example/', user_agent: 'other ua', page_title: 't' } }),
      valid({ properties: { product_id: 'p1', product_price: 3 } }),
    ]) {
      assert.equal(dedupKey('site_A', 'server', same).eventId, base);
    }
  });
});

describe('validateEvent', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  const opts = { pointer: '/events/4', now, bytes: 100 };
  it('prefixes every path with the item pointer', () => {
    const r = validateEvent({ event_type: 'search', session_id: '', context: {} }, opts);
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.deepEqual(r.details.map((d) => d.path).sort(), ['/events/4/context/page_url', '/events/4/context/user_agent', '/events/4/properties/query', '/events/4/session_id']);
    }
  });
  it('accepts up to 5 minutes ahead, not more', () => {
    const at = (ms: number) => validateEvent({ event_type: 'page_view', session_id: 's', occurred_at: new Date(ms).toISOString(), context: { page_url: 'https://a.example/', user_agent: 'u' } }, opts);
    assert.equal(at(now + 5 * 60_000).ok, true);
    assert.equal(at(now + 5 * 60_000 + 1).ok, false);
  });
  it('refuses deep nesting and unstorable strings instead of failing in the database', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i += 1) deep = { d: deep };
    const r = validateEvent({ event_type: 'page_view', session_id: 's', properties: { deep, bad: 'a\ud800b' }, context: { page_url: 'https://a.example/', user_agent: 'u' } }, opts);
    assert.equal(r.ok, false);
    if (!r.ok) assert.deepEqual(r.details.map((d) => d.code).sort(), ['encoding', 'too_deep']);
  });
  it('never throws on arbitrary JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      validateEvent(value, opts);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        validateEvent({ ...value, event_type: 'purchase', context: value }, opts);
      }
    }), { numRuns: 500 });
  });
  it('drops trust fields at any depth, keeps everything else, and never changes what was sent', () => {
    const TRUST = ['trust', 'trust_class', 'trusted'];
    // The reference: a plain recursive copy without those keys.
    const without = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(without);
      if (typeof v !== 'object' || v === null) return v;
      return Object.fromEntries(Object.entries(v).filter(([k]) => !TRUST.includes(k)).map(([k, x]) => [k, without(x)]));
    };
    const key = fc.oneof(fc.constantFrom(...TRUST), fc.constantFrom('a', 'b', 'product_id', 'currency'));
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.boolean(), fc.constant(null), tie('object'), fc.array(tie('value'), { maxLength: 3 })),
      object: fc.dictionary(key, tie('value'), { maxKeys: 4, noNullPrototype: true }),
    }));
    const objects = json.object as fc.Arbitrary<Record<string, unknown>>;
    fc.assert(fc.property(objects, objects, (properties, extra) => {
      const context = { ...extra, page_url: 'https://a.example/?awc=1&x=2', user_agent: 'u' };
      const sent = { event_type: 'page_view', session_id: 's', properties, context };
      const before = JSON.stringify(sent);
      const r = validateEvent(sent, opts);
      assert.equal(JSON.stringify(sent), before, 'the event as sent is untouched');
      assert.equal(r.ok, true);
      if (!r.ok) return;
      assert.deepEqual(r.event.properties, without(properties));
      assert.deepEqual(r.event.context, { ...(without(extra) as object), page_url: 'https://a.example/?x=2', user_agent: 'u' });
      assert.equal(r.event.propertiesJson, JSON.stringify(without(properties)));
    }), { numRuns: 300 });
  });
});

describe('profileUpdates', () => {
  it('merges traits in occurrence order per user, server events only', () => {
    const updates = profileUpdates([
      { siteId: 's', userId: 'u', trustClass: 'server', occurredAt: 2, properties: { traits: { a: 2, b: 2 } } },
      { siteId: 's', userId: 'u', trustClass: 'server', occurredAt: 1, properties: { traits: { a: 1, c: 1 } } },
      { siteId: 's', userId: 'u', trustClass: 'browser', occurredAt: 3, properties: { traits: { a: 3 } } },
      { siteId: 's', userId: null, trustClass: 'server', occurredAt: 3, properties: {} },
      { siteId: 's', userId: 'v', trustClass: 'server', occurredAt: 5, properties: { traits: 'not an object' } },
    ]);
    assert.deepEqual(updates, [
      { siteId: 's', userId: 'u', firstSeen: 1, lastSeen: 2, traits: { a: 2, b: 2, c: 1 }, events: 2 },
      { siteId: 's', userId: 'v', firstSeen: 5, lastSeen: 5, traits: {}, events: 1 },
    ]);
  });
});

describe('event size', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  const base = { event_type: 'custom', session_id: 's', context: { page_url: 'https://a.example/', user_agent: 'u' } };
  it('measures events with only known fields from what is stored, and others exactly', () => {
    const ok = validateEvent({ ...base, properties: { event_name: 'x', blob: 'y'.repeat(31_000) } }, { pointer: '', now });
    assert.equal(ok.ok, true);
    const big = validateEvent({ ...base, properties: { event_name: 'x', blob: 'y'.repeat(40_000) } }, { pointer: '/events/0', now });
    assert.equal(big.ok, false);
    if (!big.ok) assert.equal(big.code, 'payload_too_large');
    const padded = validateEvent({ ...base, properties: { event_name: 'x' }, padding: 'z'.repeat(40_000) }, { pointer: '', now });
    assert.equal(padded.ok, false, 'unknown fields count too');
    const known = validateEvent({ ...base, properties: { event_name: 'x' } }, { pointer: '', now, bytes: 40_000 });
    assert.equal(known.ok, false, 'a size the caller measured wins');
  });
  it('refuses a batch item nested thousands deep before measuring it (JSON.stringify would overflow the stack)', () => {
    // Found by test/http/fuzz.test.ts: a batch item (no size given) with an unknown field and deep nesting was a 500.
    const deep = JSON.parse('[{"k":'.repeat(20_000) + '1' + '}]'.repeat(20_000)) as unknown;
    for (const item of [{ ...base, extra: 1, properties: { event_name: 'x', deep } }, { ...base, extra: deep }, deep]) {
      const r = validateEvent(item, { pointer: '/events/2', now });
      assert.equal(r.ok, false);
      if (!r.ok) {
        assert.equal(r.code, 'validation_failed');
        assert.ok(r.details.some((d) => d.code === 'too_deep' && d.path.startsWith('/events/2')), JSON.stringify(r.details));
      }
    }
  });
});

describe('checkEventInput: the schema of each event type, in the contract\'s words', () => {
  const base = { event_type: 'product_view', session_id: 's', properties: { product_id: 'p' }, context: { page_url: 'https://a.example/', user_agent: 'ua' } };
  const ENUM = 'event_type must be one of page_view, product_view, add_to_cart, remove_from_cart, purchase, search, custom, chatbot_message, recommendation_impression, recommendation_click, overlay_impression, overlay_click, overlay_close, overlay_submit, quiz_start, quiz_answer, quiz_complete';
  const cases: [string, Record<string, unknown>, [string, string, string][]][] = [
    ['event_type missing', { event_type: undefined }, [['/event_type', 'required', 'event_type is required']]],
    ['event_type null', { event_type: null }, [['/event_type', 'required', 'event_type is required']]],
    ['event_type unknown', { event_type: 'page_viewed' }, [['/event_type', 'enum', ENUM]]],
    ['session_id null', { session_id: null }, [['/session_id', 'type', 'session_id must be a string']]],
    ['session_id blank', { session_id: '  ' }, [['/session_id', 'empty', 'session_id must not be empty']]],
    ['session_id long', { session_id: 'x'.repeat(257) }, [['/session_id', 'too_long', 'session_id must be at most 256 characters']]],
    ['user_id a number', { user_id: 5 }, [['/user_id', 'type', 'user_id must be a string']]],
    ['device_id blank and long', { device_id: ' '.repeat(300) }, [['/device_id', 'empty', 'device_id must not be empty']]],
    ['occurred_at a number', { occurred_at: 5 }, [['/occurred_at', 'format', 'occurred_at must be an ISO 8601 timestamp with offset, e.g. 2026-11-21T22:28:01.123Z']]],
    ['properties an array', { properties: [] }, [['/properties', 'type', 'properties must be an object'], ['/properties/product_id', 'required', 'product_id is required for product_view']]],
    ['properties missing', { properties: undefined }, [['/properties/product_id', 'required', 'product_id is required for product_view']]],
    ['product_id null', { properties: { product_id: null } }, [['/properties/product_id', 'required', 'product_id is required for product_view']]],
    ['product_id blank', { properties: { product_id: ' ' } }, [['/properties/product_id', 'empty', 'product_id must not be empty']]],
    [
      'purchase: a group missing, a member of the wrong kind',
      { event_type: 'purchase', properties: { order_id: null, total: '12' } },
      [['/properties/transaction_id', 'required', 'one of transaction_id, order_id is required for purchase'], ['/properties/total', 'type', 'total must be a number']],
    ],
    ['context null', { context: null }, [['/context', 'required', 'context is required']]],
    ['context a string', { context: 'x' }, [['/context', 'type', 'context must be an object']]],
    [
      'context fields',
      { context: { page_url: 5, user_agent: ' ', referrer: 1, os: {}, screen_width: -1 } },
      [
        ['/context/page_url', 'format', 'page_url must be an absolute http(s) URL'],
        ['/context/user_agent', 'empty', 'user_agent must not be empty'],
        ['/context/referrer', 'type', 'referrer must be a string URL'],
        ['/context/os', 'type', 'os must be a string'],
        ['/context/screen_width', 'type', 'screen_width must be a non-negative integer'],
      ],
    ],
  ];
  for (const [why, overrides, expected] of cases) {
    it(why, () => {
      const item: Record<string, unknown> = { ...base, ...overrides };
      for (const k of Object.keys(overrides)) if (overrides[k] === undefined) delete item[k];
      const r = checkEventInput(item, '/events/1');
      assert.equal(r.ok, false);
      if (!r.ok) assert.deepEqual(r.details.map((d) => [d.path, d.code, d.message]), expected.map(([path, code, message]) => [`/events/1${path}`, code, message]));
    });
  }
  it('types every event the contract accepts, whatever its type', () => {
    for (const type of ['page_view', 'purchase', 'quiz_answer'] as const) {
      const properties = { page_view: {}, purchase: { transaction_id: 't', revenue: 1 }, quiz_answer: { overlay_id: 'o', campaign_id: 'c', quiz_id: 'q', question_id: 'x' } }[type];
      const r = checkEventInput({ ...base, event_type: type, properties, user_id: null, context: { ...base.context, screen_width: null, extra: [1] } }, '');
      assert.equal(r.ok, true, JSON.stringify(r));
    }
  });
  it('never throws, and types exactly what validateEvent goes on to check', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const r = checkEventInput(value, '/events/0');
      if (r.ok) assert.equal(r.value, value);
      else assert.ok(r.details.length > 0 && r.details.every((d) => d.path.startsWith('/events/0')));
    }), { numRuns: 500 });
  });
});
