// Click ids never ride along in stored URLs (CONTRACT §3), however the parameter name is written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stripClickParams } from '../../src/domain/urls.js';

describe('stripClickParams with encoded names', () => {
  const cases: [string, string][] = [
    ['https://a.example/p?%61wc=1_2_x&x=1', 'https://a.example/p?x=1'],
    ['https://a.example/p?x=1&cj%65vent=abc#top', 'https://a.example/p?x=1#top'],
    ['https://a.example/p?%53ID=s1', 'https://a.example/p'],
    ['https://a.example/p?x=%61wc', 'https://a.example/p?x=%61wc'],
    ['https://a.example/p?bad=%E0%A4%A', 'https://a.example/p?bad=%E0%A4%A'],
  ];
  for (const [input, expected] of cases) {
    it(input, () => {
      const stripped = stripClickParams(input);
      assert.equal(stripped, expected);
      for (const name of ['awc', 'cjevent', 'sid']) assert.ok(!new URL(stripped).searchParams.has(name));
    });
  }
});
