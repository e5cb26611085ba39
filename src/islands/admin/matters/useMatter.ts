/**
 * One matter as staff see it: fetched on mount (and again on "Try again"), and changed one
 * request at a time, each answering with the whole matter again, which replaces it.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import type { MatterView } from '../../../shared/schemas/matter.ts';
import { showToast } from '../../../stores/toasts.ts';
import { toastFailure } from '../kit/actions.ts';

/** `onChanged` runs after every saved change (the Matters tab refreshes its list). */
export function useMatter(id: string, onChanged: () => Promise<void>) {
  const [matter, setMatter] = useState<MatterView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const path = `/api/matters/${encodeURIComponent(id)}`;

  const load = useCallback(async () => {
    try {
      setMatter(await apiRequest<MatterView>('GET', path));
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong');
    }
  }, [path]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives
    void load();
  }, [load]);

  /**
   * Sends one change to `path` or below it and toasts `done`. True when saved; false when it
   * failed and was toasted. Field errors are thrown, for the form that sent them to show.
   */
  async function send(method: 'PATCH' | 'POST', to: string, body: unknown, done: string): Promise<boolean> {
    try {
      setMatter(await apiRequest<MatterView>(method, to, body));
      showToast({ title: 'Success', description: done });
      await onChanged();
      return true;
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) throw caught;
      toastFailure(caught, 'The change was not saved');
      return false;
    }
  }

  return { matter, error, path, load, send };
}
