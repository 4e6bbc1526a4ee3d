// One URL per view, with the history API: /app/sites/<siteId>/<view>[/<id>][?settings]. Links are
// real <a href> elements (keyboard and middle-click work) whose plain clicks navigate without a
// reload. A view keeps its settings (the overview's period, its funnel) in the query.
import { useEffect, useState } from 'preact/hooks';

export const VIEWS = [
  ['overview', 'Overview'],
  ['experiments', 'Experiments'],
  ['publisher', 'Publisher analytics'],
  ['campaigns', 'Campaigns'],
  ['catalog', 'Products and media'],
  ['workflows', 'Workflows'],
  ['integrations', 'Integrations'],
  ['keys', 'API keys'],
  ['members', 'Members'],
] as const;

export type View = (typeof VIEWS)[number][0];

export type Route =
  | { name: 'home' }
  | { name: 'callback' }
  | { name: 'site'; siteId: string; view: View; id?: string }
  | { name: 'unknown'; path: string };

const isView = (v: string | undefined): v is View => VIEWS.some(([name]) => name === v);

export function parseRoute(pathname: string): Route {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(2).map(decodeURIComponent);
  if (parts.length === 0) return { name: 'home' };
  if (parts[0] === 'callback' && parts.length === 1) return { name: 'callback' };
  const [first, siteId, view = 'overview', id, ...rest] = parts;
  if (first === 'sites' && siteId && isView(view) && rest.length === 0) return { name: 'site', siteId, view, ...(id ? { id } : {}) };
  return { name: 'unknown', path: pathname };
}

export const sitePath = (siteId: string, view: View = 'overview', id?: string) =>
  `/app/sites/${encodeURIComponent(siteId)}/${view}${id ? `/${encodeURIComponent(id)}` : ''}`;

const listeners = new Set<() => void>();

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  for (const l of listeners) l();
}

/** A value of the location, kept current across navigations and back/forward. */
function useHistoryValue(read: () => string): string {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const update = () => setValue(read());
    listeners.add(update);
    addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      removeEventListener('popstate', update);
    };
  }, []);
  return value;
}

export const useLocation = (): string => useHistoryValue(() => location.pathname + location.search);

/** The query of the URL (`?…`, or empty): a view's settings that a reload or a shared link keeps. */
export const useSearch = (): string => useHistoryValue(() => location.search);

/** A view's settings changed: a new history entry (back returns to the previous ones), unless they are the same. */
export function navigateSearch(search: string): void {
  if (search === location.search) return;
  navigate(location.pathname + search);
}

/** A click that the router takes (a plain left click) rather than the browser (new tab, download). */
export function followLink(event: MouseEvent, href: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(href);
}
