// URL rules shared by events, touches, publisher clicks, and every URL we store (calls to action,
// product pages and images, webhooks) and the SDK draws (src/domain is bundled into it).

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

/**
 * Characters a stored URL never holds. C0 controls (tab, LF and CR among them), DEL and C1 controls:
 * the URL parser drops tab, LF and CR wherever they are, so "/\t/evil.example" is followed as
 * "//evil.example"; the others have no business in a link. Backslash: http(s) URLs read it as "/", so
 * "/\\evil.example" is "//evil.example". U+2028 and U+2029 end lines in logs and old JavaScript.
 * Spaces inside a URL are left alone (the parser percent-encodes them, the same resource), but not
 * at either end, which the parser trims.
 */
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\\u2028\u2029]|^\s|\s$/;

/** Whether `text` holds a character a stored URL never holds (see UNSAFE_CHARACTER). */
export const hasUnsafeUrlCharacter = (text: string): boolean => UNSAFE_CHARACTER.test(text);

/**
 * `path` resolved against `base` when it is a path of that origin: one "/" (never "//" or "/\\"),
 * no unsafe character, and resolved it keeps base's origin with a path that does not itself start
 * with "//" (as "/a/../..//evil.example" would: harmless here, a trap for whoever re-uses the path
 * as a link or a Location). Otherwise undefined. Percent-encoded characters are left as they are:
 * the parser never decodes them, so "/%09/evil.example" stays the path "/%09/evil.example".
 */
export function resolveShopPath(path: string, base: string): URL | undefined {
  if (!path.startsWith('/') || path.startsWith('//') || hasUnsafeUrlCharacter(path)) return undefined;
  try {
    const url = new URL(path, base);
    return url.origin === new URL(base).origin && !url.pathname.startsWith('//') ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Why a URL may not be stored (the 400 detail's code stays `url`; the message says which). */
export type StoredUrlRefusal = 'characters' | 'scheme' | 'off_origin' | 'form';

export type StoredUrlCheck = { ok: true; kind: 'absolute' | 'path' } | { ok: false; reason: StoredUrlRefusal; message: string };

/** Any origin would do: whether a path stays on its origin does not depend on which origin it is. */
const SHOP = 'https://shop.example';

/**
 * Whether `text` may be stored as a URL: an absolute http(s) URL with a host or, with `paths`, a
 * path of the shop (resolveShopPath). Never an unsafe character (control characters, backslash,
 * U+2028/U+2029, spaces at either end), never protocol-relative ("//host"), no other scheme.
 */
export function checkStoredUrl(text: string, options: { paths: boolean }): StoredUrlCheck {
  const expected = options.paths ? 'an absolute http(s) URL or a path of the shop ("/sale")' : 'an absolute http(s) URL';
  const refuse = (reason: StoredUrlRefusal, why: string): StoredUrlCheck => ({ ok: false, reason, message: `${why}: must be ${expected}` });
  if (hasUnsafeUrlCharacter(text)) return refuse('characters', 'control characters, backslashes, line separators and spaces at either end are refused (percent-encode them)');
  if (text.startsWith('//')) return refuse('off_origin', 'a URL starting with // leaves the shop');
  if (text.startsWith('/')) {
    if (!options.paths) return refuse('form', 'a path is not enough here');
    return resolveShopPath(text, SHOP) ? { ok: true, kind: 'path' } : refuse('off_origin', 'the path resolves off the shop or to a path starting with //');
  }
  if (isHttpUrl(text)) return { ok: true, kind: 'absolute' };
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^https?:/i.test(text)) return refuse('scheme', 'only http and https are allowed');
  return refuse('form', 'not a URL we can follow');
}
