// Click ids never ride along in stored URLs (CONTRACT §3), however the parameter name is written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkStoredUrl, resolveShopPath, stripClickParams, type StoredUrlRefusal } from '../../src/domain/urls.js';

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

// Every URL we store (calls to action, product pages and images, webhooks) passes checkStoredUrl; a
// path must stay on the shop however the URL parser reads it (security finding: "/\t/evil.example/x"
// was stored and followed as https://evil.example/x).
describe('checkStoredUrl', () => {
  const BASE = 'https://shop.example';
  const refused: [string, StoredUrlRefusal][] = [
    ['/\t/evil.example/x', 'characters'],
    ['/\n/evil.example', 'characters'],
    ['/\r/evil.example', 'characters'],
    ['/\\evil.example', 'characters'],
    ['\\\\evil.example', 'characters'],
    ['/\\/evil.example', 'characters'],
    ['\t//evil.example', 'characters'],
    ['/x\u0000', 'characters'],
    ['/x\u001b[31m', 'characters'],
    ['/x\u007f', 'characters'],
    ['/x\u0085/y', 'characters'],
    ['/\u2028/evil.example', 'characters'],
    ['/\u2029/evil.example', 'characters'],
    [' https://x.example', 'characters'],
    ['https://x.example ', 'characters'],
    [' /sale', 'characters'],
    ['\u00a0/sale', 'characters'],
    ['\ufeff/sale', 'characters'],
    ['https://shop.example/a\tb', 'characters'],
    ['https://shop.example\\@evil.example', 'characters'],
    ['//evil.example', 'off_origin'],
    ['///evil.example', 'off_origin'],
    ['/a/../..//evil.example', 'off_origin'],
    ['/.//evil.example', 'off_origin'],
    ['/%2e//evil.example', 'off_origin'],
    ['javascript:alert(1)', 'scheme'],
    ['JavaScript:alert(1)', 'scheme'],
    ['data:text/html,<script>alert(1)</script>', 'scheme'],
    ['vbscript:x', 'scheme'],
    ['mailto:a@b.example', 'scheme'],
    ['ftp://shop.example/x', 'scheme'],
    ['sale', 'form'],
    ['evil.example/x', 'form'],
    ['https:evil.example', 'form'],
    ['http:/evil.example', 'form'],
    ['https://', 'form'],
    ['?q=1', 'form'],
    ['#top', 'form'],
    ['', 'form'],
  ];
  for (const [text, reason] of refused) {
    it(`refuses ${JSON.stringify(text)} (${reason})`, () => {
      const check = checkStoredUrl(text, { paths: true });
      assert.equal(check.ok, false);
      assert.equal(!check.ok && check.reason, reason);
    });
  }

  const accepted: [string, 'absolute' | 'path'][] = [
    ['/sale', 'path'],
    ['/', 'path'],
    ['/sale?utm_source=x#top', 'path'],
    ['/a//b', 'path'],
    ['/a/../b', 'path'],
    ['/sommer sale', 'path'],
    ['/bücher', 'path'],
    ['https://shop.example/sale', 'absolute'],
    ['HTTP://other.example:8080/x?y=1', 'absolute'],
    ['https://partner.example/a%20b', 'absolute'],
    // Percent-encoding is harmless: the parser never decodes it, the origin and the path stay.
    ['/%09/evil.example', 'path'],
    ['/%0a/evil.example', 'path'],
    ['/%5cevil.example', 'path'],
    ['/%2F/evil.example', 'path'],
  ];
  for (const [text, kind] of accepted) {
    it(`accepts ${JSON.stringify(text)} (${kind})`, () => {
      assert.deepEqual(checkStoredUrl(text, { paths: true }), { ok: true, kind });
      if (kind === 'path') assert.equal(new URL(text, BASE).origin, BASE);
    });
  }

  it('reads percent-encoded tab, LF and backslash as path characters, never as the parser’s own', () => {
    for (const text of ['/%09/evil.example', '/%0A/evil.example', '/%5C/evil.example']) {
      const url = new URL(text, BASE);
      assert.equal(url.origin, BASE);
      assert.equal(url.pathname, text, 'kept as written');
      assert.equal(new URL(url.pathname, BASE).origin, BASE, 'and again when the path is re-used');
    }
  });

  it('without paths, only absolute http(s) URLs', () => {
    assert.deepEqual(checkStoredUrl('https://shop.example/p', { paths: false }), { ok: true, kind: 'absolute' });
    for (const text of ['/sale', '//evil.example', '/\t/evil.example', 'javascript:alert(1)']) assert.equal(checkStoredUrl(text, { paths: false }).ok, false, text);
  });

  // Strings built from the characters attacks are made of, and any strings at all.
  const attackPiece = fc.constantFrom('/', '\\', '\t', '\n', '\r', ' ', '.', '..', '%', '%2e', '%2f', '%5c', '%09', ':', '@', '?', '#', 'evil.example', 'a', '\u2028', '\u0000', '\u0085', '\u00a0', 'https:');
  const attackPath = fc.array(attackPiece, { maxLength: 12 }).map((parts) => `/${parts.join('')}`);
  const anything = fc.oneof(attackPath, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 40 }).map((s) => `/${s}`));
  const bases = fc.constantFrom(BASE, 'http://127.0.0.1:8080/shop/page.html?x=1#y', 'https://xn--bcher-kva.example/a/b/');

  it('a path it accepts resolves on the shop’s origin, against any page of it, and so does its resolved path', () => {
    fc.assert(
      fc.property(anything, bases, (text, base) => {
        const check = checkStoredUrl(text, { paths: true });
        if (!check.ok || check.kind !== 'path') return;
        const origin = new URL(base).origin;
        const url = new URL(text, base);
        assert.equal(url.origin, origin, JSON.stringify(text));
        assert.equal(new URL(url.pathname + url.search, base).origin, origin, `re-used: ${JSON.stringify(url.pathname)}`);
        assert.equal(resolveShopPath(text, base)?.href, url.href);
      }),
      { numRuns: 2000 },
    );
  });

  it('an absolute URL it accepts is http(s) with a host, and what it accepts never holds an unsafe character', () => {
    fc.assert(
      fc.property(fc.oneof(anything, fc.webUrl(), fc.webUrl().map((u) => `${u}\t`), attackPath.map((p) => `https://shop.example${p}`)), (text) => {
        const check = checkStoredUrl(text, { paths: true });
        if (!check.ok) return;
        assert.ok(!/[\u0000-\u001f\u007f-\u009f\\\u2028\u2029]/.test(text), JSON.stringify(text));
        if (check.kind === 'absolute') assert.match(new URL(text).protocol, /^https?:$/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('resolveShopPath', () => {
  it('resolves against the page, keeping its origin', () => {
    assert.equal(resolveShopPath('/sale', 'http://127.0.0.1:8080/products/shoe?x=1')?.href, 'http://127.0.0.1:8080/sale');
    for (const text of ['/\t/evil.example/x', '//evil.example', '/\\evil.example', 'https://evil.example/', 'sale', '/a/../..//evil.example']) {
      assert.equal(resolveShopPath(text, 'http://127.0.0.1:8080/'), undefined, text);
    }
  });
});
