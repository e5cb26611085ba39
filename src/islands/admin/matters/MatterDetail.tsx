/**
 * One matter for staff: its dates (editable), the deadlines worked out from them with their
 * basis (confirm one, or set a date of your own with the computed one shown beside it), the
 * milestones (tick with a note the client reads; each change e-mails the client) and the
 * timeline; the client's update requests waiting, each answered with an optional reply the
 * client is e-mailed.
 */
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import {
  COOLING_OFF_ARRANGEMENTS,
  COOLING_OFF_LABELS,
  MATTER_SIDE_LABELS,
  MATTER_SIDES,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
} from '../../../content/matters.ts';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import type { MatterDeadline, MatterView, Milestone, WaitingUpdateRequest } from '../../../shared/schemas/matter.ts';
import { showToast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field } from '../../../ui/Field.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { formatDateTime } from '../kit/format.ts';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { formatDeadline, waitedFor } from './matter-format.ts';

type Errors = Record<string, string[] | undefined>;

const failed = (caught: unknown, fallback: string) =>
  showToast({
    title: 'Error',
    description: caught instanceof Error && caught.message ? caught.message : fallback,
    variant: 'destructive',
  });

export function MatterDetail({
  id,
  onChanged,
  onClose,
}: {
  id: string;
  onChanged: () => Promise<void>;
  onClose: () => void;
}) {
  const [matter, setMatter] = useState<MatterView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const path = `/api/matters/${encodeURIComponent(id)}`;

  const load = useCallback(async () => {
    try {
      setMatter(await apiRequest<MatterView>('GET', path));
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong');
    }
  }, [path]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives
    void load();
  }, [load]);

  /** Sends one change; the answer is the whole matter again. */
  async function send(method: 'PATCH' | 'POST', to: string, body: unknown, done: string): Promise<boolean> {
    try {
      setMatter(await apiRequest<MatterView>(method, to, body));
      showToast({ title: 'Success', description: done });
      await onChanged();
      return true;
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) throw caught;
      failed(caught, 'The change was not saved');
      return false;
    }
  }

  if (error) {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
        <p>We couldn't load the matter: {error}</p>
        <Button variant="outline" className="mt-3" onClick={() => void load()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!matter) return <Spinner label="Loading the matter…" className="py-6 text-brand-700" />;

  return (
    <section
      aria-labelledby="matter-title"
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="matter-title" className="text-lg font-semibold text-brand-900">
            {matter.client.name}: {MATTER_SIDE_LABELS[matter.side].toLowerCase()}
          </h3>
          <p className="text-sm text-slate-700">
            {matter.property ?? 'No address yet'} · Responsible: {matter.responsible} ·{' '}
            <a className="text-brand-800 underline" href={`/admin?enquiry=${encodeURIComponent(matter.enquiryId)}`}>
              The enquiry
            </a>
          </p>
          <p className="text-sm text-slate-700" data-testid="matter-texts">
            {matter.texts
              ? `Texts: on, to ${matter.texts.mobile} (the client asked ${formatDateTime(matter.texts.since)})`
              : 'Texts: off (the client has not asked for texts)'}
            {matter.texts ? (
              <>
                {' '}
                <Button
                  variant="outline"
                  className="ml-2 px-2 py-1 text-sm"
                  onClick={() =>
                    void send('PATCH', path, { texts: null }, 'Texts stopped; the client is still e-mailed')
                  }
                >
                  Stop the texts
                </Button>
              </>
            ) : null}
          </p>
        </div>
        <Button variant="outline" onClick={onClose}>
          Close the matter view
        </Button>
      </div>
      <UpdateRequests
        requests={matter.waitingRequests}
        onAnswer={(requestId, reply) =>
          send(
            'POST',
            `${path}/update-requests/${encodeURIComponent(requestId)}/answer`,
            reply ? { reply } : {},
            reply ? 'Answered; the client is e-mailed your reply' : 'Marked answered',
          )
        }
      />
      <MatterDatesForm
        matter={matter}
        onSave={(body) => send('PATCH', path, body, 'Dates saved; deadlines worked out again')}
      />
      <Deadlines matter={matter} onChange={(body, done) => send('PATCH', path, body, done)} />
      <Milestones
        matter={matter}
        onTick={(key, body) =>
          send('POST', `${path}/milestones/${encodeURIComponent(key)}`, body, 'Milestone saved; the client is e-mailed')
        }
      />
      <section aria-labelledby="matter-timeline-title">
        <h4 id="matter-timeline-title" className="font-semibold text-slate-900">
          Timeline
        </h4>
        <ol className="mt-2 space-y-1 text-sm">
          {matter.timeline.map((entry, index) => (
            <li key={index}>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.by}: {entry.text}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}

interface DatesBody {
  side: string;
  propertyType: string;
  contractDate: string | null;
  coolingOff: string;
  settlementDate: string | null;
  ownerOccupier: boolean;
  dates: { label: string; date: string }[];
}

function MatterDatesForm({ matter, onSave }: { matter: MatterView; onSave: (body: DatesBody) => Promise<boolean> }) {
  const base = useId();
  const [side, setSide] = useState<string>(matter.side);
  const [propertyType, setPropertyType] = useState<string>(matter.propertyType);
  const [contractDate, setContractDate] = useState(matter.contractDate ?? '');
  const [coolingOff, setCoolingOff] = useState<string>(matter.coolingOff);
  const [settlementDate, setSettlementDate] = useState(matter.settlementDate ?? '');
  const [ownerOccupier, setOwnerOccupier] = useState(matter.ownerOccupier);
  const [dates, setDates] = useState(matter.dates.map(({ label, date }) => ({ label, date })));
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      const saved = await onSave({
        side,
        propertyType,
        contractDate: contractDate || null,
        coolingOff,
        settlementDate: settlementDate || null,
        ownerOccupier,
        dates: dates.filter((entry) => entry.label || entry.date),
      });
      if (saved) setErrors({});
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) setErrors(caught.fieldErrors);
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${base}-title`} className="space-y-3">
      <h4 id={`${base}-title`} className="font-semibold text-slate-900">
        The contract's dates
      </h4>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field id={`${base}-side`} label="Side" error={errors.side}>
          {(props) => (
            <select {...props} value={side} onChange={(event) => setSide(event.target.value)}>
              {MATTER_SIDES.map((value) => (
                <option key={value} value={value}>
                  {MATTER_SIDE_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${base}-type`} label="Property type" error={errors.propertyType}>
          {(props) => (
            <select {...props} value={propertyType} onChange={(event) => setPropertyType(event.target.value)}>
              {PROPERTY_TYPES.map((value) => (
                <option key={value} value={value}>
                  {PROPERTY_TYPE_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${base}-contract`} label="Contract date" error={errors.contractDate}>
          {(props) => (
            <input
              {...props}
              type="date"
              value={contractDate}
              onChange={(event) => setContractDate(event.target.value)}
            />
          )}
        </Field>
        <Field id={`${base}-cooling`} label="Cooling-off" error={errors.coolingOff}>
          {(props) => (
            <select {...props} value={coolingOff} onChange={(event) => setCoolingOff(event.target.value)}>
              {COOLING_OFF_ARRANGEMENTS.map((value) => (
                <option key={value} value={value}>
                  {COOLING_OFF_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={`${base}-settlement`}
          label="Settlement date in the contract"
          hint="Leave empty for the standard contract's 42nd day"
          error={errors.settlementDate}
        >
          {(props) => (
            <input
              {...props}
              type="date"
              value={settlementDate}
              onChange={(event) => setSettlementDate(event.target.value)}
            />
          )}
        </Field>
        {propertyType === 'off-the-plan' ? (
          <label className="flex items-center gap-2 self-end text-sm text-slate-800">
            <input
              type="checkbox"
              checked={ownerOccupier}
              onChange={(event) => setOwnerOccupier(event.target.checked)}
            />
            The buyer will live in the home (duty may wait, s 49A)
          </label>
        ) : null}
      </div>
      <fieldset className="space-y-2" aria-describedby={errors.dates ? `${base}-dates-error` : undefined}>
        <legend className="text-sm font-semibold text-slate-800">
          Dates a special condition sets (finance and others)
        </legend>
        {dates.map((entry, index) => (
          <div key={index} className="flex flex-wrap items-end gap-2">
            <Field id={`${base}-label-${index}`} label="Label" className="grow basis-48">
              {(props) => (
                <input
                  {...props}
                  value={entry.label}
                  placeholder="Finance approval"
                  onChange={(event) =>
                    setDates(dates.map((item, at) => (at === index ? { ...item, label: event.target.value } : item)))
                  }
                />
              )}
            </Field>
            <Field id={`${base}-date-${index}`} label="Date" className="basis-44">
              {(props) => (
                <input
                  {...props}
                  type="date"
                  value={entry.date}
                  onChange={(event) =>
                    setDates(dates.map((item, at) => (at === index ? { ...item, date: event.target.value } : item)))
                  }
                />
              )}
            </Field>
            <Button
              variant="outline"
              aria-label={`Remove the date ${entry.label || index + 1}`}
              onClick={() => setDates(dates.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
          </div>
        ))}
        {errors.dates ? (
          <p id={`${base}-dates-error`} className="text-sm font-medium text-destructive">
            {errors.dates[0]}
          </p>
        ) : null}
        <Button variant="outline" onClick={() => setDates([...dates, { label: '', date: '' }])}>
          Add a date
        </Button>
      </fieldset>
      <Button type="submit" pending={pending}>
        Save the dates
      </Button>
    </form>
  );
}

function Deadlines({
  matter,
  onChange,
}: {
  matter: MatterView;
  onChange: (body: unknown, done: string) => Promise<boolean>;
}) {
  return (
    <section aria-labelledby="matter-deadlines-title" className="space-y-2">
      <h4 id="matter-deadlines-title" className="font-semibold text-slate-900">
        Deadlines
      </h4>
      {matter.deadlines.length === 0 ? (
        <p className="text-sm text-slate-700">Enter the contract date to work out the deadlines.</p>
      ) : (
        <ul className="space-y-3">
          {matter.deadlines.map((deadline) => (
            <DeadlineItem key={deadline.key} deadline={deadline} onChange={onChange} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeadlineItem({
  deadline,
  onChange,
}: {
  deadline: MatterDeadline;
  onChange: (body: unknown, done: string) => Promise<boolean>;
}) {
  const base = useId();
  const [date, setDate] = useState(deadline.date);
  const [error, setError] = useState<string[] | undefined>();
  const computedKey = ['cooling-off', 'settlement', 'duty'].includes(deadline.key);

  async function change(body: Record<string, unknown>, done: string) {
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
          <Field
            id={`${base}-date`}
            label={`Our date for ${deadline.label.toLowerCase()}`}
            error={error}
            className="basis-56"
          >
            {(props) => <input {...props} type="date" value={date} onChange={(event) => setDate(event.target.value)} />}
          </Field>
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

function Milestones({
  matter,
  onTick,
}: {
  matter: MatterView;
  onTick: (key: string, body: { done: boolean; note?: string }) => Promise<boolean>;
}) {
  return (
    <section aria-labelledby="matter-milestones-title" className="space-y-2">
      <h4 id="matter-milestones-title" className="font-semibold text-slate-900">
        Milestones
      </h4>
      <p className="text-sm text-slate-700">Each change e-mails the client, with the note if you write one.</p>
      <ol className="space-y-2">
        {matter.milestones.map((milestone) => (
          <MilestoneItem key={milestone.key} milestone={milestone} onTick={onTick} />
        ))}
      </ol>
    </section>
  );
}

function MilestoneItem({
  milestone,
  onTick,
}: {
  milestone: Milestone;
  onTick: (key: string, body: { done: boolean; note?: string }) => Promise<boolean>;
}) {
  const base = useId();
  const [done, setDone] = useState(milestone.done);
  const [note, setNote] = useState(milestone.note ?? '');
  const [pending, setPending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await onTick(milestone.key, { done, ...(note.trim() ? { note } : {}) });
    } catch (caught) {
      failed(caught, 'The milestone was not saved');
    } finally {
      setPending(false);
    }
  }

  if (milestone.recorded) {
    return (
      <li data-testid="matter-milestone" className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">{milestone.label}</span>
        {milestone.done ? (
          <StatusBadge tone="success">Done</StatusBadge>
        ) : (
          <StatusBadge tone="neutral">Not yet</StatusBadge>
        )}
        <span className="text-slate-700">Follows the records</span>
      </li>
    );
  }
  return (
    <li data-testid="matter-milestone">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2 text-sm">
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" checked={done} onChange={(event) => setDone(event.target.checked)} />
          {milestone.label}
        </label>
        {milestone.done && milestone.doneAt ? (
          <span className="self-center text-slate-700">
            done {milestone.doneAt.length === 10 ? formatDeadline(milestone.doneAt) : formatDateTime(milestone.doneAt)}
          </span>
        ) : null}
        <Field id={`${base}-note`} label={`Note for the client: ${milestone.label}`} className="grow basis-64">
          {(props) => <input {...props} value={note} onChange={(event) => setNote(event.target.value)} />}
        </Field>
        <Button type="submit" variant="secondary" pending={pending} aria-label={`Save: ${milestone.label}`}>
          Save
        </Button>
      </form>
    </li>
  );
}

/** The client's questions staff have not answered, oldest first: they lead the matter because they wait. */
function UpdateRequests({
  requests,
  onAnswer,
}: {
  requests: WaitingUpdateRequest[];
  onAnswer: (requestId: string, reply: string) => Promise<boolean>;
}) {
  return (
    <section aria-labelledby="matter-requests-title" className="space-y-2">
      <h4 id="matter-requests-title" className="font-semibold text-slate-900">
        Update requests waiting
      </h4>
      {requests.length === 0 ? (
        <p className="text-sm text-slate-700">None: every question the client asked is answered.</p>
      ) : (
        <ol className="space-y-3">
          {requests.map((request) => (
            <UpdateRequestItem key={request.id} request={request} onAnswer={onAnswer} />
          ))}
        </ol>
      )}
    </section>
  );
}

function UpdateRequestItem({
  request,
  onAnswer,
}: {
  request: WaitingUpdateRequest;
  onAnswer: (requestId: string, reply: string) => Promise<boolean>;
}) {
  const base = useId();
  const [reply, setReply] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await onAnswer(request.id, reply.trim());
    } catch (caught) {
      failed(caught, 'The answer was not saved');
    } finally {
      setPending(false);
    }
  }

  return (
    <li data-testid="matter-update-request" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
      <p id={`${base}-question`} className="whitespace-pre-line text-slate-900">
        {/* Requests made before the question was kept with them have it on the timeline only. */}
        {request.message ?? 'The question is on the timeline below.'}
      </p>
      <p className="mt-1 text-slate-700">
        Asked <time dateTime={request.at}>{formatDateTime(request.at)}</time>, waiting {waitedFor(request.at)}
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-2 space-y-2">
        <Field
          id={`${base}-reply`}
          label="Reply to the client (optional)"
          hint="E-mailed to the client; leave empty if you answered another way"
        >
          {(props) => (
            <textarea
              {...props}
              rows={3}
              aria-describedby={[`${base}-question`, props['aria-describedby']].filter(Boolean).join(' ')}
              value={reply}
              onChange={(event) => setReply(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" pending={pending}>
          Mark answered
        </Button>
      </form>
    </li>
  );
}
