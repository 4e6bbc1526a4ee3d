// The anonymous session's hashes (CONTRACT §13), pure: stable for one visitor, different for
// another site, address, user agent, salt or session start; never the address in clear.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { anonSessionId, utcDay, visitorHash } from '../../../src/modules/events/anonymous-session.js';

const key = Buffer.alloc(32, 7);
const salt = Buffer.alloc(32, 9);

describe('anonymous sessions', () => {
  it('the same visitor and session start give the same id; any part changed gives another', () => {
    const v = visitorHash(key, salt, 'site_a', '203.0.113.5', 'Mozilla/5.0');
    const id = anonSessionId(key, v, 1_000);
    assert.match(id, /^anon_[A-Za-z0-9_-]{22}$/);
    assert.equal(anonSessionId(key, visitorHash(key, salt, 'site_a', '203.0.113.5', 'Mozilla/5.0'), 1_000), id);
    const others = [
      anonSessionId(key, v, 1_001),
      anonSessionId(key, visitorHash(key, Buffer.alloc(32, 1), 'site_a', '203.0.113.5', 'Mozilla/5.0'), 1_000),
      anonSessionId(key, visitorHash(key, salt, 'site_b', '203.0.113.5', 'Mozilla/5.0'), 1_000),
      anonSessionId(key, visitorHash(key, salt, 'site_a', '203.0.113.6', 'Mozilla/5.0'), 1_000),
      anonSessionId(key, visitorHash(key, salt, 'site_a', '203.0.113.5', 'Mozilla/5.1'), 1_000),
      anonSessionId(Buffer.alloc(32, 8), v, 1_000),
    ];
    assert.equal(new Set([id, ...others]).size, others.length + 1);
  });

  it('parts are length-prefixed: moving a character between site, address and agent changes the hash', () => {
    // One text cut into (site, address, agent) at two different places: never the same hash.
    fc.assert(fc.property(fc.string({ minLength: 2, maxLength: 40 }), fc.nat(), fc.nat(), fc.nat(), fc.nat(), (text, i, j, k, l) => {
      const cut = (x: number, y: number) => {
        const [p, q] = [x % (text.length + 1), y % (text.length + 1)].sort((m, n) => m - n) as [number, number];
        return [text.slice(0, p), text.slice(p, q), text.slice(q)] as const;
      };
      const one = cut(i, j);
      const two = cut(k, l);
      if (one.join('|') === two.join('|')) return;
      assert.notDeepEqual(visitorHash(key, salt, ...one), visitorHash(key, salt, ...two));
    }));
    assert.notDeepEqual(visitorHash(key, salt, 'ab', 'c', 'd'), visitorHash(key, salt, 'a', 'bc', 'd'));
  });

  it('the id never holds the address', () => {
    fc.assert(fc.property(fc.ipV4(), fc.string({ minLength: 1 }), (address, ua) => {
      const id = anonSessionId(key, visitorHash(key, salt, 'site_a', address, ua), 0);
      assert.ok(!id.includes(address));
    }));
  });

  it('days are UTC', () => {
    assert.equal(utcDay(Date.UTC(2026, 11, 1, 23, 59, 59, 999)), '2026-12-01');
    assert.equal(utcDay(Date.UTC(2026, 11, 2)), '2026-12-02');
  });
});
