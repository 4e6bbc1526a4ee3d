import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientBucket } from '../../src/rate-limit/client-address.js';
import { runtimePoints } from '../../src/rate-limit/runtime-limits.js';
import { parseTrustProxy } from '../../src/config-values.js';

describe('clientBucket', () => {
  const cases: [string, string][] = [
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::ffff:c633:6407', '198.51.100.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['not an address', 'not an address'],
  ];
  for (const [input, expected] of cases) it(`${input} → ${expected}`, () => assert.equal(clientBucket(input), expected));
});

describe('runtimePoints', () => {
  it('counts the events of a batch, else one', () => {
    assert.equal(runtimePoints({ events: [1, 2, 3] }), 3);
    assert.equal(runtimePoints({ events: [] }), 1);
    assert.equal(runtimePoints({ events: new Array(500).fill(0) }), 100);
    for (const body of [undefined, null, 'x', { touches: [1, 2] }, { events: 'x' }]) assert.equal(runtimePoints(body), 1);
  });
});

describe('parseTrustProxy', () => {
  const ok: [string | undefined, false | number | string[]][] = [
    [undefined, false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1', ['10.0.0.0/8', '192.168.1.1']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ];
  for (const [raw, expected] of ok) {
    it(`${raw} → ${JSON.stringify(expected)}`, () => {
      const problems: string[] = [];
      assert.deepEqual(parseTrustProxy(raw, problems), expected);
      assert.deepEqual(problems, []);
    });
  }
  for (const bad of ['true', 'yes', '*', '10.0.0.0/33', '300.1.1.1', 'proxy.example', '10.0.0.0/8/1']) {
    it(`refuses ${bad}`, () => {
      const problems: string[] = [];
      assert.equal(parseTrustProxy(bad, problems), false);
      assert.equal(problems.length, 1);
    });
  }
});
