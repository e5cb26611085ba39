/**
 * A matter's deadlines, worked out from its dates: each with its day and time, its basis in
 * the rules and badges for overdue, met, confirmed or estimate. The computed ones (cooling-off,
 * settlement, duty) can be confirmed, given a date of staff's own with the rules' date shown
 * beside it, or put back to the rules' date.
 */
import { formatAud } from '#src/content/money.ts';
import { useId, useState } from 'react';
import { DEADLINE_LABELS } from '#src/content/matters.ts';
import { ApiError } from '#src/lib/api.ts';
import type { BodyOf } from '#src/shared/api/contract.ts';
import type { mattersRoutes } from '#src/shared/api/matters.ts';
import type { MatterDeadline } from '#src/shared/schemas/matter.ts';
import { Button } from '#src/ui/Button.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { formatDeadline } from './matter-format.ts';
import { DateField } from './MatterFields.tsx';

/** Sends a change of the matter's deadlines, toasting `done` once saved; field errors are thrown. */
type ChangeDeadlines = (body: BodyOf<typeof mattersRoutes.change>, done: string) => Promise<boolean>;

export function MatterDeadlines({ deadlines, onChange }: { deadlines: MatterDeadline[]; onChange: ChangeDeadlines }) {
  return (
    <section aria-labelledby="matter-deadlines-title" className="space-y-2">
      <h4 id="matter-deadlines-title" className="font-semibold text-slate-900">
        Deadlines
      </h4>
      {deadlines.length === 0 ? (
        <p className="text-sm text-slate-700">Enter the contract date to work out the deadlines.</p>
      ) : (
        <ul className="space-y-3">
          {deadlines.map((deadline) => (
            <DeadlineItem key={deadline.key} deadline={deadline} onChange={onChange} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeadlineItem({ deadline, onChange }: { deadline: MatterDeadline; onChange: ChangeDeadlines }) {
  const base = useId();
  const [date, setDate] = useState(deadline.date);
  const [error, setError] = useState<string[] | undefined>();
  // The rules' own deadlines; a date from a special condition is staff's already.
  const computedKey = Object.hasOwn(DEADLINE_LABELS, deadline.key);

  async function change(body: { confirmed: true } | { date: string | null }, done: string) {
    try {
      await onChange({ deadlines: [{ key: deadline.key, ...body }] }, done);
      setError(undefined);
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) setError(caught.fieldErrors.deadlines);
    }
  }

  return (
    <li
      data-testid="matter-deadline"
      className={`rounded-lg border p-3 ${deadline.overdue ? 'border-red-300 bg-red-50' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{deadline.label}</span>
        <span>{formatDeadline(deadline.date, deadline.time)}</span>
        {deadline.overdue ? <StatusBadge tone="danger">Overdue</StatusBadge> : null}
        {deadline.met ? <StatusBadge tone="success">Met</StatusBadge> : null}
        {deadline.confirmed ? (
          <StatusBadge tone="info">Confirmed</StatusBadge>
        ) : (
          <StatusBadge tone="waiting">Estimate</StatusBadge>
        )}
      </div>
      {deadline.amount !== undefined ? (
        <p className="mt-1 text-sm font-semibold text-slate-900">Amount: {formatAud(deadline.amount)}</p>
      ) : null}
      <p className="mt-1 text-sm text-slate-700">{deadline.basis}</p>
      {deadline.computed ? (
        <p className="mt-1 text-sm text-slate-800">
          The rules give {formatDeadline(deadline.computed.date, deadline.computed.time)}.
        </p>
      ) : null}
      {computedKey ? (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          {!deadline.confirmed ? (
            <Button
              variant="secondary"
              onClick={() => void change({ confirmed: true }, `${deadline.label}: confirmed`)}
            >
              Confirm {deadline.label.toLowerCase()}
            </Button>
          ) : null}
          <DateField
            id={`${base}-date`}
            label={`Our date for ${deadline.label.toLowerCase()}`}
            error={error}
            className="basis-56"
            value={date}
            onChange={setDate}
          />
          <Button variant="outline" onClick={() => void change({ date }, `${deadline.label}: date set`)}>
            Set this date
          </Button>
          {deadline.computed ? (
            <Button
              variant="ghost"
              onClick={() => void change({ date: null }, `${deadline.label}: back to the computed date`)}
            >
              Use the computed date
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
