/**
 * The suspicious-matter register, for principals (the Lead Management tab shows it only to
 * them; the server refuses anyone else): every suspicion with its report clock (AML/CTF Act
 * s 41(2)), overdue ones marked, and a form to record the report made to AUSTRAC.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { SUSPICION_KIND_LABELS } from '../../../content/amlctf.ts';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import type { SuspicionRow } from '../../../shared/schemas/suspicion.ts';
import { showToast } from '../../../stores/toasts.ts';
import { toastFailure } from '../kit/actions.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field } from '../../../ui/Field.tsx';
import { formatDate, formatDateTime } from '../kit/format.ts';
import { ListStatus } from '../kit/parts.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { useList } from '../kit/useList.ts';

export function SuspicionRegister() {
  const { items, loading, error, reload } = useList<SuspicionRow>('/api/suspicions');
  return (
    <section aria-labelledby="suspicion-register-title" className="space-y-3">
      <h2 id="suspicion-register-title" className="text-xl font-semibold text-brand-900">
        Suspicious matter register
      </h2>
      <p className="text-sm text-slate-700">
        For principals only. Report each suspicion to AUSTRAC by its due time, then record the report here. Never tell
        the client or anyone outside the practice (tipping off).
      </p>
      <ListStatus
        loading={loading}
        error={error}
        isEmpty={items.length === 0}
        empty="No suspicions recorded."
        what="register"
        onRetry={() => void reload()}
      />
      <ul className="space-y-3">
        {items.map((row) => (
          <SuspicionItem key={row.id} row={row} onReported={reload} />
        ))}
      </ul>
    </section>
  );
}

function SuspicionItem({ row, onReported }: { row: SuspicionRow; onReported: () => Promise<void> }) {
  const base = useId();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="suspicion-row">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">{SUSPICION_KIND_LABELS[row.kind]}</h3>
        {row.report ? (
          <StatusBadge tone="success">Reported</StatusBadge>
        ) : row.overdue ? (
          <StatusBadge tone="danger">Overdue</StatusBadge>
        ) : (
          <StatusBadge tone="waiting">Report due</StatusBadge>
        )}
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
          <dt className="inline text-slate-700">Arose: </dt>
          <dd className="inline">
            <time dateTime={row.formedAt}>{formatDateTime(row.formedAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-700">Recorded: </dt>
          <dd className="inline">
            <time dateTime={row.recordedAt}>{formatDateTime(row.recordedAt)}</time> by {row.recordedBy.username}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-700">Report due by: </dt>
          <dd className="inline">
            <time dateTime={row.reportDueBy}>{formatDateTime(row.reportDueBy)}</time>
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-700">Kept until: </dt>
          <dd className="inline">{formatDate(row.retainUntil)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm whitespace-pre-line text-slate-900 break-words" id={`${base}-grounds`}>
        {row.grounds}
      </p>
      {row.report ? (
        <p className="mt-2 text-sm text-slate-800">
          Reported on {formatDate(row.report.reportedAt)}, reference {row.report.reference} (recorded by{' '}
          {row.report.recordedBy.username}).
        </p>
      ) : (
        <ReportForm id={row.id} onReported={onReported} />
      )}
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
      await apiRequest('PATCH', `/api/suspicions/${encodeURIComponent(id)}`, { reportedAt, reference });
      showToast({ title: 'Success', description: 'Report recorded' });
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
