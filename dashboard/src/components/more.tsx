import type { Paged } from '../use-api';

/** "Load more" under a paged list, while there is a next page. */
export function More<T>({ list, what }: { list: Paged<T>; what: string }) {
  if (!list.more) return null;
  return (
    <button type="button" onClick={list.more} disabled={list.loadingMore}>
      {list.loadingMore ? `Loading more ${what}…` : `Load more ${what}`}
    </button>
  );
}
