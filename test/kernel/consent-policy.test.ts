// The consent rules (CONTRACT §13), pure: the site's policy and its patches, and the consent in
// force for a browser request, table-driven and with fast-check properties.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  CONSENT_MODES,
  CONSENT_SOURCES,
  effectiveConsent,
  effectiveConsentPolicy,
  isGpcSignal,
  isPolicyVersion,
  patchConsentPolicy,
  requireMarketingConsent,
  type ConsentMode,
  type SentConsent,
} from '../../src/kernel/index.js';
import { AppError } from '../../src/errors.js';

const sent = (analytics: boolean, marketing: boolean, source: SentConsent['source'] = 'banner'): SentConsent => ({ analytics, marketing, source });
const both = (v: boolean) => ({ analytics: v, marketing: v });

describe('effectiveConsent', () => {
  const cases: [string, ConsentMode, boolean, SentConsent | undefined, boolean, { analytics: boolean; marketing: boolean }][] = [
    ['none, nothing sent: both granted', 'none', true, undefined, false, both(true)],
    ['none: as sent', 'none', true, sent(false, true, 'default'), false, { analytics: false, marketing: true }],
    ['none ignores GPC', 'none', true, undefined, true, both(true)],
    ['opt_out, nothing sent: both granted', 'opt_out', true, undefined, false, both(true)],
    ['opt_out: a denial counts', 'opt_out', true, sent(false, false), false, both(false)],
    ['opt_out + honor_gpc + Sec-GPC, nothing sent: marketing denied', 'opt_out', true, undefined, true, { analytics: true, marketing: false }],
    ['opt_out + honor_gpc + gpc source: marketing denied', 'opt_out', true, sent(true, true, 'gpc'), false, { analytics: true, marketing: false }],
    ['opt_out + honor_gpc + Sec-GPC, default source: marketing denied', 'opt_out', true, sent(true, true, 'default'), true, { analytics: true, marketing: false }],
    ['opt_out + honor_gpc + Sec-GPC, a banner decision wins', 'opt_out', true, sent(true, true, 'banner'), true, both(true)],
    ['opt_out without honor_gpc: GPC ignored', 'opt_out', false, undefined, true, both(true)],
    ['opt_in, nothing sent: both denied', 'opt_in', true, undefined, false, both(false)],
    ['opt_in, a default is no decision', 'opt_in', true, sent(true, true, 'default'), false, both(false)],
    ['opt_in, a gpc source grants nothing', 'opt_in', true, sent(true, true, 'gpc'), false, both(false)],
    ['opt_in, banner grant', 'opt_in', true, sent(true, false, 'banner'), false, { analytics: true, marketing: false }],
    ['opt_in, api grant', 'opt_in', true, sent(true, true, 'api'), false, both(true)],
    ['cookieless, nothing sent', 'cookieless', true, undefined, false, both(false)],
    ['cookieless ignores a grant', 'cookieless', true, sent(true, true, 'banner'), false, both(false)],
  ];
  for (const [name, mode, honor, s, gpc, expected] of cases) {
    it(name, () => assert.deepEqual(effectiveConsent({ mode, honor_gpc: honor }, s, gpc), expected));
  }

  const sentArb = fc.option(fc.record({ analytics: fc.boolean(), marketing: fc.boolean(), source: fc.constantFrom(...CONSENT_SOURCES) }), { nil: undefined });
  const policyArb = fc.record({ mode: fc.constantFrom(...CONSENT_MODES), honor_gpc: fc.boolean() });

  it('never grants what was sent denied (fails closed), in every mode', () => {
    fc.assert(fc.property(policyArb, sentArb, fc.boolean(), (policy, s, gpc) => {
      const c = effectiveConsent(policy, s, gpc);
      if (s && !s.analytics) assert.equal(c.analytics, false);
      if (s && !s.marketing) assert.equal(c.marketing, false);
    }));
  });

  it('cookieless denies everything; opt_in grants only a visitor’s decision', () => {
    fc.assert(fc.property(fc.boolean(), sentArb, fc.boolean(), (honor, s, gpc) => {
      assert.deepEqual(effectiveConsent({ mode: 'cookieless', honor_gpc: honor }, s, gpc), both(false));
      const c = effectiveConsent({ mode: 'opt_in', honor_gpc: honor }, s, gpc);
      if (!s || s.source === 'default' || s.source === 'gpc') assert.deepEqual(c, both(false));
    }));
  });

  it('GPC only ever takes marketing away, never analytics', () => {
    fc.assert(fc.property(policyArb, sentArb, (policy, s) => {
      const without = effectiveConsent(policy, s, false);
      const withGpc = effectiveConsent(policy, s, true);
      assert.equal(withGpc.analytics, without.analytics);
      assert.ok(!withGpc.marketing || without.marketing);
    }));
  });

  it('requireMarketingConsent refuses with 403 consent_required', () => {
    assert.throws(() => requireMarketingConsent({ mode: 'opt_in', honor_gpc: true }, { gpc: false }, 'Touches'), (e: unknown) => e instanceof AppError && e.code === 'consent_required' && e.status === 403);
    requireMarketingConsent({ mode: 'none', honor_gpc: true }, { gpc: true }, 'Touches');
  });

  it('reads Sec-GPC: 1 only', () => {
    assert.equal(isGpcSignal('1'), true);
    assert.equal(isGpcSignal(' 1 '), true);
    assert.equal(isGpcSignal('0'), false);
    assert.equal(isGpcSignal(undefined), false);
    assert.equal(isGpcSignal(['1']), true);
  });
});

describe('the consent policy', () => {
  it('defaults to none with honor_gpc', () => {
    assert.deepEqual(effectiveConsentPolicy(undefined), { mode: 'none', honor_gpc: true });
    assert.deepEqual(effectiveConsentPolicy({ mode: 'opt_in', policy_version: 'v2' }), { mode: 'opt_in', honor_gpc: true, policy_version: 'v2' });
  });

  it('patches only what is sent; null removes the policy version', () => {
    const a = patchConsentPolicy(undefined, { mode: 'opt_out', policy_version: '2026-11' });
    assert.deepEqual(a, { mode: 'opt_out', policy_version: '2026-11' });
    assert.deepEqual(patchConsentPolicy(a, { honor_gpc: false }), { mode: 'opt_out', policy_version: '2026-11', honor_gpc: false });
    assert.deepEqual(patchConsentPolicy(a, { policy_version: null }), { mode: 'opt_out' });
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['an unknown mode', { mode: 'always' }, '/config/consent/mode'],
    ['honor_gpc not a boolean', { honor_gpc: 'yes' }, '/config/consent/honor_gpc'],
    ['policy_version over 64 characters', { policy_version: 'v'.repeat(65) }, '/config/consent/policy_version'],
    ['policy_version with a control character', { policy_version: 'v1\n' }, '/config/consent/policy_version'],
    ['policy_version with a C1 control character', { policy_version: 'v\u00851' }, '/config/consent/policy_version'],
    ['an empty policy_version', { policy_version: '' }, '/config/consent/policy_version'],
  ];
  for (const [name, patch, path] of refusals) {
    it(`refuses ${name} at ${path}`, () => {
      assert.throws(() => patchConsentPolicy({}, patch as never), (e: unknown) => e instanceof AppError && e.code === 'validation_failed' && e.details?.[0]?.path === path);
    });
  }

  it('a policy version is 1–64 characters without control characters', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 64 }), (v) => {
      assert.equal(isPolicyVersion(v), !/[\u0000-\u001f\u007f-\u009f]/.test(v));
    }));
    fc.assert(fc.property(fc.string({ minLength: 65, maxLength: 200 }), (v) => assert.equal(isPolicyVersion(v), false)));
  });
});
