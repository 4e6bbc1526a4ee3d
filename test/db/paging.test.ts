// Page cursors: what one list issues it takes back; anything altered, forged or from another list (or
// another secret) is a 400 validation_failed at /cursor.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { AppError } from '../../src/errors.js';
import { checkedLimit, createCursorCodec, CURSOR_MAX_LENGTH, openPage } from '../../src/db/paging.js';
import { createSecrets } from '../../src/secrets.js';

const codec = createCursorCodec(createSecrets(randomBytes(32)));
const SCOPE = 'members:site_AAAAAAAAAAAA';
const KEY = { at: '2026-11-21T22:28:01.123456Z', id: 'user-1' };

const refused = (fn: () => unknown, why: string) =>
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof AppError, why);
    assert.equal(err.code, 'validation_failed', why);
    assert.equal(err.details?.[0]?.path, '/cursor', why);
    return true;
  }, why);

/** The cursor with one base64url character of its payload (part 0) or MAC (part 1) changed. */
function flip(cursor: string, part: 0 | 1, at = 3): string {
  const parts = cursor.split('.');
  const s = parts[part]!;
  const c = s[at]!;
  parts[part] = s.slice(0, at) + (c === 'A' ? 'B' : 'A') + s.slice(at + 1);
  return parts.join('.');
}

describe('page cursors', () => {
  it('round-trips the keyset of its own list, ids with any characters included', () => {
    for (const key of [KEY, { at: '1970-01-01T00:00:00.000000Z', id: 'x' }, { at: '2026-01-01T00:00:00.999999Z', id: 'ü/ "\n\\.' }]) {
      const cursor = codec.encode(SCOPE, key);
      assert.match(cursor, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(codec.decode(SCOPE, cursor), key);
    }
  });

  it('refuses a tampered payload and a tampered MAC', () => {
    const cursor = codec.encode(SCOPE, KEY);
    refused(() => codec.decode(SCOPE, flip(cursor, 0)), 'payload changed');
    refused(() => codec.decode(SCOPE, flip(cursor, 1)), 'MAC changed');
    refused(() => codec.decode(SCOPE, flip(cursor, 1, 42)), 'last MAC character changed');
    const [payload] = cursor.split('.');
    const forgedPayload = Buffer.from(JSON.stringify(['2030-01-01T00:00:00.000000Z', 'user-1'])).toString('base64url');
    refused(() => codec.decode(SCOPE, `${forgedPayload}.${cursor.split('.')[1]}`), 'another payload under the same MAC');
    refused(() => codec.decode(SCOPE, `${payload}.${'A'.repeat(43)}`), 'a made-up MAC');
    refused(() => codec.decode(SCOPE, `${payload}.`), 'no MAC');
    refused(() => codec.decode(SCOPE, payload!), 'no separator');
  });

  it('refuses a cursor of another list or signed with another secret', () => {
    const cursor = codec.encode(SCOPE, KEY);
    for (const scope of ['members:site_BBBBBBBBBBBB', 'api-keys:site_AAAAAAAAAAAA', 'sites:user:alice', '', `${SCOPE} `]) {
      refused(() => codec.decode(scope, cursor), `scope ${JSON.stringify(scope)}`);
    }
    const other = createCursorCodec(createSecrets(randomBytes(32)));
    refused(() => other.decode(SCOPE, cursor), 'another master secret');
    // The scope is bound, not just prefixed: "a" + "\nb" and "a\n" + "b" must differ.
    refused(() => codec.decode('sites:user:a\n', codec.encode('sites:user:a', KEY)), 'scope with a trailing newline');
  });

  it('refuses garbage and very long input without work', () => {
    for (const garbage of ['', '.', 'abc', 'null', '{}', '%%%.%%%', 'a.b.c', `${'A'.repeat(10)}.${'A'.repeat(44)}`, '\u0000', 'x'.repeat(5000)]) {
      refused(() => codec.decode(SCOPE, garbage), `garbage ${JSON.stringify(garbage.slice(0, 20))}`);
    }
    const long = `${'A'.repeat(CURSOR_MAX_LENGTH * 1000)}.${'A'.repeat(43)}`;
    const started = process.hrtime.bigint();
    refused(() => codec.decode(SCOPE, long), 'very long');
    assert.ok(process.hrtime.bigint() - started < 50_000_000n, 'refused quickly');
  });

  it('refuses a signed payload that is not a keyset (defence in depth)', () => {
    // Sign payloads of the wrong shape with the real key by going through encode with odd values.
    refused(() => codec.decode(SCOPE, codec.encode(SCOPE, { at: '2026-11-21T22:28:01.123Z', id: 'x' })), 'millisecond timestamp');
    refused(() => codec.decode(SCOPE, codec.encode(SCOPE, { at: "2026-11-21T22:28:01.123456Z'; --", id: 'x' })), 'SQL in the timestamp');
    refused(() => codec.decode(SCOPE, codec.encode(SCOPE, { at: KEY.at, id: '' })), 'empty id');
    refused(() => codec.decode(SCOPE, codec.encode(SCOPE, { at: KEY.at, id: 'x'.repeat(513) })), 'over-long id');
    const longest = codec.encode(SCOPE, { at: KEY.at, id: 'x'.repeat(512) });
    assert.ok(longest.length <= CURSOR_MAX_LENGTH, 'the longest id still fits in a cursor');
    assert.equal(codec.decode(SCOPE, longest).id.length, 512);
  });

  it('checks the limit and turns the extra row into the next cursor', () => {
    for (const bad of [0, 201, 1.5, -1, Number.NaN]) {
      assert.throws(() => checkedLimit(bad), (err: unknown) => err instanceof AppError && err.details?.[0]?.path === '/limit', String(bad));
    }
    const rows = [1, 2, 3].map((n) => ({ cursor_at: `2026-01-01T00:00:0${n}.000000Z`, id: `r${n}` }));
    const first = openPage(codec, SCOPE, { limit: 2 });
    assert.equal(first.fetch, 3);
    assert.equal(first.after, undefined);
    const page = first.result(rows, (r) => r.id, (r) => r.id);
    assert.deepEqual(page.items, ['r1', 'r2']);
    assert.deepEqual(codec.decode(SCOPE, page.nextCursor!), { at: rows[1]!.cursor_at, id: 'r2' });
    const next = openPage(codec, SCOPE, { limit: 2, cursor: page.nextCursor! });
    assert.deepEqual(next.after, { at: rows[1]!.cursor_at, id: 'r2' });
    assert.equal(next.result(rows.slice(2), (r) => r.id, (r) => r.id).nextCursor, null, 'no extra row: the last page');
    assert.equal(openPage(codec, SCOPE, { limit: 3 }).result(rows, (r) => r.id, (r) => r.id).nextCursor, null, 'exactly limit rows');
  });
});
