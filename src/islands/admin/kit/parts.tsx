/** Small pieces the admin tabs share: list states, delete buttons, group errors, tab headings. */
import type { ReactNode } from 'react';
import { Button } from '#src/ui/Button.tsx';
import { Spinner } from '#src/ui/Spinner.tsx';

/** Loading, failed or empty list; renders nothing once there are items to show. */
export function ListStatus({
  loading,
  error,
  empty,
  isEmpty,
  what,
  onRetry,
}: {
  loading: boolean;
  error: string | null;
  isEmpty: boolean;
  /** The empty-state sentence. */
  empty: string;
  /** e.g. 'contact requests', for the loading and error texts. */
  what: string;
  onRetry: () => void;
}) {
  if (loading) return <Spinner label={`Loading ${what}…`} className="py-6 text-brand-700" />;
  if (error && isEmpty)
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
        <p>
          We couldn't load the {what}: {error}
        </p>
        <Button variant="outline" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  if (isEmpty) return <p className="py-6 text-slate-700">{empty}</p>;
  return null;
}

/**
 * Shows "Delete"; screen readers hear what it deletes, e.g. "Delete testimonial: Great service".
 * `disabledBy`: the id of the text saying why it cannot be used (the button is disabled).
 */
export function DeleteButton({
  label,
  onClick,
  pending,
  disabledBy,
}: {
  label: string;
  onClick: () => void;
  pending?: boolean;
  disabledBy?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={pending || Boolean(disabledBy)}
      aria-busy={pending || undefined}
      aria-describedby={disabledBy}
      className={`inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-destructive hover:bg-red-50 disabled:opacity-70 ${
        disabledBy
          ? 'disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-700'
          : 'disabled:cursor-wait'
      }`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path d="M8 2a1 1 0 0 0-1 1v1H4a1 1 0 0 0 0 2h.1l.8 10.1A2 2 0 0 0 6.9 18h6.2a2 2 0 0 0 2-1.9L15.9 6h.1a1 1 0 1 0 0-2h-3V3a1 1 0 0 0-1-1H8Zm1 2h2V4H9Zm-1.9 4.1a.75.75 0 0 1 1.5-.1l.3 6a.75.75 0 1 1-1.5.1l-.3-6Zm5.8-.1a.75.75 0 0 0-.8.7l-.3 6a.75.75 0 1 0 1.5.1l.3-6a.75.75 0 0 0-.7-.8Z" />
      </svg>
      Delete
    </button>
  );
}

/** The error of a group of inputs, under its fieldset (whose aria-describedby names `id`). */
export function GroupError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-2 text-sm font-medium text-destructive">
      {message}
    </p>
  ) : null;
}

/** A tab's heading and an optional line under it. */
export function TabHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4">
      <h2 className="text-xl font-semibold text-brand-900">{title}</h2>
      {children ? <p className="mt-1 text-sm text-slate-700">{children}</p> : null}
    </div>
  );
}
