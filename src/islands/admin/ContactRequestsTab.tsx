/** Tab 1: the enquiries people sent through the site's forms (spec §2). */
import { useState } from 'react';
import { apiRequest } from '../../lib/api.ts';
import { serviceLabel, type ContactRequest } from '../../shared/schemas/enquiry.ts';
import { runAction } from './actions.ts';
import { useConfirm } from './ConfirmDialog.tsx';
import { formatDateTime, fullName, telHref } from './format.ts';
import { DeleteButton, ListStatus, TabHeading } from './parts.tsx';
import { QuoteSummary } from './QuoteSummary.tsx';
import { useList } from './useList.ts';

export default function ContactRequestsTab() {
  const list = useList<ContactRequest>('/api/contact-requests');
  const { confirm, dialog } = useConfirm();
  const [deleting, setDeleting] = useState<string | null>(null);

  async function remove(request: ContactRequest) {
    const name = fullName(request);
    const confirmed = await confirm({
      title: 'Delete this contact request?',
      body: `The enquiry from ${name} will be removed permanently.`,
      confirmLabel: 'Delete request',
    });
    if (!confirmed) return;
    setDeleting(request.id);
    await runAction(
      () => apiRequest('DELETE', `/api/contact-requests/${encodeURIComponent(request.id)}`),
      { success: 'Contact request deleted successfully', failure: 'Failed to delete contact request' },
      list.reload,
    );
    setDeleting(null);
  }

  return (
    <div>
      <TabHeading title="Contact Form Submissions">Newest first. Times are Sydney time.</TabHeading>
      <ListStatus
        {...list}
        isEmpty={list.items.length === 0}
        empty="No contact requests yet."
        what="contact requests"
        onRetry={list.reload}
      />
      <ul className="space-y-4">
        {list.items.map((request) => {
          const name = fullName(request);
          return (
            <li key={request.id}>
              <article aria-label={`Contact request from ${name}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h3 className="text-lg font-semibold text-brand-900">{name}</h3>
                    <p className="text-sm text-slate-700">
                      <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
                    </p>
                  </div>
                  <DeleteButton
                    label={`Delete contact request: ${name}`}
                    pending={deleting === request.id}
                    onClick={() => void remove(request)}
                  />
                </div>
                <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                  <dt className="font-medium text-slate-700">Email</dt>
                  <dd className="break-all">
                    <a className="text-brand-700 underline underline-offset-2" href={`mailto:${request.email}`}>
                      {request.email}
                    </a>
                  </dd>
                  <dt className="font-medium text-slate-700">Phone</dt>
                  <dd>
                    <a className="text-brand-700 underline underline-offset-2" href={telHref(request.phone)}>
                      {request.phone}
                    </a>
                  </dd>
                  <dt className="font-medium text-slate-700">Service</dt>
                  <dd>{serviceLabel(request.serviceType)}</dd>
                  {request.propertyAddress ? (
                    <>
                      <dt className="font-medium text-slate-700">Property address</dt>
                      <dd>{request.propertyAddress}</dd>
                    </>
                  ) : null}
                  {request.callbackDate || request.callbackTime ? (
                    <>
                      <dt className="font-medium text-slate-700">Preferred callback</dt>
                      <dd>{[request.callbackDate, request.callbackTime].filter(Boolean).join(', ')}</dd>
                    </>
                  ) : null}
                  {request.message ? (
                    <>
                      <dt className="font-medium text-slate-700">Message</dt>
                      <dd className="whitespace-pre-line">{request.message}</dd>
                    </>
                  ) : null}
                  {request.quote ? (
                    <>
                      <dt className="font-medium text-slate-700">Quote</dt>
                      <dd>
                        <QuoteSummary quote={request.quote} />
                      </dd>
                    </>
                  ) : null}
                </dl>
              </article>
            </li>
          );
        })}
      </ul>
      {dialog}
    </div>
  );
}
