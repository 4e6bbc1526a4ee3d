// Whether a webhook URL may be stored (CONTRACT §11, 400 destination_not_allowed at creation): https
// only, no credentials, no literal private address in any spelling WHATWG URL accepts, no localhost;
// ALLOW_PRIVATE_WEBHOOKS=1 lifts all but the credentials rule. Pure: nothing is resolved or connected.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDestinationUrl, hostOf, type DestinationRefusal } from '../../src/outbound/destination-rules.js';

const outcome = (url: string, allowPrivate: boolean): DestinationRefusal | 'ok' => {
  const r = checkDestinationUrl(url, allowPrivate);
  return r.ok ? 'ok' : r.reason;
};

const check = (table: readonly (readonly [string, DestinationRefusal | 'ok', DestinationRefusal | 'ok'])[]) => {
  const wrong = table.flatMap(([url, strict, lenient]) => {
    const got = [outcome(url, false), outcome(url, true)];
    return got[0] === strict && got[1] === lenient ? [] : [`${url}: expected ${strict}/${lenient}, got ${got.join('/')}`];
  });
  assert.deepEqual(wrong, []);
};

describe('destination rules', () => {
  it('accepts https URLs naming a public host or address, with any port, path and query', () => {
    check([
      ['https://hooks.example.com/in', 'ok', 'ok'],
      ['https://hooks.example.com:8443/in?x=1#frag', 'ok', 'ok'],
      ['HTTPS://Hooks.Example.COM/x', 'ok', 'ok'],
      ['https://8.8.8.8/', 'ok', 'ok'],
      ['https://[2606:4700::1111]/', 'ok', 'ok'],
      ['https://[::ffff:8.8.8.8]/', 'ok', 'ok'],
      ['https://127.0.0.1.nip.io/', 'ok', 'ok'], // a name: checked on the address connected to
      ['https://xn--nxasmq6b.com/', 'ok', 'ok'],
    ]);
  });

  it('refuses what is not an absolute http(s) URL, and http unless private destinations are allowed', () => {
    check([
      ['', 'invalid_url', 'invalid_url'],
      ['/relative/path', 'invalid_url', 'invalid_url'],
      ['hooks.example.com/in', 'invalid_url', 'invalid_url'],
      ['https://', 'invalid_url', 'invalid_url'],
      ['https://1.2.3.4.5/', 'invalid_url', 'invalid_url'],
      ['https://[fe80::1%25eth0]/', 'invalid_url', 'invalid_url'],
      ['http://hooks.example.com/in', 'scheme_not_allowed', 'ok'],
      ['ftp://hooks.example.com/', 'scheme_not_allowed', 'scheme_not_allowed'],
      ['file:///etc/passwd', 'scheme_not_allowed', 'scheme_not_allowed'],
      ['gopher://127.0.0.1:6379/_', 'scheme_not_allowed', 'scheme_not_allowed'],
      ['javascript:alert(1)', 'scheme_not_allowed', 'scheme_not_allowed'],
      ['ws://hooks.example.com/', 'scheme_not_allowed', 'scheme_not_allowed'],
    ]);
  });

  it('refuses credentials in the URL, even when private destinations are allowed', () => {
    check([
      ['https://user:secret@hooks.example.com/', 'credentials_not_allowed', 'credentials_not_allowed'],
      ['https://user@hooks.example.com/', 'credentials_not_allowed', 'credentials_not_allowed'],
      ['https://:secret@hooks.example.com/', 'credentials_not_allowed', 'credentials_not_allowed'],
    ]);
  });

  it('refuses a literal address that is not public in every spelling WHATWG URL normalises', () => {
    check([
      ['https://127.0.0.1/', 'address_not_public', 'ok'],
      ['https://127.0.0.1./', 'address_not_public', 'ok'],
      ['http://2130706433/', 'scheme_not_allowed', 'ok'],
      ['https://2130706433/', 'address_not_public', 'ok'],
      ['https://0x7f.1/', 'address_not_public', 'ok'],
      ['https://0x7f000001/', 'address_not_public', 'ok'],
      ['https://0177.0.0.1/', 'address_not_public', 'ok'],
      ['https://127.1/', 'address_not_public', 'ok'],
      ['https://%31%32%37.0.0.1/', 'address_not_public', 'ok'],
      ['https://\uff11\uff12\uff17.0.0.1/', 'address_not_public', 'ok'],
      ['https://0/', 'address_not_public', 'ok'],
      ['https://10.1.2.3:8443/x', 'address_not_public', 'ok'],
      ['https://169.254.169.254/latest/meta-data/', 'address_not_public', 'ok'],
      ['https://0xa9fea9fe/', 'address_not_public', 'ok'],
      ['https://100.64.0.1/', 'address_not_public', 'ok'],
      ['https://[::1]/', 'address_not_public', 'ok'],
      ['https://[::]/', 'address_not_public', 'ok'],
      ['https://[::ffff:127.0.0.1]/', 'address_not_public', 'ok'],
      ['https://[::ffff:a9fe:a9fe]/', 'address_not_public', 'ok'],
      ['https://[64:ff9b::10.0.0.1]/', 'address_not_public', 'ok'],
      ['https://[2002:c0a8:101::1]/', 'address_not_public', 'ok'],
      ['https://[fd00:ec2::254]/', 'address_not_public', 'ok'],
      ['https://[fe80::1]/', 'address_not_public', 'ok'],
      ['https://[fc00::1]/', 'address_not_public', 'ok'],
    ]);
  });

  it('says which class of address was named', () => {
    const r = checkDestinationUrl('https://[fd00:ec2::254]/', false);
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.addressClass, 'metadata');
      assert.match(r.message, /metadata address/);
    }
  });

  it('refuses localhost and names under .localhost, with or without a trailing dot', () => {
    check([
      ['https://localhost/', 'localhost_not_allowed', 'ok'],
      ['https://LOCALHOST:3000/', 'localhost_not_allowed', 'ok'],
      ['https://localhost./', 'localhost_not_allowed', 'ok'],
      ['https://hooks.localhost/', 'localhost_not_allowed', 'ok'],
      ['https://a.b.localhost./', 'localhost_not_allowed', 'ok'],
      ['https://localhost.example.com/', 'ok', 'ok'],
      ['https://notlocalhost/', 'ok', 'ok'],
    ]);
  });

  it('hands back the parsed URL, and its host without brackets or a trailing dot', () => {
    const r = checkDestinationUrl('https://Hooks.Example.com./in?a=1', false);
    assert.ok(r.ok);
    if (r.ok) {
      assert.equal(r.url.href, 'https://hooks.example.com./in?a=1');
      assert.equal(hostOf(r.url), 'hooks.example.com');
    }
    assert.equal(hostOf(new URL('https://[::1]:8443/')), '::1');
  });

  it('never accepts a URL naming an IPv4 address in 10/8 without private destinations allowed, whatever the spelling', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), fc.constantFrom('dec', 'hex', 'int'), (low, form) => {
        const n = 0x0a000000 + low;
        const parts = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
        const host = form === 'dec' ? parts.join('.') : form === 'hex' ? parts.map((p) => `0x${p.toString(16)}`).join('.') : String(n);
        assert.equal(outcome(`https://${host}/`, false), 'address_not_public', host);
      }),
    );
  });
});
