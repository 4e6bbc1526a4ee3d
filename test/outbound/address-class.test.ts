// The class of an address for outbound requests (CONTRACT §11), as a pure function: every refused
// range with the addresses just inside and just outside each boundary, the IPv6 forms that carry an
// IPv4 address, and properties over whole ranges. No address here is ever connected to.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { classifyAddress, isPublicAddress, type AddressClass } from '../../src/outbound/address-class.js';

const check = (table: readonly (readonly [string, AddressClass])[]) => {
  const wrong = table.filter(([ip, cls]) => classifyAddress(ip) !== cls).map(([ip, cls]) => `${ip}: expected ${cls}, got ${classifyAddress(ip)}`);
  assert.deepEqual(wrong, []);
};

describe('IPv4 ranges', () => {
  it('classifies each special range at both ends and its neighbours outside', () => {
    check([
      ['0.0.0.0', 'unspecified'], ['0.255.255.255', 'unspecified'], ['1.0.0.0', 'public'],
      ['9.255.255.255', 'public'], ['10.0.0.0', 'private'], ['10.255.255.255', 'private'], ['11.0.0.0', 'public'],
      ['100.63.255.255', 'public'], ['100.64.0.0', 'carrier_grade_nat'], ['100.127.255.255', 'carrier_grade_nat'], ['100.128.0.0', 'public'],
      ['126.255.255.255', 'public'], ['127.0.0.0', 'loopback'], ['127.0.0.1', 'loopback'], ['127.255.255.255', 'loopback'], ['128.0.0.0', 'public'],
      ['169.253.255.255', 'public'], ['169.254.0.0', 'link_local'], ['169.254.255.255', 'link_local'], ['169.255.0.0', 'public'],
      ['169.254.169.253', 'link_local'], ['169.254.169.254', 'metadata'], ['169.254.169.255', 'link_local'], ['169.254.170.2', 'metadata'],
      ['172.15.255.255', 'public'], ['172.16.0.0', 'private'], ['172.31.255.255', 'private'], ['172.32.0.0', 'public'],
      ['191.255.255.255', 'public'], ['192.0.0.0', 'reserved'], ['192.0.0.255', 'reserved'], ['192.0.1.0', 'public'],
      ['192.0.1.255', 'public'], ['192.0.2.0', 'documentation'], ['192.0.2.255', 'documentation'], ['192.0.3.0', 'public'],
      ['192.88.98.255', 'public'], ['192.88.99.0', 'reserved'], ['192.88.99.255', 'reserved'], ['192.88.100.0', 'public'],
      ['192.167.255.255', 'public'], ['192.168.0.0', 'private'], ['192.168.255.255', 'private'], ['192.169.0.0', 'public'],
      ['198.17.255.255', 'public'], ['198.18.0.0', 'benchmarking'], ['198.19.255.255', 'benchmarking'], ['198.20.0.0', 'public'],
      ['198.51.99.255', 'public'], ['198.51.100.0', 'documentation'], ['198.51.100.255', 'documentation'], ['198.51.101.0', 'public'],
      ['203.0.112.255', 'public'], ['203.0.113.0', 'documentation'], ['203.0.113.255', 'documentation'], ['203.0.114.0', 'public'],
      ['223.255.255.255', 'public'], ['224.0.0.0', 'multicast'], ['239.255.255.255', 'multicast'], ['240.0.0.0', 'reserved'],
      ['255.255.255.254', 'reserved'], ['255.255.255.255', 'broadcast'],
    ]);
  });

  it('names the cloud metadata endpoints, including the two outside link-local', () => {
    check([['100.100.100.200', 'metadata'], ['100.100.100.201', 'carrier_grade_nat'], ['168.63.129.16', 'metadata'], ['168.63.129.17', 'public']]);
  });

  it('leaves ordinary public addresses public', () => {
    check([['8.8.8.8', 'public'], ['1.1.1.1', 'public'], ['93.184.215.14', 'public'], ['223.5.5.5', 'public']]);
  });
});

describe('IPv6 ranges', () => {
  it('classifies each special range at both ends and its neighbours outside', () => {
    check([
      ['::', 'unspecified'], ['::1', 'loopback'], ['::2', 'unspecified'],
      ['ff::1', 'reserved'], ['100::', 'discard'], ['100::ffff:ffff:ffff:ffff', 'discard'], ['100:0:0:1::', 'reserved'],
      ['1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'], ['2000::', 'public'],
      ['2001:1::', 'reserved'], ['2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'], ['2001:200::', 'public'],
      ['2001:2::', 'benchmarking'], ['2001:2:0:ffff:ffff:ffff:ffff:ffff', 'benchmarking'],
      ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', 'public'], ['2001:db8::', 'documentation'],
      ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'], ['2001:db9::', 'public'],
      ['3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'public'], ['3fff::', 'documentation'], ['3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'],
      ['3fff:1000::', 'public'], ['3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'public'], ['4000::', 'reserved'], ['5f00::1', 'reserved'],
      ['fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'], ['fc00::', 'private'], ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'private'],
      ['fd00:ec2::253', 'private'], ['fd00:ec2::254', 'metadata'], ['fd00:ec2::255', 'private'],
      ['fe00::', 'reserved'], ['fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'], ['fe80::', 'link_local'],
      ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'link_local'], ['fec0::', 'private'], ['feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'private'],
      ['ff00::', 'multicast'], ['ff02::1', 'multicast'], ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'multicast'],
      ['64:ff9b:1::', 'private'], ['64:ff9b:1:ffff:ffff:ffff:ffff:ffff', 'private'],
    ]);
  });

  it('leaves ordinary global unicast addresses public', () => {
    check([['2606:4700:4700::1111', 'public'], ['2a00:1450:4001:80b::200e', 'public'], ['2001:4860:4860::8888', 'public']]);
  });

  it('classifies IPv4-mapped, NAT64 and 6to4 addresses by the IPv4 address they carry', () => {
    check([
      ['::ffff:10.0.0.1', 'private'], ['::ffff:a00:1', 'private'], ['::ffff:127.0.0.1', 'loopback'], ['::ffff:169.254.169.254', 'metadata'],
      ['::ffff:8.8.8.8', 'public'], ['::ffff:0.0.0.0', 'unspecified'], ['0:0:0:0:0:ffff:c0a8:101', 'private'],
      ['64:ff9b::10.0.0.1', 'private'], ['64:ff9b::7f00:1', 'loopback'], ['64:ff9b::8.8.8.8', 'public'], ['64:ff9b::1:0:0:1', 'reserved'],
      ['2002:a00:1::', 'private'], ['2002:7f00:1::1', 'loopback'], ['2002:a9fe:a9fe::', 'metadata'], ['2002:808:808::1', 'public'],
    ]);
  });

  it('refuses the deprecated IPv4-compatible form and Teredo, with the embedded class when it is not public', () => {
    check([
      ['::10.0.0.1', 'private'], ['::127.0.0.1', 'loopback'], ['::8.8.8.8', 'reserved'],
      // Teredo: server 65.54.227.120, client the bitwise inverse of the last 32 bits.
      ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'], // client 10.0.0.1
      ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'], // client 127.0.0.1
      ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'private'], // client 8.8.8.8, server 10.0.0.1
      ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'reserved'], // both public
      ['2001::', 'broadcast'], // client 255.255.255.255
    ]);
  });

  it('ignores brackets and zone ids, and calls anything else invalid', () => {
    check([['[::1]', 'loopback'], ['fe80::1%eth0', 'link_local'], ['fe80::1%25eth0', 'link_local'], ['[2606:4700::1]', 'public']]);
    for (const text of ['', 'localhost', '1.2.3', '256.0.0.1', '010.0.0.1', '::g', '1::2::3', 'example.com', ' 8.8.8.8', '%eth0']) {
      assert.equal(classifyAddress(text), 'invalid', JSON.stringify(text));
      assert.equal(isPublicAddress(text), false);
    }
  });
});

const octet = fc.integer({ min: 0, max: 255 });
const v4 = (a: number, b: number, c: number, d: number) => `${a}.${b}.${c}.${d}`;
const hex = (n: number) => n.toString(16);

describe('properties', () => {
  it('every address in 10/8, 192.168/16 and 172.16/12 is private; in 127/8 loopback; in 169.254/16 link-local or metadata', () => {
    fc.assert(
      fc.property(octet, octet, octet, fc.integer({ min: 16, max: 31 }), (b, c, d, s) => {
        assert.equal(classifyAddress(v4(10, b, c, d)), 'private');
        assert.equal(classifyAddress(v4(192, 168, c, d)), 'private');
        assert.equal(classifyAddress(v4(172, s, c, d)), 'private');
        assert.equal(classifyAddress(v4(127, b, c, d)), 'loopback');
        assert.ok(['link_local', 'metadata'].includes(classifyAddress(v4(169, 254, c, d))));
      }),
    );
  });

  it('IPv4-mapped forms, dotted or hex, classify like their IPv4 address; NAT64 and 6to4 too', () => {
    fc.assert(
      fc.property(octet, octet, octet, octet, (a, b, c, d) => {
        const cls = classifyAddress(v4(a, b, c, d));
        const high = hex((a << 8) | b);
        const low = hex((c << 8) | d);
        assert.equal(classifyAddress(`::ffff:${v4(a, b, c, d)}`), cls);
        assert.equal(classifyAddress(`::ffff:${high}:${low}`), cls);
        assert.equal(classifyAddress(`64:ff9b::${high}:${low}`), cls);
        assert.equal(classifyAddress(`2002:${high}:${low}::1`), cls);
      }),
      { numRuns: 2000 },
    );
  });

  it('an IPv6 address is public only inside 2000::/3', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), (words) => {
        const ip = words.map(hex).join(':');
        if (isPublicAddress(ip)) assert.ok(words[0]! >= 0x2000 && words[0]! < 0x4000, ip);
      }),
      { numRuns: 2000 },
    );
  });

  it('an IPv4 address outside every listed range is public, inside one never', () => {
    const refused = [[0, 8], [10, 8], [127, 8], [169, 16], [172, 12], [192, 16], [198, 15], [224, 3], [100, 10], [203, 24], [168, 8]] as const;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (n) => {
        const ip = v4(n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
        const first = n >>> 24;
        // Coarse: a first octet with no special range in it is always public.
        if (!refused.some(([o]) => o === first) && first < 224) assert.equal(classifyAddress(ip), 'public', ip);
        if (first >= 224) assert.notEqual(classifyAddress(ip), 'public', ip);
      }),
      { numRuns: 5000 },
    );
  });
});
