/**
 * What the cash and suspicious-matter registers share (principals only): the section with its
 * heading, the list's loading, failure and empty states, a row's frame and its common entries,
 * and the form on a row to record the report made to AUSTRAC, or the line that says it was.
 */
import { Fragment, useId, useState, type ReactNode } from 'react';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { showToast } from '#src/stores/toasts.ts';
import { formatDate, formatDateTime } from '../kit/format.ts';
import { ListStatus } from '../kit/parts.tsx';
import { useList } from '../kit/useList.ts';
import { useRecordForm } from './useRecordForm.ts';

/** A register's report to AUSTRAC, as its rows carry it. */
interface Report {
  reportedAt: string;
  reference: string;
  recordedBy: { username: string };
}

export function Register<Row extends { id: string }>({
  titleId,
  title,
  intro,
  load,
  empty,
  what,
  item,
}: {
  titleId: string;
  title: string;
  intro: ReactNode;
  /** The register's read, defined once outside the component (useList). */
  load: () => Promise<Row[]>;
  empty: string;
  what: string;
  item: (row: Row, reload: () => Promise<void>) => ReactNode;
}) {
  const { items, loading, error, reload } = useList(load);
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-xl font-semibold text-brand-900">
        {title}
      </h2>
      <p className="text-sm text-slate-700">{intro}</p>
      <ListStatus
        loading={loading}
        error={error}
        isEmpty={items.length === 0}
        empty={empty}
        what={what}
        onRetry={() => void reload()}
      />
      <ul className="space-y-3">
        {items.map((row) => (
          <Fragment key={row.id}>{item(row, reload)}</Fragment>
        ))}
      </ul>
    </section>
  );
}

/** A row's frame: its heading line (the kind or amount and its badges), then the rest. */
export function RegisterItem({
  testId,
  heading,
  children,
}: {
  testId: string;
  heading: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2">{heading}</div>
      {children}
    </li>
  );
}

/** One entry of a row's details. */
export function Entry({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="inline text-slate-700">{term}: </dt>
      {children}
    </div>
  );
}

/** The entries every row has: the enquiry it names (a link), who recorded it and when, until when it is kept. */
export function EnquiryEntry({ enquiryId }: { enquiryId: string }) {
  return (
    <Entry term="Enquiry">
      <dd className="inline">
        <a className="text-brand-800 underline" href={`/admin?enquiry=${encodeURIComponent(enquiryId)}`}>
          {enquiryId}
        </a>
      </dd>
    </Entry>
  );
}

export function RecordedEntry({ recordedAt, by }: { recordedAt: string; by: string }) {
  return (
    <Entry term="Recorded">
      <dd className="inline">
        <time dateTime={recordedAt}>{formatDateTime(recordedAt)}</time> by {by}
      </dd>
    </Entry>
  );
}

export function KeptUntilEntry({ retainUntil }: { retainUntil: string }) {
  return (
    <Entry term="Kept until">
      <dd className="inline">{formatDate(retainUntil)}</dd>
    </Entry>
  );
}

/** The line that says the report was made, and who recorded it. */
export function Reported({ report }: { report: Report }) {
  return (
    <p className="mt-2 text-sm text-slate-800">
      Reported on {formatDate(report.reportedAt)}, reference {report.reference} (recorded by{' '}
      {report.recordedBy.username}).
    </p>
  );
}

/** The form to record the report made to AUSTRAC: its day and AUSTRAC's reference. */
export function ReportForm({
  record,
  success,
  onReported,
}: {
  /** Sends the report by the register's declared route. */
  record: (report: { reportedAt: string; reference: string }) => Promise<unknown>;
  /** The success toast's words. */
  success: string;
  onReported: () => Promise<void>;
}) {
  const base = useId();
  const [reportedAt, setReportedAt] = useState('');
  const [reference, setReference] = useState('');
  const form = useRecordForm(
    () => record({ reportedAt, reference }),
    async () => {
      showToast({ title: 'Success', description: success });
      await onReported();
    },
    'Failed to record the report',
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      className="mt-3 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3"
    >
      <Field
        id={`${base}-date`}
        label="Reported to AUSTRAC on"
        error={form.errors.reportedAt}
        required
        className="basis-44"
      >
        {(props) => (
          <input {...props} type="date" value={reportedAt} onChange={(event) => setReportedAt(event.target.value)} />
        )}
      </Field>
      <Field
        id={`${base}-reference`}
        label="AUSTRAC reference"
        error={form.errors.reference}
        required
        className="grow basis-48"
      >
        {(props) => <input {...props} value={reference} onChange={(event) => setReference(event.target.value)} />}
      </Field>
      <Button type="submit" variant="secondary" pending={form.pending}>
        Record the report
      </Button>
    </form>
  );
}
