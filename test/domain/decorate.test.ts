// decorate(): the publisher-mode rules shared by the server and the SDK.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decorate, type DecorationConfig } from '../../src/domain/decorate.js';
import { DEFAULT_PUBLISHER_HOSTS } from '../../src/kernel/index.js';

const REF = 'Ab12Cd34Ef56Gh78';
const on: DecorationConfig = { publisher_mode: true, publisher_hosts: { awin: [...DEFAULT_PUBLISHER_HOSTS.awin], cj: [...DEFAULT_PUBLISHER_HOSTS.cj] } };

const cases: [string, string, string | null, DecorationConfig?][] = [
  ['awin link', 'https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002&ued=https%3A%2F%2Fshop.example%2Fp', `https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002&ued=https%3A%2F%2Fshop.example%2Fp&clickref=${REF}`],
  ['cj link', 'https://www.anrdoezrs.net/click-123-456?url=https%3A%2F%2Fshop.example', `https://www.anrdoezrs.net/click-123-456?url=https%3A%2F%2Fshop.example&sid=${REF}`],
  ['every default cj host', 'https://www.kqzyfj.com/click-1-2', `https://www.kqzyfj.com/click-1-2?sid=${REF}`],
  ['http scheme', 'http://www.tkqlhce.com/click-1-2', `http://www.tkqlhce.com/click-1-2?sid=${REF}`],
  ['existing clickref replaced in place', 'https://www.awin1.com/cread.php?clickref=old&awinmid=1', `https://www.awin1.com/cread.php?clickref=${REF}&awinmid=1`],
  ['existing sid replaced, duplicates dropped', 'https://www.dpbolvw.net/click-1?sid=a&x=1&sid=b', `https://www.dpbolvw.net/click-1?sid=${REF}&x=1`],
  ['fragment kept', 'https://www.awin1.com/cread.php?awinmid=1#section', `https://www.awin1.com/cread.php?awinmid=1&clickref=${REF}#section`],
  ['no query yet', 'https://www.awin1.com/cread.php', `https://www.awin1.com/cread.php?clickref=${REF}`],
  ['uppercase host', 'https://WWW.AWIN1.COM/cread.php?a=1', `https://WWW.AWIN1.COM/cread.php?a=1&clickref=${REF}`],
  ['other params kept byte for byte', 'https://www.awin1.com/c?q=a+b&r=%7E&s', `https://www.awin1.com/c?q=a+b&r=%7E&s&clickref=${REF}`],
  ['not allowlisted', 'https://www.example.com/cread.php?x=1', null],
  ['lookalike host', 'https://www.awin1.com.evil.example/cread.php', null],
  ['subdomain of an allowlisted host', 'https://sub.www.awin1.com/x', null],
  ['non-default port', 'https://www.awin1.com:8443/cread.php', null],
  ['default port written out', 'https://www.awin1.com:443/cread.php', `https://www.awin1.com:443/cread.php?clickref=${REF}`],
  ['relative url', '/cread.php?awinmid=1', null],
  ['protocol-relative url', '//www.awin1.com/cread.php', null],
  ['javascript url', 'javascript:alert(1)//www.awin1.com', null],
  ['mailto', 'mailto:someone@www.awin1.com', null],
  ['garbage', 'https://', null],
];

describe('decorate', () => {
  for (const [name, input, expected] of cases) {
    it(name, () => {
      const d = decorate(input, on, REF);
      assert.equal(d.url, expected ?? input);
      assert.equal(d.decorated, expected !== null);
    });
  }
  it('leaves everything untouched when publisher mode is off', () => {
    assert.deepEqual(decorate('https://www.awin1.com/cread.php', { ...on, publisher_mode: false }, REF), { decorated: false, url: 'https://www.awin1.com/cread.php' });
  });
  it('matches IDN hosts and ports as the allowlist names them', () => {
    const idn: DecorationConfig = { publisher_mode: true, publisher_hosts: { awin: ['bücher.example', 'track.example:8443'], cj: [] } };
    assert.equal(decorate('https://bücher.example/x', idn, REF).decorated, true);
    assert.equal(decorate('https://xn--bcher-kva.example/x', idn, REF).decorated, true);
    assert.equal(decorate('https://track.example:8443/x', idn, REF).decorated, true);
    assert.equal(decorate('https://track.example/x', idn, REF).decorated, false);
  });
  it('refuses references that are not 16-64 letters and digits', () => {
    assert.equal(decorate('https://www.awin1.com/c', on, 'short').decorated, false);
    assert.equal(decorate('https://www.awin1.com/c', on, 'has-dash-00000000').decorated, false);
  });
  it('reports the network', () => {
    assert.equal(decorate('https://www.awin1.com/c', on, REF).provider, 'awin');
    assert.equal(decorate('https://www.jdoqocy.com/c', on, REF).provider, 'cj');
  });
});
