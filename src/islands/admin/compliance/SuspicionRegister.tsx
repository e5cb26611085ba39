/**
 * The suspicious-matter register, for principals (the Lead Management tab shows it only to
 * them; the server refuses anyone else): every suspicion with its report clock (AML/CTF Act
 * s 41(2)), overdue ones marked, and a form to record the report made to AUSTRAC.
 */
import { useId } from 'react';
import { SUSPICION_KIND_LABELS } from '#src/content/amlctf.ts';
import { callApi } from '#src/lib/api.ts';
import { suspicionsRoutes } from '#src/shared/api/suspicions.ts';
import type { SuspicionRow } from '#src/shared/schemas/suspicion.ts';
import { formatDateTime } from '../kit/format.ts';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import {
  EnquiryEntry,
  Entry,
  KeptUntilEntry,
  RecordedEntry,
  Register,
  RegisterItem,
  Reported,
  ReportForm,
} from './Register.tsx';

const readRegister = () => callApi(suspicionsRoutes.register);

export function SuspicionRegister() {
  return (
    <Register
      titleId="suspicion-register-title"
      title="Suspicious matter register"
      intro="For principals only. Report each suspicion to AUSTRAC by its due time, then record the report here. Never tell the client or anyone outside the practice (tipping off)."
      load={readRegister}
      empty="No suspicions recorded."
      what="register"
      item={(row, reload) => <SuspicionItem row={row} onReported={reload} />}
    />
  );
}

function SuspicionItem({ row, onReported }: { row: SuspicionRow; onReported: () => Promise<void> }) {
  const base = useId();
  return (
    <RegisterItem
      testId="suspicion-row"
      heading={
        <>
          <h3 className="font-semibold text-slate-900">{SUSPICION_KIND_LABELS[row.kind]}</h3>
          {row.report ? (
            <StatusBadge tone="success">Reported</StatusBadge>
          ) : row.overdue ? (
            <StatusBadge tone="danger">Overdue</StatusBadge>
          ) : (
            <StatusBadge tone="waiting">Report due</StatusBadge>
          )}
        </>
      }
    >
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <EnquiryEntry enquiryId={row.enquiryId} />
        <Entry term="Arose">
          <dd className="inline">
            <time dateTime={row.formedAt}>{formatDateTime(row.formedAt)}</time>
          </dd>
        </Entry>
        <RecordedEntry recordedAt={row.recordedAt} by={row.recordedBy.username} />
        <Entry term="Report due by">
          <dd className="inline">
            <time dateTime={row.reportDueBy}>{formatDateTime(row.reportDueBy)}</time>
          </dd>
        </Entry>
        <KeptUntilEntry retainUntil={row.retainUntil} />
      </dl>
      <p className="mt-2 text-sm whitespace-pre-line text-slate-900 break-words" id={`${base}-grounds`}>
        {row.grounds}
      </p>
      {row.report ? (
        <Reported report={row.report} />
      ) : (
        <ReportForm
          record={(body) => callApi(suspicionsRoutes.report, { params: { id: row.id }, body })}
          success="Report recorded"
          onReported={onReported}
        />
      )}
    </RegisterItem>
  );
}
