import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: Error | null;
  loading: boolean;
  /** Loads again; the promise settles when done (pull-down refresh waits on it). */
  reload: () => Promise<void>;
}

/** Loads data for a page, keeps the last good data while reloading, and ignores stale answers. */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  // The caller names what the loader depends on, as with useEffect.
  const run = useCallback(load, deps);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    try {
      const result = await run();
      if (mine === generation.current) {
        setData(result);
        setError(null);
      }
    } catch (caught) {
      if (mine === generation.current) setError(caught instanceof Error ? caught : new Error(String(caught)));
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, [run]);

  useEffect(() => {
    void reload();
    return () => {
      generation.current += 1;
    };
  }, [reload]);

  return { data, error, loading, reload };
}
