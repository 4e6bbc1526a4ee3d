// Whether a webhook destination URL may be stored (CONTRACT §11: refused at creation as 400
// `destination_not_allowed` at /action/url). Pure; it never resolves a name — a name that resolves to
// a private address is refused when the delivery connects (safe-fetch.ts), since DNS can change
// between now and then.
//
// Decisions:
// - The URL is read by WHATWG URL rules (what the sender uses), so every spelling of an IPv4 address
//   that it normalises (2130706433, 0x7f.1, 0177.0.0.1, 127.1, percent-encoded or full-width digits)
//   is checked as the address it becomes, and IPv6 literals in brackets are checked too.
// - https only; http is accepted only when private destinations are allowed (ALLOW_PRIVATE_WEBHOOKS=1).
// - A literal address that is not public, and `localhost` or any name under `.localhost` (RFC 6761
//   reserves them for loopback; a trailing dot does not hide them), are refused unless private
//   destinations are allowed. Other names pass: they are checked on the address connected to.
// - Credentials in the URL (user:password@) are always refused: the URL is shown back in API answers
//   and logs, and a secret does not belong there (the webhook is authenticated by its signature).
// - Ports are not restricted: what protects the network is the address, not the port.
import { classifyAddress, type AddressClass } from './address-class.js';

export type DestinationRefusal = 'invalid_url' | 'scheme_not_allowed' | 'credentials_not_allowed' | 'address_not_public' | 'localhost_not_allowed';

export type DestinationCheck =
  | { ok: true; url: URL }
  | { ok: false; reason: DestinationRefusal; message: string; addressClass?: AddressClass };

/** The host of a URL without IPv6 brackets or a trailing dot, lower case (URL already lower-cases names). */
export function hostOf(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

const isLocalhostName = (host: string): boolean => host === 'localhost' || host.endsWith('.localhost');

function parseAbsolute(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Whether `text` may be a webhook destination; `allowPrivate` is ALLOW_PRIVATE_WEBHOOKS=1. */
export function checkDestinationUrl(text: string, allowPrivate: boolean): DestinationCheck {
  const url = parseAbsolute(text);
  if (url === undefined) return { ok: false, reason: 'invalid_url', message: 'Not an absolute URL' };
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    return { ok: false, reason: 'scheme_not_allowed', message: allowPrivate ? 'Only http and https URLs are allowed' : 'Only https URLs are allowed' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'credentials_not_allowed', message: 'The URL must not contain credentials' };
  }
  if (allowPrivate) return { ok: true, url };
  const host = hostOf(url);
  const addressClass = classifyAddress(host);
  if (addressClass !== 'invalid' && addressClass !== 'public') {
    return { ok: false, reason: 'address_not_public', message: `The URL names a ${addressClass.replace(/_/g, ' ')} address`, addressClass };
  }
  if (isLocalhostName(host)) return { ok: false, reason: 'localhost_not_allowed', message: 'The URL names localhost' };
  return { ok: true, url };
}
