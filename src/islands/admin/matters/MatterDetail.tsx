/**
 * One matter for staff: who and where, whether the client gets texts, then its parts in the
 * order staff work them: the client's update requests waiting, the contract's dates, the
 * deadlines worked out from them, the milestones, and the timeline. Each change goes through
 * `useMatter`, which puts the answer back on the page.
 */
import { MATTER_SIDE_LABELS } from '#src/content/matters.ts';
import type { BodyOf } from '#src/shared/api/contract.ts';
import type { mattersRoutes } from '#src/shared/api/matters.ts';
import type { MatterTimelineEntry, MatterView } from '#src/shared/schemas/matter.ts';
import { Button } from '#src/ui/Button.tsx';
import { Spinner } from '#src/ui/Spinner.tsx';
import { formatDateTime } from '../kit/format.ts';
import { MatterDatesForm } from './MatterDatesForm.tsx';
import { MatterDeadlines } from './MatterDeadlines.tsx';
import { MatterMilestones } from './MatterMilestones.tsx';
import { PayoutPanel } from './PayoutPanel.tsx';
import { UpdateRequests } from './UpdateRequests.tsx';
import { useMatter } from './useMatter.ts';

export function MatterDetail({
  id,
  onChanged,
  onClose,
}: {
  id: string;
  onChanged: () => Promise<void>;
  onClose: () => void;
}) {
  const { matter, error, load, change, setMilestone, answer } = useMatter(id, onChanged);

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
          <TextsLine
            texts={matter.texts}
            onStop={() => void change({ texts: null }, 'Texts stopped; the client is still e-mailed')}
          />
        </div>
        <Button variant="outline" onClick={onClose}>
          Close the matter view
        </Button>
      </div>
      <UpdateRequests
        requests={matter.waitingRequests}
        onAnswer={(requestId, reply) =>
          answer(
            requestId,
            reply ? { reply } : {},
            reply ? 'Answered; the client is e-mailed your reply' : 'Marked answered',
          )
        }
      />
      <PayoutPanel matterId={matter.id} onChanged={onChanged} />
      <MatterDatesForm
        matter={matter}
        // What the form holds (a price that is not whole dollars too), for the server's field errors to name.
        onSave={(body) =>
          change(body as BodyOf<typeof mattersRoutes.change>, 'Dates saved; deadlines worked out again')
        }
      />
      <MatterDeadlines deadlines={matter.deadlines} onChange={change} />
      <MatterMilestones
        milestones={matter.milestones}
        onTick={(key, body) =>
          setMilestone(
            key,
            body,
            'Milestone saved; the client is e-mailed in 2 minutes, with any other change made by then',
          )
        }
      />
      <Timeline entries={matter.timeline} />
    </section>
  );
}

/** Whether the client gets texts as well as e-mails, with the way to stop them. */
function TextsLine({ texts, onStop }: { texts: MatterView['texts']; onStop: () => void }) {
  return (
    <p className="text-sm text-slate-700" data-testid="matter-texts">
      {texts
        ? `Texts: on, to ${texts.mobile} (the client asked ${formatDateTime(texts.since)})`
        : 'Texts: off (the client has not asked for texts)'}
      {texts ? (
        <>
          {' '}
          <Button variant="outline" className="ml-2 px-2 py-1 text-sm" onClick={onStop}>
            Stop the texts
          </Button>
        </>
      ) : null}
    </p>
  );
}

function Timeline({ entries }: { entries: MatterTimelineEntry[] }) {
  return (
    <section aria-labelledby="matter-timeline-title">
      <h4 id="matter-timeline-title" className="font-semibold text-slate-900">
        Timeline
      </h4>
      <ol className="mt-2 space-y-1 text-sm">
        {entries.map((entry, index) => (
          <li key={index}>
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.by}: {entry.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
