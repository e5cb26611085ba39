/**
 * "There is a problem": every message of a refused form at its top, each linked to the
 * field it belongs to, so a screen reader hears them first and a keyboard reaches each
 * field in one step (GOV.UK's error summary). The one summary of every form, on the pages
 * the functions render and in the islands alike.
 *
 * It takes focus and comes into view when it appears:
 * - on a page a function renders (no script), through its `autofocus` attribute: the
 *   browser focuses it as the page loads and scrolls to it;
 * - in an island, when React attaches it (`takeFocus`): React itself autofocuses only
 *   form controls. An island that refuses a second submit gives the summary a new `key`,
 *   so it is attached, and focused, again.
 * Its scroll margin (global.css, `.error-summary`) keeps it clear of the fixed header.
 */
import { useId } from 'react';

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

/**
 * Focuses the summary and scrolls its top into view: smoothly, unless the person asked
 * for less motion. One function for every summary, so React calls it only when one is
 * attached, never on a re-render.
 */
export function takeFocus(summary: HTMLElement | null): void {
  if (!summary) return;
  summary.focus({ preventScroll: true });
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  summary.scrollIntoView({ block: 'start', behavior: reduced ? 'instant' : 'smooth' });
  // A scroll that follows can cut the smooth one short (seen on a phone, a second refusal of
  // the contact form left the focused summary above the screen): when scrolling ends within
  // the next two seconds with the summary off the screen's top half, it is brought back at once.
  // Later, the scrolling is the person's own, and is left alone.
  const until = performance.now() + 2000;
  const settle = () => {
    if (performance.now() > until || !summary.isConnected) return;
    const { top } = summary.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight / 2) summary.scrollIntoView({ block: 'start', behavior: 'instant' });
  };
  window.addEventListener('scrollend', settle, { once: true });
}

export function ErrorSummary({ message, items }: ErrorSummaryProps) {
  // Two forms on one page (the landing page's) may each show one.
  const headingId = `${useId()}-error-summary`;
  if (!items.length && !message) return null;
  return (
    <div
      ref={takeFocus}
      className="error-summary mb-6 rounded-md border-3 border-destructive bg-white p-4"
      role="alert"
      aria-labelledby={headingId}
      tabIndex={-1}
      // The summary is what the person must read next, after the page that refused the form.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      data-error-summary
    >
      <h2 id={headingId} className="mb-2 text-xl font-bold text-destructive">
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
