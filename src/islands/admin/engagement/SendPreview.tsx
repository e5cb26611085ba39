/** The preview of exactly what the client will read, then the send (or, on a conflict, the replace). */
import type { RefObject } from 'react';
import type { EngagementPreview as Preview } from '#src/shared/schemas/engagement.ts';
import { Button } from '#src/ui/Button.tsx';
import { EngagementPreview } from './EngagementPreview.tsx';

export function SendPreview({
  preview,
  headingId,
  headingRef,
  email,
  conflict,
  pending,
  send,
}: {
  preview: Preview;
  headingId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  email: string;
  /** The server's answer when an engagement is already open: sending again replaces it. */
  conflict: string | null;
  pending: 'preview' | 'send' | null;
  send: (replace: boolean) => void;
}) {
  return (
    <section aria-labelledby={`${headingId}-preview`} className="space-y-3 border-t border-slate-200 pt-3">
      <h5
        id={`${headingId}-preview`}
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-slate-900 focus-visible:outline-none"
      >
        What the client will see
      </h5>
      <EngagementPreview view={preview.view} headingId={`${headingId}-preview`} />
      {preview.sendRefused ? (
        // The production site refuses the sample terms (decision 036): say so, and offer no send.
        <p
          role="alert"
          className="rounded-lg border border-destructive bg-red-50 p-3 text-sm font-semibold text-red-950"
          data-testid="send-refused"
        >
          {preview.sendRefused}
        </p>
      ) : preview.sampleTerms ? (
        <p
          className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm font-semibold text-amber-950"
          data-testid="sample-terms-warning"
        >
          These are the sample terms (version {preview.view.terms.version}), not the practice’s own: replace them before
          sending to real clients.
        </p>
      ) : null}
      {preview.sendRefused ? null : conflict ? (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>{conflict}</p>
          <p className="mt-1">Replacing it ends the client’s current link at once.</p>
          <Button variant="destructive" className="mt-2" pending={pending === 'send'} onClick={() => send(true)}>
            Replace the open engagement
          </Button>
        </div>
      ) : (
        <Button pending={pending === 'send'} disabled={pending !== null} onClick={() => send(false)}>
          Send to {email}
        </Button>
      )}
    </section>
  );
}
