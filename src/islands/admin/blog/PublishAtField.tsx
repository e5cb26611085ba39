/**
 * 'Publish date and time', in Sydney time whatever the computer's zone: a time in the
 * future schedules a published post, and the note says when it goes live.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { isScheduled, publishInstant } from '#src/shared/publish-time.ts';
import { Field } from '#src/ui/Field.tsx';
import { formatDateTime } from '../kit/format.ts';

export interface PublishAtFieldProps {
  id: string;
  /** A `datetime-local` value (Sydney wall-clock time), or ''. */
  value: string;
  onChange: (value: string) => void;
  isPublished: boolean;
  error?: string;
}

/** 'Scheduled for 1 Dec 2026, 9:00 am', or null when the post is not scheduled. */
export function scheduledNote(
  publishedAt: string | undefined,
  isPublished: boolean,
  now = currentTime(),
): string | null {
  if (!publishedAt) return null;
  const post = { isPublished, publishedAt, createdAt: publishedAt };
  return isScheduled(post, now)
    ? `Scheduled for ${formatDateTime(new Date(publishInstant(post)).toISOString())}`
    : null;
}

export function PublishAtField({ id, value, onChange, isPublished, error }: PublishAtFieldProps) {
  const note = scheduledNote(value || undefined, isPublished);
  return (
    <div>
      <Field
        id={id}
        name="publishedAt"
        label="Publish date and time (Sydney time)"
        error={error}
        hint="Leave empty to date the post when it is first published. A time in the future schedules it: it appears on the website then."
      >
        {(props) => (
          <input {...props} type="datetime-local" value={value} onChange={(event) => onChange(event.target.value)} />
        )}
      </Field>
      {note ? (
        <p role="status" className="mt-2 text-sm font-medium text-brand-800">
          {note} (Sydney time)
        </p>
      ) : null}
    </div>
  );
}
