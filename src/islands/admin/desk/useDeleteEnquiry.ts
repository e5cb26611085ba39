/**
 * Deleting an enquiry from the desk: asked first, then the list read again. The law may
 * keep an enquiry the list still shows as deletable; the server refuses it and the list,
 * read again, says why.
 */
import { useState } from 'react';
import { callApi } from '#src/lib/api.ts';
import { enquiriesRoutes } from '#src/shared/api/enquiries.ts';
import type { DeskEnquiry } from '#src/shared/schemas/lead-desk.ts';
import { runAction } from '../kit/actions.ts';
import type { Confirm } from '../kit/ConfirmDialog.tsx';
import { fullName } from '../kit/format.ts';

export function useDeleteEnquiry(confirm: Confirm, refresh: () => Promise<unknown>) {
  /** The enquiry being deleted, whose button shows it pending. */
  const [deleting, setDeleting] = useState<string | null>(null);

  async function remove(request: DeskEnquiry) {
    // The button is disabled for these; the list may be older than the record.
    if (request.kept) return;
    const name = fullName(request);
    const confirmed = await confirm({
      title: 'Delete this contact request?',
      body: `The enquiry from ${name} will be removed permanently.`,
      confirmLabel: 'Delete request',
    });
    if (!confirmed) return;
    setDeleting(request.id);
    const deleted = await runAction(
      () => callApi(enquiriesRoutes.delete, { params: { id: request.id } }),
      { success: 'Contact request deleted successfully', failure: 'Failed to delete contact request' },
      refresh,
    );
    setDeleting(null);
    // Refused because the law now keeps it (since the list was read): the list says why.
    if (!deleted) await refresh();
  }

  return { deleting, remove };
}
