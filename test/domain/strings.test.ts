// The string rule's fast paths (allStorable, exceedsNesting) against the pointer-building walk and a
// plain recursive reference, on values with NULs, lone surrogates and deep nesting.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { allStorable, exceedsNesting, isStorableString, unstorableStrings } from '../../src/domain/strings.js';

// Strings that are sometimes unstorable: NUL, a lone high or low surrogate, a proper pair.
const text = fc.string({ unit: fc.constantFrom('a', 'é', '\u0000', '\ud800', '\udc00', '😀', '/', '~'), maxLength: 6 });
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 4 }),
  object: fc.dictionary(text, tie('node'), { maxKeys: 4 }),
})).node;

/** Nesting below the value, as a plain recursion (the values here are small). */
const depthOf = (v: unknown): number => {
  if (typeof v !== 'object' || v === null) return -1;
  const children = Array.isArray(v) ? v : Object.values(v);
  return 1 + Math.max(-1, ...children.map(depthOf));
};

/** The walk that builds a pointer per node (a batch pointer that matches nothing forces it). */
const slowProblems = (v: unknown, maxDepth: number) => unstorableStrings(v, '', { maxDepth, items: ['/no-such-batch'] });

describe('string rule fast paths', () => {
  it('allStorable agrees with the pointer-building walk', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 4 }), (v, maxDepth) => {
        assert.equal(allStorable(v, maxDepth), slowProblems(v, maxDepth).length === 0);
        assert.deepEqual(unstorableStrings(v, '', { maxDepth }), slowProblems(v, maxDepth));
      }),
      { numRuns: 500 },
    );
  });

  it('exceedsNesting agrees with a recursive depth', () => {
    fc.assert(fc.property(value, fc.integer({ min: 0, max: 4 }), (v, maxDepth) => assert.equal(exceedsNesting(v, maxDepth), depthOf(v) >= maxDepth)), { numRuns: 500 });
  });

  it('table', () => {
    const cases: [unknown, number, boolean, boolean][] = [
      // value, maxDepth, allStorable, exceedsNesting
      ['plain', 1, true, false],
      ['nul\u0000', 1, false, false],
      [{ ['k\ud800']: 1 }, 2, false, false],
      [{ a: [{ b: 'x' }] }, 3, true, false],
      [{ a: [{ b: 'x' }] }, 2, false, true],
      [[[[]]], 2, false, true],
      [{ '😀': ['ok', '\udc00'] }, 4, false, false],
    ];
    for (const [v, maxDepth, storable, deep] of cases) {
      assert.equal(allStorable(v, maxDepth), storable, JSON.stringify(v));
      assert.equal(exceedsNesting(v, maxDepth), deep, JSON.stringify(v));
    }
    assert.equal(isStorableString('a\u0000'), false);
  });

  it('walks 100,000 levels without recursing', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    assert.equal(exceedsNesting(deep), true);
    assert.equal(allStorable(deep), false);
  });
});
