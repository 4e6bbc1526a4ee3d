import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPlatformSignature, signPlatformRequest } from '../../src/auth/platform-signature.js';
import { createSecrets } from '../../src/secrets.js';
import { randomBase62 } from '../../src/ids.js';

describe('platform signature (pure part)', () => {
  const secret = 'platform-secret-for-tests';
  it('accepts its own signature within 300 s and refuses outside', () => {
    const t = 1_800_000_000;
    const sig = signPlatformRequest(secret, '{"a":1}', t);
    assert.match(checkPlatformSignature(secret, sig, '{"a":1}', t + 300), /^[0-9a-f]{64}$/);
    assert.throws(() => checkPlatformSignature(secret, sig, '{"a":1}', t + 301), /older than 300/);
    assert.throws(() => checkPlatformSignature(secret, sig, '{"a":2}', t), /does not match/);
    assert.throws(() => checkPlatformSignature('other-secret-xxxxx', sig, '{"a":1}', t), /does not match/);
    assert.throws(() => checkPlatformSignature(secret, 't=abc,v1=00', '', t), /must look like/);
  });
});

describe('derived keys', () => {
  it('are deterministic per master secret and distinct per purpose', () => {
    const a = createSecrets(Buffer.alloc(32, 1));
    const b = createSecrets(Buffer.alloc(32, 1));
    const c = createSecrets(Buffer.alloc(32, 2));
    assert.deepEqual(a.key('runtime-token'), b.key('runtime-token'));
    assert.notDeepEqual(a.key('runtime-token'), a.key('api-key-hash'));
    assert.notDeepEqual(a.key('runtime-token'), c.key('runtime-token'));
    assert.equal(a.key('local-idp').length, 32);
    assert.equal(a.keyedHash('api-key-hash', 'x'), b.keyedHash('api-key-hash', 'x'));
  });
});

describe('random ids', () => {
  it('are base62 of the requested length and spread over the alphabet', () => {
    const s = randomBase62(10_000);
    assert.match(s, /^[A-Za-z0-9]{10000}$/);
    assert.equal(new Set(s).size, 62);
  });
});
