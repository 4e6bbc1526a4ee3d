// Loading data for a view: the state a view renders (loading, the API's error, or the data), and a
// way to load again after a change.
import { useCallback, useEffect, useState } from 'preact/hooks';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ok'; data: T };

export function useApi<T>(load: () => Promise<T>, deps: readonly unknown[]): [Loaded<T>, () => void] {
  const [round, setRound] = useState(0);
  // The state of what was loaded for these deps: after a change (another site, a reload) the old
  // data is not shown for a moment under the new URL, the view is loading at once.
  const key = JSON.stringify([...deps, round]);
  const [state, setState] = useState<{ key: string; loaded: Loaded<T> }>({ key, loaded: { status: 'loading' } });
  useEffect(() => {
    let live = true;
    setState({ key, loaded: { status: 'loading' } });
    load().then(
      (data) => live && setState({ key, loaded: { status: 'ok', data } }),
      (error: unknown) => live && setState({ key, loaded: { status: 'error', error: error instanceof Error ? error : new Error(String(error)) } }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return [state.key === key ? state.loaded : { status: 'loading' }, useCallback(() => setRound((r) => r + 1), [])];
}

export interface Paged<T> {
  state: Loaded<T[]>;
  /** Loads the next page (undefined on the last page). */
  more: (() => void) | undefined;
  loadingMore: boolean;
  reload: () => void;
}

/** A list read page by page (`meta.next_cursor`): the first page, then more on request. */
export function usePaged<T>(load: (cursor?: string) => Promise<{ items: T[]; next: string | null }>, deps: readonly unknown[]): Paged<T> {
  const [extra, setExtra] = useState<{ items: T[]; next: string | null; loading: boolean; error?: Error }>({ items: [], next: null, loading: false });
  const [first, reload] = useApi(async () => {
    const page = await load();
    setExtra({ items: [], next: page.next, loading: false });
    return page.items;
  }, deps);
  const more = () => {
    if (!extra.next) return;
    setExtra({ ...extra, loading: true });
    load(extra.next).then(
      (page) => setExtra({ items: [...extra.items, ...page.items], next: page.next, loading: false }),
      (error: unknown) => setExtra({ ...extra, loading: false, error: error instanceof Error ? error : new Error(String(error)) }),
    );
  };
  const state: Loaded<T[]> =
    first.status !== 'ok' ? first : extra.error ? { status: 'error', error: extra.error } : { status: 'ok', data: [...first.data, ...extra.items] };
  return { state, more: extra.next ? more : undefined, loadingMore: extra.loading, reload };
}
