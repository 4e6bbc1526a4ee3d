// toIso: ISO 8601 UTC with milliseconds from a Date, a string or epoch milliseconds; the same
// value twice in a row (remembered) gives the same text, and an invalid time still throws.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { toIso, toIsoOrNull } from '../../src/time.js';

describe('toIso', () => {
  const table: [Date | string | number, string][] = [
    [0, '1970-01-01T00:00:00.000Z'],
    [Date.UTC(2026, 10, 21, 21, 28, 1, 123), '2026-11-21T21:28:01.123Z'],
    [Date.UTC(2026, 10, 21, 21, 28, 1, 123), '2026-11-21T21:28:01.123Z'],
    [Date.UTC(2026, 10, 21, 21, 28, 1, 124), '2026-11-21T21:28:01.124Z'],
    [new Date(Date.UTC(2026, 0, 1)), '2026-01-01T00:00:00.000Z'],
    ['2026-11-21T22:28:01.123+01:00', '2026-11-21T21:28:01.123Z'],
    [-1, '1969-12-31T23:59:59.999Z'],
  ];
  for (const [input, expected] of table) it(`${String(input)} → ${expected}`, () => assert.equal(toIso(input), expected));

  it('throws on an invalid time, also right after a valid one and twice in a row', () => {
    toIso(1);
    assert.throws(() => toIso(Number.NaN), RangeError);
    assert.throws(() => toIso(Number.NaN), RangeError);
    assert.throws(() => toIso(8.64e15 + 1), RangeError);
    assert.throws(() => toIso('not a time'), RangeError);
  });

  it('agrees with Date#toISOString for any sequence of times, repeats included', () => {
    const ms = fc.integer({ min: -8.64e15, max: 8.64e15 });
    fc.assert(
      fc.property(fc.array(fc.oneof(ms, fc.constant(1_700_000_000_000)), { minLength: 1, maxLength: 20 }), (times) => {
        for (const t of times) assert.equal(toIso(t), new Date(t).toISOString());
      }),
    );
  });

  it('toIsoOrNull passes null and undefined through', () => {
    assert.equal(toIsoOrNull(null), null);
    assert.equal(toIsoOrNull(undefined), null);
    assert.equal(toIsoOrNull(0), '1970-01-01T00:00:00.000Z');
  });
});
