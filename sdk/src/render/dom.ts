// DOM building for the renderer, never from HTML: text goes in as text nodes, attributes one by one,
// and URLs only when they are absolute http(s) or, for links, a path that stays on the page's origin.
// Every widget lives in a shadow root whose styles cannot leak in or out.
import { hasUnsafeUrlCharacter, resolveShopPath } from '../../../src/domain/urls.js';
import { CSS } from './styles.js';

type Child = Node | string | false | null | undefined;
type Attrs = Record<string, string | boolean | undefined | ((e: Event) => void)>;

/** An element with attributes (`on…` functions become listeners) and children (strings become text). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== false) el.setAttribute(k, v === true ? '' : v);
  }
  el.append(...(children.filter((c) => c || c === '') as (Node | string)[]));
  return el;
}

/** The URL if it is absolute http(s), else undefined (no javascript:, data: or relative URLs from the server). */
export const safeUrl = (url: string | undefined): string | undefined => (url && /^https?:\/\//i.test(url) && !hasUnsafeUrlCharacter(url) ? url : undefined);

/**
 * Where a link goes: an absolute http(s) URL as it is, or a path resolved against the page when it
 * stays on the page's origin. The server refuses any other path, but the configuration may hold
 * older data ("/\t/evil.example" reads as //evil.example), so the check is made again here.
 */
export const linkUrl = (url: string | undefined): string | undefined => (url?.startsWith('/') ? resolveShopPath(url, location.href)?.href : safeUrl(url));

/** A decorative image (alt=""), only from an http(s) URL. */
export const img = (url: string | undefined, cls?: string) => {
  const src = safeUrl(url);
  return src ? h('img', { src, alt: '', class: cls }) : undefined;
};

let sheet: CSSStyleSheet | undefined;

/** Opens a shadow root on `host` with the renderer's styles: a constructed sheet (no inline <style> for the page's CSP to refuse) where supported. */
export function shadow(host: Element): ShadowRoot {
  const root = host.attachShadow({ mode: 'open' });
  try {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } catch {
    root.append(h('style', {}, CSS));
  }
  return root;
}

/** A host element of the SDK's own (a custom tag: page rules for div and friends don't match it). */
export function ownHost(first = false): HTMLElement {
  const el = document.createElement('sf-campaign');
  if (first) document.body.prepend(el);
  else document.body.append(el);
  return el;
}

let n = 0;
/** An id unique in the document, for label/aria links inside one shadow root. */
export const uid = (p: string) => `sf-${p}-${(n += 1)}`;
