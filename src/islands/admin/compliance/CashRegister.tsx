/**
 * The cash register, for principals (the Lead Management tab shows it only to them; the
 * server refuses anyone else): every cash receipt, each threshold transaction with its report
 * clock (AML/CTF Act s 43(2)), overdue ones marked, receipts that add up below the threshold
 * marked for a look (s 142), and a form to record the report made to AUSTRAC.
 */
import { formatAudCents } from '#src/content/money.ts';
import { callApi } from '#src/lib/api.ts';
import { cashRoutes } from '#src/shared/api/cash.ts';
import type { CashReceiptRow } from '#src/shared/schemas/cash.ts';
import { formatDate } from '../kit/format.ts';
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

const readRegister = () => callApi(cashRoutes.register);

export function CashRegister() {
  return (
    <Register
      titleId="cash-register-title"
      title="Cash register"
      intro={
        <>
          For principals only. Report cash of $10,000 or more to AUSTRAC (a threshold transaction report) by the end of
          its due day, then record the report here. Receipts marked &ldquo;Adds up to $10,000&rdquo; may have been split
          to avoid a report: if you suspect so, record a suspicious matter.
        </>
      }
      load={readRegister}
      empty="No cash recorded."
      what="cash register"
      item={(row, reload) => <CashItem row={row} onReported={reload} />}
    />
  );
}

function CashItem({ row, onReported }: { row: CashReceiptRow; onReported: () => Promise<void> }) {
  return (
    <RegisterItem
      testId="cash-row"
      heading={
        <>
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
        </>
      }
    >
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <EnquiryEntry enquiryId={row.enquiryId} />
        <Entry term="Handed over by">
          <dd className="inline break-words">{row.receivedFrom}</dd>
        </Entry>
        <RecordedEntry recordedAt={row.recordedAt} by={row.recordedBy.username} />
        {row.ttrDueBy ? (
          <Entry term="Report due by the end of">
            <dd className="inline">{formatDate(row.ttrDueBy)}</dd>
          </Entry>
        ) : null}
        <KeptUntilEntry retainUntil={row.retainUntil} />
        {row.structuringWith.length > 0 ? (
          <Entry term="Adds up with" className="sm:col-span-2">
            <dd className="inline break-all">{row.structuringWith.join(', ')}</dd>
          </Entry>
        ) : null}
      </dl>
      {row.report ? (
        <Reported report={row.report} />
      ) : row.threshold ? (
        <ReportForm
          record={(body) => callApi(cashRoutes.report, { params: { id: row.id }, body })}
          success="Threshold transaction report recorded"
          onReported={onReported}
        />
      ) : null}
    </RegisterItem>
  );
}
