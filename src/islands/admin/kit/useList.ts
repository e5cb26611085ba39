/**
 * One admin list: fetched when its tab is first shown (the hook mounts with the tab),
 * and again only when asked (after a successful change, or "Try again"). No polling,
 * no refetch on focus, no retries.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ListState<T> {
  items: T[];
  /** True until the first answer arrives. */
  loading: boolean;
  /** The last load's failure, if it failed. */
  error: string | null;
  reload: () => Promise<void>;
}

/**
 * `source`: the list's declared route's call (`() => callApi(routes.list)`), defined once
 * outside the component so it stays the same between renders.
 */
export function useList<T>(source: () => Promise<T[]>): ListState<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // Only the newest request may write the state: an older, slower answer is dropped.
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    try {
      const answer = await source();
      if (request !== latest.current) return;
      setItems(Array.isArray(answer) ? answer : []);
      setError(null);
    } catch (caught) {
      if (request !== latest.current) return;
      setError(caught instanceof Error ? caught.message : 'Something went wrong');
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [source]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives (react#34905 flags the async loader)
    void reload();
  }, [reload]);

  return { items, loading, error, reload };
}
