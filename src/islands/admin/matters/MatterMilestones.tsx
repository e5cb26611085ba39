/**
 * A matter's milestones, in order: staff tick or untick each with a note the client reads
 * (each change e-mails the client); those that follow a record (engagement, due diligence)
 * only show whether they are done.
 */
import { useId, useState, type SubmitEvent } from 'react';
import type { Milestone } from '#src/shared/schemas/matter.ts';
import { canChangeMilestone } from '#src/shared/states/matter.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { formatDateTime } from '../kit/format.ts';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { formatDeadline } from './matter-format.ts';
import { toastFailure } from '../kit/actions.ts';

/** Saves one milestone's tick and note; false when it failed and was toasted. */
type TickMilestone = (key: string, body: { done: boolean; note?: string }) => Promise<boolean>;

export function MatterMilestones({ milestones, onTick }: { milestones: Milestone[]; onTick: TickMilestone }) {
  return (
    <section aria-labelledby="matter-milestones-title" className="space-y-2">
      <h4 id="matter-milestones-title" className="font-semibold text-slate-900">
        Milestones
      </h4>
      <p className="text-sm text-slate-700">Each change e-mails the client, with the note if you write one.</p>
      <ol className="space-y-2">
        {milestones.map((milestone) => (
          <MilestoneItem key={milestone.key} milestone={milestone} onTick={onTick} />
        ))}
      </ol>
    </section>
  );
}

function MilestoneItem({ milestone, onTick }: { milestone: Milestone; onTick: TickMilestone }) {
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
      toastFailure(caught, 'The milestone was not saved');
    } finally {
      setPending(false);
    }
  }

  // The milestone's table (src/shared/states/matter.ts): one that follows the records only shows its state.
  if (!canChangeMilestone(milestone.key, milestone.done)) {
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
