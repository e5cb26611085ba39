/**
 * The duty years as `GET /api/duty-indexation` lists them (principals only: the server
 * answers staff 403, so staff never call it). Fetched when the part that shows them mounts,
 * and again after a change.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '#src/lib/api.ts';
import { dutyIndexationRoutes } from '#src/shared/api/duty-indexation.ts';
import type { DutyIndexationList } from '#src/shared/schemas/duty-indexation.ts';

export function useDutyIndexation(enabled: boolean) {
  const [list, setList] = useState<DutyIndexationList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    if (!enabled) return;
    const request = ++latest.current;
    try {
      const answer = await callApi(dutyIndexationRoutes.list);
      if (request !== latest.current) return;
      setList(answer);
      setError(null);
    } catch (caught) {
      if (request !== latest.current) return;
      setError(caught instanceof Error ? caught.message : 'Something went wrong');
    }
  }, [enabled]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives (react#34905 flags the async loader)
    void reload();
  }, [reload]);

  return { list, error, reload };
}
