// Path globs of campaign targeting: a table of cases, and a property against a regular-expression
// oracle (the matcher itself uses none).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { globMatches, pathTargeted } from '../../src/domain/path-glob.js';

const oracle = (glob: string, path: string) =>
  new RegExp(`^${[...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('')}$`, 's').test(path);

describe('path globs', () => {
  const cases: [string, string, boolean][] = [
    ['/', '/', true],
    ['/', '/a', false],
    ['/products/*', '/products/shoe-1', true],
    ['/products/*', '/products/', true],
    ['/products/*', '/products', false],
    ['/products/*', '/products/a/b', true],
    ['*', '/anything/at/all', true],
    ['/p?', '/pa', true],
    ['/p?', '/p', false],
    ['/a*b*c', '/aXbYc', true],
    ['/a*b*c', '/aXbY', false],
    ['/Sale', '/sale', false],
    ['/checkout*', '/checkout/step-2', true],
    ['/**', '/x', true],
  ];
  for (const [glob, path, expected] of cases) {
    it(`${glob} ${expected ? 'matches' : 'does not match'} ${path}`, () => assert.equal(globMatches(glob, path), expected));
  }

  it('agrees with a regular-expression oracle', () => {
    const alphabet = fc.constantFrom('a', 'b', '/', '*', '?');
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 12 }), fc.string({ unit: fc.constantFrom('a', 'b', '/'), maxLength: 14 }), (glob, path) => {
        assert.equal(globMatches(glob, path), oracle(glob, path));
      }),
      { numRuns: 3000 },
    );
  });

  it('targets by include and exclude lists', () => {
    assert.equal(pathTargeted('/a', [], []), true);
    assert.equal(pathTargeted('/a', ['/b*'], []), false);
    assert.equal(pathTargeted('/b/1', ['/b*'], ['/b/1']), false);
    assert.equal(pathTargeted('/b/2', ['/b*'], ['/b/1']), true);
  });

  it('stays fast on adversarial globs', () => {
    const glob = `${'*a'.repeat(99)}b`;
    assert.equal(globMatches(glob, 'a'.repeat(5000)), false);
  });
});
