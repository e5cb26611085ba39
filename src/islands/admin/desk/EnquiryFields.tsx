/**
 * What the person sent, as the desk's card and table show it (each item's fields, the
 * spec's), with the quote once: the stored quote's figures, and the message without the
 * copy of them the site pasted in. And the delete button, disabled with the reason beside
 * it when the law keeps the enquiry.
 */
import { useId } from 'react';
import { serviceLabel } from '#src/shared/schemas/enquiry.ts';
import type { DeskEnquiry, KeptByLaw } from '#src/shared/schemas/lead-desk.ts';
import { formatCallback, fullName, telHref } from '../kit/format.ts';
import { keptUntilText } from './kept-until.ts';
import { DeleteButton } from '../kit/parts.tsx';
import { messageWithoutQuote } from './desk-rows.ts';
import { QuoteSummary } from './QuoteSummary.tsx';

const KEPT: Record<KeptByLaw['what'], string> = {
  cdd: 'it has customer due diligence records',
  engagement: 'it has an accepted costs agreement',
  suspicion: 'it is named in the suspicious matter register',
  law: 'it has records the AML/CTF Act requires us to keep',
  cash: 'it has cash receipts in the cash register',
};

/**
 * "Kept by law: it has an accepted costs agreement. Kept until 26 Nov 2033 (AML/CTF Act 2006
 * s 111 (accepted costs agreement): 7 years after the costs agreement was accepted)." The
 * date and its basis in the words the enquiry's detail and the due-diligence panel use.
 */
export function keptReason(kept: KeptByLaw): string {
  return `Kept by law: ${KEPT[kept.what]}. ${keptUntilText(kept)}`;
}

export function DeleteEnquiry({
  enquiry,
  pending,
  onDelete,
}: {
  enquiry: DeskEnquiry;
  pending: boolean;
  onDelete: () => void;
}) {
  const reasonId = useId();
  const name = fullName(enquiry);
  return (
    <div className="flex max-w-sm flex-col items-end gap-1">
      <DeleteButton
        label={`Delete contact request: ${name}`}
        pending={pending}
        disabledBy={enquiry.kept ? reasonId : undefined}
        onClick={onDelete}
      />
      {enquiry.kept ? (
        <p id={reasonId} className="text-right text-xs text-slate-700" data-testid="kept-reason">
          {keptReason(enquiry.kept)}
        </p>
      ) : null}
    </div>
  );
}

export function EnquiryFields({ enquiry }: { enquiry: DeskEnquiry }) {
  const message = messageWithoutQuote(enquiry);
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="font-medium text-slate-700">Email</dt>
      <dd className="break-all">
        <a className="text-brand-700 underline underline-offset-2" href={`mailto:${enquiry.email}`}>
          {enquiry.email}
        </a>
      </dd>
      <dt className="font-medium text-slate-700">Phone</dt>
      <dd>
        {enquiry.phone ? (
          <a className="text-brand-700 underline underline-offset-2" href={telHref(enquiry.phone)}>
            {enquiry.phone}
          </a>
        ) : (
          // A quote lead: the person gave an address only, and was e-mailed the quote.
          'None given: reply by e-mail'
        )}
      </dd>
      <dt className="font-medium text-slate-700">Service</dt>
      <dd>{serviceLabel(enquiry.serviceType)}</dd>
      {enquiry.propertyAddress ? (
        <>
          <dt className="font-medium text-slate-700">Property address</dt>
          <dd className="break-words">{enquiry.propertyAddress}</dd>
        </>
      ) : null}
      {enquiry.callbackDate || enquiry.callbackTime ? (
        <>
          <dt className="font-medium text-slate-700">Preferred callback</dt>
          <dd>{formatCallback(enquiry.callbackDate, enquiry.callbackTime)}</dd>
        </>
      ) : null}
      {message ? (
        <>
          <dt className="font-medium text-slate-700">Message</dt>
          <dd className="break-words whitespace-pre-line">{message}</dd>
        </>
      ) : null}
      {enquiry.status === 'lost' && enquiry.lostReason ? (
        <>
          <dt className="font-medium text-slate-700">Lost because</dt>
          <dd>{enquiry.lostReason}</dd>
        </>
      ) : null}
      {enquiry.quote ? (
        <>
          <dt className="font-medium text-slate-700">Quote</dt>
          <dd>
            <QuoteSummary quote={enquiry.quote} label={`Instant quote from ${fullName(enquiry)}`} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}
