// The SDK's pure campaign rules: targeting, frequency caps, scroll depth, configuration freshness.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capped, countImpression, deviceType, localDay, maxAgeSeconds, scrolledPercent, targeted, type Visit } from '../../sdk/src/campaign-rules.js';

const visit = (over: Partial<Visit> = {}): Visit => ({ path: '/products/shoe', device: 'desktop', newVisitor: false, ...over });

describe('campaign targeting', () => {
  const cases: [string, Parameters<typeof targeted>[0], Partial<Visit>, boolean][] = [
    ['no targeting: everywhere', {}, {}, true],
    ['empty lists: everywhere', { targeting: { url_include: [], url_exclude: [], devices: [], new_visitors_only: false } }, {}, true],
    ['include matches', { targeting: { url_include: ['/products/*'] } }, {}, true],
    ['include misses', { targeting: { url_include: ['/blog/*'] } }, {}, false],
    ['exclude wins over include', { targeting: { url_include: ['/products/*'], url_exclude: ['/products/shoe'] } }, {}, false],
    ['exclude alone', { targeting: { url_exclude: ['/checkout*'] } }, { path: '/checkout/pay' }, false],
    ['device listed', { targeting: { devices: ['mobile', 'desktop'] } }, {}, true],
    ['device not listed', { targeting: { devices: ['mobile'] } }, {}, false],
    ['tablet only, on a tablet', { targeting: { devices: ['tablet'] } }, { device: 'tablet' }, true],
    ['new visitors only, returning visitor', { targeting: { new_visitors_only: true } }, {}, false],
    ['new visitors only, first session', { targeting: { new_visitors_only: true } }, { newVisitor: true }, true],
  ];
  for (const [name, campaign, over, expected] of cases) {
    it(name, () => assert.equal(targeted(campaign, visit(over)), expected));
  }

  it('reads the device type from the user agent', () => {
    assert.equal(deviceType('Mozilla/5.0 (X11; Linux x86_64) Chrome/130'), 'desktop');
    assert.equal(deviceType('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'), 'mobile');
    assert.equal(deviceType('Mozilla/5.0 (Linux; Android 14; Pixel 8)'), 'mobile');
    assert.equal(deviceType('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)'), 'tablet');
  });
});

describe('frequency caps', () => {
  const day = '2026-11-24';
  it('nothing shown yet, or no caps: not capped', () => {
    assert.equal(capped(undefined, { max_per_session: 1 }, 's1', day), false);
    assert.equal(capped({ s: 's1', sn: 9, d: day, dn: 9 }, {}, 's1', day), false);
    assert.equal(capped({ s: 's1', sn: 9, d: day, dn: 9 }, undefined, 's1', day), false);
  });

  it('per session: counted in this session only', () => {
    let shown = countImpression(undefined, 's1', day);
    assert.deepEqual(shown, { s: 's1', sn: 1, d: day, dn: 1 });
    assert.equal(capped(shown, { max_per_session: 2 }, 's1', day), false);
    shown = countImpression(shown, 's1', day);
    assert.equal(capped(shown, { max_per_session: 2 }, 's1', day), true);
    assert.equal(capped(shown, { max_per_session: 2 }, 's2', day), false, 'a new session starts again');
  });

  it('per day: counted across sessions, reset on the next local day', () => {
    let shown = countImpression(undefined, 's1', day);
    shown = countImpression(shown, 's2', day);
    assert.deepEqual(shown, { s: 's2', sn: 1, d: day, dn: 2 });
    assert.equal(capped(shown, { max_per_day: 2 }, 's3', day), true);
    assert.equal(capped(shown, { max_per_day: 2 }, 's3', '2026-11-25'), false);
    assert.deepEqual(countImpression(shown, 's3', '2026-11-25'), { s: 's3', sn: 1, d: '2026-11-25', dn: 1 });
  });

  it('a cap of 0 never shows', () => {
    assert.equal(capped({ s: 'x', sn: 0, d: 'y', dn: 0 }, { max_per_session: 0 }, 's1', day), true);
  });

  it('the local calendar day', () => {
    assert.equal(localDay(new Date(2026, 0, 5, 23, 59)), '2026-01-05');
    assert.equal(localDay(new Date(2026, 11, 31, 0, 0)), '2026-12-31');
  });
});

describe('scroll depth and freshness', () => {
  it('scrolled percent of the scrollable room; a page that fits is seen whole', () => {
    assert.equal(scrolledPercent(0, 800, 2400), 0);
    assert.equal(scrolledPercent(800, 800, 2400), 50);
    assert.equal(scrolledPercent(1600, 800, 2400), 100);
    assert.equal(scrolledPercent(5000, 800, 2400), 100);
    assert.equal(scrolledPercent(0, 800, 600), 100);
  });

  it('max-age from Cache-Control', () => {
    assert.equal(maxAgeSeconds('private, max-age=60'), 60);
    assert.equal(maxAgeSeconds('max-age=5'), 5);
    assert.equal(maxAgeSeconds('no-store'), 0);
    assert.equal(maxAgeSeconds('private, no-cache, max-age=60'), 0);
    assert.equal(maxAgeSeconds('s-maxage=60'), 0);
    assert.equal(maxAgeSeconds(null), 0);
  });
});
