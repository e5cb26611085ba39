/**
 * One matter as staff see it: fetched on mount (and again on "Try again"), and changed one
 * request at a time, each answering with the whole matter again, which replaces it.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import type { BodyOf } from '#src/shared/api/contract.ts';
import { mattersRoutes } from '#src/shared/api/matters.ts';
import type { MatterView } from '#src/shared/schemas/matter.ts';
import { showToast } from '#src/stores/toasts.ts';
import { toastFailure } from '../kit/actions.ts';

/** `onChanged` runs after every saved change (the Matters tab refreshes its list). */
export function useMatter(id: string, onChanged: () => Promise<void>) {
  const [matter, setMatter] = useState<MatterView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setMatter(await callApi(mattersRoutes.read, { params: { id } }));
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong');
    }
  }, [id]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives
    void load();
  }, [load]);

  /**
   * Makes one change (a call answering the whole matter) and toasts `done`. True when saved;
   * false when it failed and was toasted. Field errors are thrown, for the form that sent them to show.
   */
  async function send(call: () => Promise<MatterView>, done: string): Promise<boolean> {
    try {
      setMatter(await call());
      showToast({ title: 'Success', description: done });
      await onChanged();
      return true;
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) throw caught;
      toastFailure(caught, 'The change was not saved');
      return false;
    }
  }

  /** The matter's details, dates or deadlines (`PATCH`). */
  const change = (body: BodyOf<typeof mattersRoutes.change>, done: string) =>
    send(() => callApi(mattersRoutes.change, { params: { id }, body }), done);
  /** A milestone ticked or unticked. */
  const setMilestone = (key: string, body: BodyOf<typeof mattersRoutes.setMilestone>, done: string) =>
    send(() => callApi(mattersRoutes.setMilestone, { params: { id, key }, body }), done);
  /** An update request answered, with or without a reply. */
  const answer = (requestId: string, body: BodyOf<typeof mattersRoutes.answerUpdateRequest>, done: string) =>
    send(() => callApi(mattersRoutes.answerUpdateRequest, { params: { id, requestId }, body }), done);

  return { matter, error, load, change, setMilestone, answer };
}
