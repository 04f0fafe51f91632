import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Paged } from '@instalment/contract/api';
import { DEFAULT_PAGE_SIZE } from '@instalment/contract/api';

export interface PagedList<T> {
  items: T[];
  total: number;
  /** Nothing loaded yet (first page in flight). */
  initialLoading: boolean;
  loadingMore: boolean;
  error: Error | null;
  hasMore: boolean;
  /** Appends the next page; does nothing while a page is in flight or at the end. */
  loadMore: () => Promise<void>;
  /** Page 1 again, replacing the list (pull-down refresh). */
  reload: () => Promise<void>;
  /** What is loaded, to be handed back as `restored` when the person comes back to the list. */
  snapshot: PagedSnapshot<T>;
}

/** The pages of a list already loaded: coming back to the list shows them again without asking. */
export interface PagedSnapshot<T> {
  items: T[];
  total: number;
  page: number;
}

/** A paged list with infinite scroll: pages append until `total` items are loaded. */
export function usePagedList<T>(
  fetchPage: (page: number, limit: number) => Promise<Paged<T>>,
  limit = DEFAULT_PAGE_SIZE,
  restored: PagedSnapshot<T> | null = null,
): PagedList<T> {
  const [items, setItems] = useState<T[]>(restored?.items ?? []);
  const [total, setTotal] = useState(restored?.total ?? 0);
  const [page, setPage] = useState(restored?.page ?? 0);
  const [initialLoading, setInitialLoading] = useState(!restored);
  const restoredOnce = useRef(Boolean(restored));
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const inFlight = useRef(false);
  const generation = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback(
    async (target: number) => {
      const mine = target === 1 ? ++generation.current : generation.current;
      inFlight.current = true;
      if (target > 1) setLoadingMore(true);
      try {
        const result = await fetchRef.current(target, limit);
        if (mine !== generation.current) return;
        setItems((previous) => (target === 1 ? result.list : [...previous, ...result.list]));
        setTotal(result.total);
        setPage(target);
        setError(null);
      } catch (caught) {
        if (mine === generation.current) setError(caught instanceof Error ? caught : new Error(String(caught)));
      } finally {
        if (mine === generation.current) {
          inFlight.current = false;
          setLoadingMore(false);
          setInitialLoading(false);
        }
      }
    },
    [limit],
  );

  const hasMore = page === 0 || items.length < total;
  const loadMore = useCallback(async () => {
    if (inFlight.current || !hasMore || page === 0) return;
    await load(page + 1);
  }, [hasMore, load, page]);
  const reload = useCallback(() => load(1), [load]);

  useEffect(() => {
    // A restored list is shown as it was; pull-down refresh asks for page 1 again.
    if (restoredOnce.current) {
      restoredOnce.current = false;
      return;
    }
    void load(1);
  }, [load]);

  const snapshot = useMemo(() => ({ items, total, page }), [items, total, page]);
  return { items, total, initialLoading, loadingMore, error, hasMore, loadMore, reload, snapshot };
}
