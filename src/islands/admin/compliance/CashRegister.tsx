/**
 * The cash register, for principals (the Lead Management tab shows it only to them; the
 * server refuses anyone else): every cash receipt, each threshold transaction with its report
 * clock (AML/CTF Act s 43(2)), overdue ones marked, receipts that add up below the threshold
 * marked for a look (s 142), and a form to record the report made to AUSTRAC.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { formatAudCents } from '../../../content/money.ts';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import type { CashReceiptRow } from '../../../shared/schemas/cash.ts';
import { showToast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field } from '../../../ui/Field.tsx';
import { toastFailure } from '../kit/actions.ts';
import { formatDate, formatDateTime } from '../kit/format.ts';
import { ListStatus } from '../kit/parts.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { useList } from '../kit/useList.ts';

export function CashRegister() {
  const { items, loading, error, reload } = useList<CashReceiptRow>('/api/cash');
  return (
    <section aria-labelledby="cash-register-title" className="space-y-3">
      <h2 id="cash-register-title" className="text-xl font-semibold text-brand-900">
        Cash register
      </h2>
      <p className="text-sm text-slate-700">
        For principals only. Report cash of $10,000 or more to AUSTRAC (a threshold transaction report) by the end of
        its due day, then record the report here. Receipts marked &ldquo;Adds up to $10,000&rdquo; may have been split
        to avoid a report: if you suspect so, record a suspicious matter.
      </p>
      <ListStatus
        loading={loading}
        error={error}
        isEmpty={items.length === 0}
        empty="No cash recorded."
        what="cash register"
        onRetry={() => void reload()}
      />
      <ul className="space-y-3">
        {items.map((row) => (
          <CashItem key={row.id} row={row} onReported={reload} />
        ))}
      </ul>
    </section>
  );
}

function CashItem({ row, onReported }: { row: CashReceiptRow; onReported: () => Promise<void> }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="cash-row">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">
          {formatAudCents(row.amount)} in cash on {formatDate(row.receivedAt)}
        </h3>
        {!row.threshold ? null : row.report ? (
          <StatusBadge tone="success">Reported</StatusBadge>
        ) : row.overdue ? (
          <StatusBadge tone="danger">Report overdue</StatusBadge>
        ) : (
          <StatusBadge tone="waiting">Report due</StatusBadge>
        )}
        {row.structuringWith.length > 0 ? <StatusBadge tone="danger">Adds up to $10,000</StatusBadge> : null}
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-700">Enquiry: </dt>
          <dd className="inline">
            <a className="text-brand-800 underline" href={`/admin?enquiry=${encodeURIComponent(row.enquiryId)}`}>
              {row.enquiryId}
            </a>
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-700">Handed over by: </dt>
          <dd className="inline break-words">{row.receivedFrom}</dd>
        </div>
        <div>
          <dt className="inline text-slate-700">Recorded: </dt>
          <dd className="inline">
            <time dateTime={row.recordedAt}>{formatDateTime(row.recordedAt)}</time> by {row.recordedBy.username}
          </dd>
        </div>
        {row.ttrDueBy ? (
          <div>
            <dt className="inline text-slate-700">Report due by the end of: </dt>
            <dd className="inline">{formatDate(row.ttrDueBy)}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline text-slate-700">Kept until: </dt>
          <dd className="inline">{formatDate(row.retainUntil)}</dd>
        </div>
        {row.structuringWith.length > 0 ? (
          <div className="sm:col-span-2">
            <dt className="inline text-slate-700">Adds up with: </dt>
            <dd className="inline break-all">{row.structuringWith.join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      {row.report ? (
        <p className="mt-2 text-sm text-slate-800">
          Reported on {formatDate(row.report.reportedAt)}, reference {row.report.reference} (recorded by{' '}
          {row.report.recordedBy.username}).
        </p>
      ) : row.threshold ? (
        <ReportForm id={row.id} onReported={onReported} />
      ) : null}
    </li>
  );
}

function ReportForm({ id, onReported }: { id: string; onReported: () => Promise<void> }) {
  const base = useId();
  const [reportedAt, setReportedAt] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await apiRequest('PATCH', `/api/cash/${encodeURIComponent(id)}`, { reportedAt, reference });
      showToast({ title: 'Success', description: 'Threshold transaction report recorded' });
      await onReported();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) setErrors(caught.fieldErrors);
      else toastFailure(caught, 'Failed to record the report');
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-3 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3"
    >
      <Field id={`${base}-date`} label="Reported to AUSTRAC on" error={errors.reportedAt} required className="basis-44">
        {(props) => (
          <input {...props} type="date" value={reportedAt} onChange={(event) => setReportedAt(event.target.value)} />
        )}
      </Field>
      <Field
        id={`${base}-reference`}
        label="AUSTRAC reference"
        error={errors.reference}
        required
        className="grow basis-48"
      >
        {(props) => <input {...props} value={reference} onChange={(event) => setReference(event.target.value)} />}
      </Field>
      <Button type="submit" variant="secondary" pending={pending}>
        Record the report
      </Button>
    </form>
  );
}
