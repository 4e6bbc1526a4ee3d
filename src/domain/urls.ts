// URL rules shared by events, touches and publisher clicks.

/** Query parameters that carry affiliate click ids or publisher references (CONTRACT §3). */
const CLICK_PARAMS = new Set(['awc', 'cjevent', 'clickref', 'sid']);

/** An absolute http(s) URL? */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The URL without the click-id parameters (awc, cjevent, clickref, sid; any letter case, also
 * percent-encoded). Anything else is kept as it was written; a URL without those parameters is
 * returned untouched.
 */
export function stripClickParams(url: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt < 0) return url;
  const pairs = beforeHash.slice(queryAt + 1).split('&');
  const kept = pairs.filter((pair) => {
    const name = pair.split('=', 1)[0] ?? '';
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // keep the raw name
    }
    return !CLICK_PARAMS.has(decoded.toLowerCase());
  });
  if (kept.length === pairs.length) return url;
  return `${beforeHash.slice(0, queryAt)}${kept.length > 0 ? `?${kept.join('&')}` : ''}${hash}`;
}
