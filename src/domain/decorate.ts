// Publisher-mode link decoration, pure and dependency-free: the server and the browser SDK share
// this exact function (the SDK bundles it). A link is decorated only when publisher mode is on,
// the URL is absolute http(s), and its host is on a network's allowlist: Awin links get
// clickref=<reference>, CJ links get sid=<reference>. An existing value is replaced; every other
// query parameter is kept byte for byte, and so is the fragment. Anything else stays untouched.

export type Network = 'awin' | 'cj';

export interface DecorationConfig {
  publisher_mode: boolean;
  publisher_hosts: Record<Network, readonly string[]>;
}

export const DECORATION_PARAM: Readonly<Record<Network, string>> = { awin: 'clickref', cj: 'sid' };
export const REFERENCE_PATTERN = /^[A-Za-z0-9]{16,64}$/;

export interface Decoration {
  decorated: boolean;
  url: string;
  provider?: Network;
}

/** The normal form of an allowlist entry (lower case, punycode, default port dropped), or null. */
export function hostKey(host: string): string | null {
  try {
    const u = new URL(`https://${host.trim()}`);
    if (u.pathname !== '/' || u.search || u.hash || u.username) return null;
    return u.host;
  } catch {
    return null;
  }
}

/** Which network's allowlist holds the URL's host, if any. */
export function networkOf(url: URL, hosts: DecorationConfig['publisher_hosts']): Network | undefined {
  // URL.host is lower case, punycode, and omits the scheme's default port, as hostKey() does.
  for (const network of ['awin', 'cj'] as const) {
    if (hosts[network].some((entry) => hostKey(entry) === url.host)) return network;
  }
  return undefined;
}

function withParam(href: string, name: string, value: string): string {
  const hashAt = href.indexOf('#');
  const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : href.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const pairs = queryAt < 0 ? [] : beforeHash.slice(queryAt + 1).split('&').filter((p) => p !== '');
  const named = (pair: string) => {
    const raw = pair.split('=', 1)[0] ?? '';
    try {
      return decodeURIComponent(raw.replace(/\+/g, ' ')) === name;
    } catch {
      return raw === name;
    }
  };
  const encoded = `${name}=${encodeURIComponent(value)}`;
  const first = pairs.findIndex(named);
  const kept = pairs.filter((p, i) => !named(p) || i === first).map((p, i) => (i === first ? encoded : p));
  if (first < 0) kept.push(encoded);
  return `${path}?${kept.join('&')}${hash}`;
}

export function decorate(url: string, config: DecorationConfig, reference: string): Decoration {
  const untouched: Decoration = { decorated: false, url };
  if (!config.publisher_mode || !REFERENCE_PATTERN.test(reference)) return untouched;
  const href = url.trim();
  // Absolute http(s) only: relative, protocol-relative, javascript: and mailto: links stay as they are.
  if (!/^https?:\/\//i.test(href)) return untouched;
  let parsed: URL;
  try {
    parsed = new URL(href);
  } catch {
    return untouched;
  }
  const provider = networkOf(parsed, config.publisher_hosts);
  if (!provider) return untouched;
  // Keep the link as written (parameters byte for byte); only the one parameter changes.
  return { decorated: true, url: withParam(href, DECORATION_PARAM[provider], reference), provider };
}
