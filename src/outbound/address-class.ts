// What kind of address an IP is, for outbound requests (webhooks, CONTRACT §11): only `public`
// addresses may be connected to unless private destinations are allowed. Pure; no I/O.
//
// Decisions:
// - Ranges are matched with node:net's BlockList (built in, no dependency), one list per class and per
//   family, checked in the order below so a more specific class wins (metadata before link-local,
//   broadcast before 240/4). Families are kept apart on purpose: a BlockList treats IPv4 and
//   IPv4-mapped IPv6 as the same address, so an IPv6 rule like ::/8 would also match every IPv4.
// - IPv6 forms that carry an IPv4 address are classified by that address: IPv4-mapped
//   (::ffff:a.b.c.d), NAT64 (64:ff9b::/96, RFC 6052), 6to4 (2002::/16) — public when the IPv4 is.
//   The deprecated IPv4-compatible form (::a.b.c.d) and Teredo (2001::/32; server and de-obfuscated
//   client) take the embedded address's class when it is not public, else `reserved`: nobody hosts a
//   webhook receiver there.
// - IPv6 is public only inside 2000::/3 (global unicast) and outside the special-purpose ranges;
//   anything else unassigned is `reserved`.
// - A zone id (fe80::1%eth0) is ignored for the class: BlockList does not understand it (it answers
//   "no match", which would read as public), so it is stripped first.
// - Metadata endpoints: 169.254.169.254 (AWS, GCP, Azure IMDS, Oracle…), 169.254.170.2 (AWS ECS task
//   credentials), 100.100.100.200 (Alibaba), fd00:ec2::254 (AWS IMDS over IPv6) — all inside refused
//   ranges anyway, named for the log — and 168.63.129.16 (Azure WireServer), which is public space
//   but only ever reaches the cloud platform, so it is refused as metadata too.
// - Anything that is not an IP address is `invalid`, never public.
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'carrier_grade_nat'
  | 'link_local'
  | 'metadata'
  | 'documentation'
  | 'benchmarking'
  | 'multicast'
  | 'broadcast'
  | 'discard'
  | 'reserved'
  | 'invalid';

type Family = 'ipv4' | 'ipv6';
type Rules = readonly (readonly [AddressClass, readonly string[]])[];

/** IPv4 special-purpose ranges (IANA registry, RFC 6890 and successors), most specific class first. */
const IPV4_RULES: Rules = [
  ['metadata', ['169.254.169.254/32', '169.254.170.2/32', '100.100.100.200/32', '168.63.129.16/32']],
  ['broadcast', ['255.255.255.255/32']],
  ['unspecified', ['0.0.0.0/8']],
  ['loopback', ['127.0.0.0/8']],
  ['private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']],
  ['carrier_grade_nat', ['100.64.0.0/10']],
  ['link_local', ['169.254.0.0/16']],
  ['documentation', ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24']],
  ['benchmarking', ['198.18.0.0/15']],
  ['multicast', ['224.0.0.0/4']],
  // 192.0.0.0/24: IETF protocol assignments; 192.88.99.0/24: the retired 6to4 relay anycast; 240/4: future use.
  ['reserved', ['192.0.0.0/24', '192.88.99.0/24', '240.0.0.0/4']],
];

/** IPv6 special-purpose ranges left once the IPv4-carrying forms are handled, most specific first. */
const IPV6_RULES: Rules = [
  ['metadata', ['fd00:ec2::254/128']],
  ['unspecified', ['::/128']],
  ['loopback', ['::1/128']],
  ['discard', ['100::/64']],
  ['documentation', ['2001:db8::/32', '3fff::/20']],
  ['benchmarking', ['2001:2::/48']],
  // fc00::/7 unique local, fec0::/10 the deprecated site-local, 64:ff9b:1::/48 local-use NAT64 (RFC 8215).
  ['private', ['fc00::/7', 'fec0::/10', '64:ff9b:1::/48']],
  ['link_local', ['fe80::/10']],
  ['multicast', ['ff00::/8']],
  // 2001::/23: IETF protocol assignments (Teredo, ORCHID, AMT…), none of them a webhook receiver.
  ['reserved', ['2001::/23']],
];

const compile = (rules: Rules, family: Family): readonly (readonly [AddressClass, BlockList])[] =>
  rules.map(([cls, cidrs]) => {
    const list = new BlockList();
    for (const cidr of cidrs) {
      const [network = '', prefix = ''] = cidr.split('/');
      list.addSubnet(network, Number(prefix), family);
    }
    return [cls, list] as const;
  });

const IPV4_LISTS = compile(IPV4_RULES, 'ipv4');
const IPV6_LISTS = compile(IPV6_RULES, 'ipv6');
const GLOBAL_UNICAST = compile([['public', ['2000::/3']]], 'ipv6')[0]![1];

const lookupClass = (lists: typeof IPV4_LISTS, ip: string, family: Family): AddressClass | undefined =>
  lists.find(([, list]) => list.check(ip, family))?.[0];

function classifyIpv4(ip: string): AddressClass {
  return lookupClass(IPV4_LISTS, ip, 'ipv4') ?? 'public';
}

/** The 16 bytes of a valid IPv6 address (no zone id), including a trailing dotted IPv4 part. */
function ipv6Bytes(ip: string): number[] {
  let text = ip;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    tail.push(...text.slice(lastColon + 1).split('.').map(Number));
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string): string[] => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const missing = 8 - left.length - right.length;
  const words = [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right].map((g) => parseInt(g, 16));
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

const ipv4Of = (bytes: readonly number[]): string => bytes.join('.');
const zeros = (bytes: readonly number[]): boolean => bytes.every((b) => b === 0);

/** The class an IPv6 address gets from an IPv4 address it carries, or undefined when it carries none. */
function embeddedClass(b: readonly number[]): AddressClass | undefined {
  const head = (n: number) => b.slice(0, n);
  const last4 = ipv4Of(b.slice(12, 16));
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64 well-known prefix): the IPv4 is what is reached.
  if (zeros(head(10)) && b[10] === 0xff && b[11] === 0xff) return classifyIpv4(last4);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b.slice(4, 12))) return classifyIpv4(last4);
  if (b[0] === 0x20 && b[1] === 0x02) return classifyIpv4(ipv4Of(b.slice(2, 6)));
  const notPublicOr = (cls: AddressClass, fallback: AddressClass) => (cls === 'public' ? fallback : cls);
  // ::a.b.c.d (IPv4-compatible, deprecated); :: and ::1 are the unspecified and loopback addresses instead.
  if (zeros(head(12)) && !(zeros(b.slice(12, 15)) && (b[15] ?? 0) <= 1)) return notPublicOr(classifyIpv4(last4), 'reserved');
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) {
    const client = classifyIpv4(ipv4Of(b.slice(12, 16).map((x) => x ^ 0xff)));
    const server = classifyIpv4(ipv4Of(b.slice(4, 8)));
    return notPublicOr(client, notPublicOr(server, 'reserved'));
  }
  return undefined;
}

function classifyIpv6(ip: string): AddressClass {
  const embedded = embeddedClass(ipv6Bytes(ip));
  if (embedded !== undefined) return embedded;
  const listed = lookupClass(IPV6_LISTS, ip, 'ipv6');
  if (listed !== undefined) return listed;
  return GLOBAL_UNICAST.check(ip, 'ipv6') ? 'public' : 'reserved';
}

/** The class of an IP address in text form (IPv6 with or without brackets or a zone id). */
export function classifyAddress(address: string): AddressClass {
  const unbracketed = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const ip = unbracketed.split('%')[0] ?? '';
  if (isIPv4(ip)) return classifyIpv4(ip);
  if (isIPv6(ip)) return classifyIpv6(ip);
  return 'invalid';
}

/** True when an outbound request may connect to this address without private destinations allowed. */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}
