import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPlatformSignature, signPlatformRequest } from '../../src/auth/platform-signature.js';
import { createSecrets } from '../../src/secrets.js';
import { randomBase62 } from '../../src/ids.js';

describe('platform signature (pure part)', () => {
  const secret = 'platform-secret-for-tests';
  const request = { method: 'POST', url: '/api/admin/jobs/run-due?x=1', rawBody: '{"a":1}' };
  it('accepts its own signature within 300 s and refuses outside, another request or secret, and the old form', () => {
    const t = 1_800_000_000;
    const nonce = randomBase62(24);
    const sig = signPlatformRequest(secret, request, t, nonce);
    assert.equal(checkPlatformSignature(secret, sig, request, t + 300), nonce);
    assert.equal(checkPlatformSignature(secret, sig, { ...request, method: 'post' }, t), nonce, 'the method is compared upper-case');
    assert.throws(() => checkPlatformSignature(secret, sig, request, t + 301), /older than 300/);
    assert.throws(() => checkPlatformSignature(secret, sig, request, t - 301), /older than 300/);
    for (const other of [{ rawBody: '{"a":2}' }, { method: 'GET' }, { url: '/api/admin/jobs/run-due' }, { url: '/api/admin/jobs/run-due?x=2' }, { url: '/api/admin/sites?x=1' }]) {
      assert.throws(() => checkPlatformSignature(secret, sig, { ...request, ...other }, t), /does not match/, JSON.stringify(other));
    }
    assert.throws(() => checkPlatformSignature('other-secret-xxxxx', sig, request, t), /does not match/);
    assert.throws(() => checkPlatformSignature(secret, 't=abc,v1=00', request, t), /must look like/);
    const legacy = sig.replace(/,n=[A-Za-z0-9]+/, '');
    assert.throws(() => checkPlatformSignature(secret, legacy, request, t), /must look like/, 'the old t=,v1= form');
    assert.throws(() => checkPlatformSignature(secret, sig.replace(nonce, 'short'), request, t), /must look like/, 'a nonce under 16 characters');
    assert.throws(() => checkPlatformSignature(secret, sig.replace(nonce, `${nonce}-`), request, t), /must look like/);
  });
  it('gives every signature its own nonce', () => {
    const a = signPlatformRequest(secret, request, 1_800_000_000);
    const b = signPlatformRequest(secret, request, 1_800_000_000);
    assert.notEqual(a, b);
    assert.match(a, /^t=1800000000,n=[A-Za-z0-9]{32},v1=[0-9a-f]{64}$/);
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

describe('runtime tokens', () => {
  it('verifies a token once, keeps its claims until it expires, and never lets a cached one vouch for another text', async () => {
    const { createRuntimeTokens } = await import('../../src/auth/runtime-tokens.js');
    const secrets = createSecrets(Buffer.alloc(32, 7));
    const tokens = createRuntimeTokens(secrets, 900);
    const now = 1_800_000_000_000;
    const { token, expiresAt } = await tokens.issue({ siteId: 'site_abcd', origin: 'https://shop.example' }, now);
    assert.deepEqual(await tokens.verify(token, now + 1000), { siteId: 'site_abcd', origin: 'https://shop.example' });
    assert.deepEqual(await tokens.verify(token, now + 2000), { siteId: 'site_abcd', origin: 'https://shop.example' }, 'from the cache');
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    await assert.rejects(tokens.verify(tampered, now + 2000), /not valid/);
    await assert.rejects(tokens.verify(token, expiresAt.getTime()), /expired/, 'a cached token still expires');
    const other = createRuntimeTokens(createSecrets(Buffer.alloc(32, 8)), 900);
    await assert.rejects(other.verify(token, now + 1000), /not valid/, 'another secret');
  });
});
