/**
 * The client's update requests staff have not answered, oldest first: they lead the matter
 * because they wait. Each is marked answered with an optional reply the client is e-mailed.
 */
import { useId, useState, type SubmitEvent } from 'react';
import type { WaitingUpdateRequest } from '#src/shared/schemas/matter.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { formatDateTime } from '../kit/format.ts';
import { waitedFor } from './matter-format.ts';
import { toastFailure } from '../kit/actions.ts';
import { ApiError } from '#src/lib/api.ts';

/** Marks one request answered, with the reply when there is one; false when it failed and was toasted. */
type AnswerRequest = (requestId: string, reply: string) => Promise<boolean>;

export function UpdateRequests({ requests, onAnswer }: { requests: WaitingUpdateRequest[]; onAnswer: AnswerRequest }) {
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

function UpdateRequestItem({ request, onAnswer }: { request: WaitingUpdateRequest; onAnswer: AnswerRequest }) {
  const base = useId();
  const [reply, setReply] = useState('');
  const [pending, setPending] = useState(false);
  // The server's word on the reply (one with bank details is refused: they go on the client's matter).
  const [replyError, setReplyError] = useState<string | undefined>();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      setReplyError(undefined);
      await onAnswer(request.id, reply.trim());
    } catch (caught) {
      const refused = caught instanceof ApiError ? caught.fieldErrors?.reply?.[0] : undefined;
      if (refused) {
        setReplyError(refused);
        document.getElementById(`${base}-reply`)?.focus();
      } else toastFailure(caught, 'The answer was not saved');
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
          error={replyError}
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
