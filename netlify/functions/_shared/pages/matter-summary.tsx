/**
 * The parts of the client's matter page that say where the matter stands at a glance (issue
 * 34): who is responsible, the property, the price and the contract date, progress as a bar
 * and in words ("3 of 9"), the duty's amount beside its deadline, and the conversation (each
 * update request with its answer, newest first). Kept apart from matter-page.tsx, which
 * places them, so each part of the page changes in one place.
 */
import { formatAud } from '#src/content/money.ts';
import type { ClientDeadline, ClientMatter } from '#src/shared/schemas/client-matter.ts';
import { whenText } from '#src/shared/sydney-time.ts';
import { formatSydney } from './document.tsx';

/** "3 of 9": the milestones done of all the matter's milestones. */
export const progressText = ({ done, total }: { done: number; total: number }): string => `${done} of ${total}`;

export function MatterAtAGlance({ matter }: { matter: ClientMatter }) {
  const { summary } = matter;
  const progressId = `progress-${matter.id}`;
  return (
    <>
      <dl className="grid gap-x-4 sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-1" data-testid="matter-facts">
        <dt className="font-semibold">Responsible for your matter</dt>
        <dd className="mb-2 break-words sm:mb-0" data-testid="matter-responsible">
          {summary.responsible.name}
          {summary.responsible.role ? `, ${summary.responsible.role}` : ''}
        </dd>
        <dt className="font-semibold">Property</dt>
        <dd className="mb-2 break-words sm:mb-0">{matter.property ?? 'Not recorded yet'}</dd>
        <dt className="font-semibold">Price</dt>
        <dd className="mb-2 break-words sm:mb-0" data-testid="matter-price">
          {summary.price ? formatAud(summary.price) : 'Not recorded yet'}
        </dd>
        <dt className="font-semibold">Contract date</dt>
        <dd className="mb-2 break-words sm:mb-0" data-testid="matter-contract-date">
          {summary.contractDate ? whenText({ date: summary.contractDate }) : 'Not signed yet'}
        </dd>
      </dl>
      <h3 id={progressId}>Progress</h3>
      <p className="mb-1" data-testid="matter-progress">
        {progressText(summary.progress)} steps done
      </p>
      <progress
        aria-labelledby={progressId}
        className="h-3 w-full"
        value={summary.progress.done}
        max={summary.progress.total}
      >
        {progressText(summary.progress)}
      </progress>
    </>
  );
}

/** The duty's amount under its deadline, once staff recorded the price. */
export function DeadlineAmount({ deadline }: { deadline: ClientDeadline }) {
  if (deadline.amount === undefined) return null;
  return (
    <p className="mb-1" data-testid="deadline-amount">
      Amount: <strong>{formatAud(deadline.amount)}</strong>, worked out from the price on your contract date.
    </p>
  );
}

export function Conversation({ matter }: { matter: ClientMatter }) {
  const { conversation } = matter.summary;
  if (!conversation.length) return <p>You have not asked us anything here yet.</p>;
  return (
    <ol className="list-none! pl-0!" data-testid="conversation">
      {conversation.map((exchange) => (
        <li key={exchange.at} className="mb-4 rounded-md border border-slate-300 bg-white p-4">
          <p className="mb-1">
            <strong>You asked</strong>, {formatSydney(exchange.at)}:
          </p>
          <p className="mb-2 whitespace-pre-line">{exchange.message ?? 'Your question is on your matter.'}</p>
          {exchange.answeredAt ? (
            <>
              <p className="mb-1">
                <strong>We answered</strong>, {formatSydney(exchange.answeredAt)}:
              </p>
              <p className="mb-0 whitespace-pre-line">{exchange.reply ?? 'We answered you by phone or in person.'}</p>
            </>
          ) : (
            <p className="mb-0 font-semibold">Waiting for our answer.</p>
          )}
        </li>
      ))}
    </ol>
  );
}
