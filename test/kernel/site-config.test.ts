import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { effectiveSiteConfig, normalizeHost, normalizeOrigin, patchSiteConfig } from '../../src/kernel/index.js';

describe('normalizeOrigin', () => {
  const cases: [string, string | null][] = [
    ['https://shop.example', 'https://shop.example'],
    ['https://shop.example/', 'https://shop.example'],
    ['HTTPS://Shop.Example:443', 'https://shop.example'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:80', 'http://127.0.0.1'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    ['https://shop.example/path', null],
    ['https://shop.example?x=1', null],
    ['https://shop.example/#x', null],
    ['https://user:pw@shop.example', null],
    ['ftp://shop.example', null],
    ['javascript:alert(1)', null],
    ['https://shop.ex\tample', null],
    ['https://shop.example\n', null],
    [' https://shop.example', null],
    ['https:\\\\shop.example', null],
    ['https://shop.example\\', null],
    ['shop.example', null],
    ['', null],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${expected}`, () => assert.equal(normalizeOrigin(input), expected));
  }
  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        const once = normalizeOrigin(new URL(url).origin);
        if (once !== null) assert.equal(normalizeOrigin(once), once);
      }),
    );
  });
});

describe('normalizeHost', () => {
  const cases: [string, string | null][] = [
    ['www.awin1.com', 'www.awin1.com'],
    ['WWW.AWIN1.COM', 'www.awin1.com'],
    ['shop.example:8443', 'shop.example:8443'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['https://www.awin1.com', null],
    ['www.awin1.com/path', null],
    ['user@host', null],
    ['with space.example', null],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${expected}`, () => assert.equal(normalizeHost(input), expected));
  }
});

describe('site configuration', () => {
  it('applies defaults under stored overrides, per provider', () => {
    const stored = patchSiteConfig({}, { max_touches_per_request: 3, publisher_hosts: { cj: ['A.example'] } });
    assert.deepEqual(stored, { max_touches_per_request: 3, publisher_hosts: { cj: ['a.example'] } });
    const effective = effectiveSiteConfig(stored);
    assert.equal(effective.max_touches_per_request, 3);
    assert.deepEqual(effective.publisher_hosts, { awin: ['www.awin1.com'], cj: ['a.example'] });
    assert.equal(effectiveSiteConfig(undefined).max_touches_per_request, 20);
  });
  it('names the bad host by its JSON Pointer', () => {
    assert.throws(
      () => patchSiteConfig({}, { publisher_hosts: { awin: ['ok.example', 'bad/host'] } }),
      (err: { details: { path: string }[] }) => err.details[0]!.path === '/config/publisher_hosts/awin/1',
    );
  });
});
