/**
 * "There is a problem": every message of a refused form at its top, each linked to the
 * field it belongs to, so a screen reader hears them first and a keyboard reaches each
 * field in one step. Focused when it appears (`autoFocus`: on a server-rendered page the
 * browser does it, with no script; in an island React does).
 */
export interface SummaryItem {
  message: string;
  /** The id of the control the message belongs to; none for a message about the whole form. */
  field?: string;
}

export interface ErrorSummaryProps {
  /** A sentence about the whole form, above the list. */
  message?: string;
  items: readonly SummaryItem[];
}

export function ErrorSummary({ message, items }: ErrorSummaryProps) {
  if (!items.length && !message) return null;
  return (
    <div
      className="error-summary mb-6 rounded-md border-3 border-destructive bg-white p-4"
      role="alert"
      aria-labelledby="error-summary-heading"
      tabIndex={-1}
      // The summary is what the person must read next, after the page that refused the form.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
    >
      <h2 id="error-summary-heading" className="mb-2 text-xl font-bold text-destructive">
        There is a problem
      </h2>
      {message ? <p>{message}</p> : null}
      {items.length ? (
        <ul className="mb-0 list-disc pl-5">
          {items.map((item, index) => (
            <li key={index}>
              {item.field ? (
                <a className="font-semibold text-destructive underline" href={`#${item.field}`}>
                  {item.message}
                </a>
              ) : (
                item.message
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
