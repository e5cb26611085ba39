/**
 * An enquiry's engagement (costs disclosure and costs agreement) on the desk. Before any,
 * or once the last one expired or was revoked: a form prefilled from the enquiry's quote,
 * a preview of exactly what the client will read, and the send. With one: its state and
 * times, the reminders switch, a new link, revoking, and the signed PDF once accepted; once
 * accepted, a variation (an updated disclosure), with the earlier versions kept below.
 * The server recomputes every figure; nothing here is trusted beyond saving a round trip.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { DeskEnquiryDetail } from '#src/shared/schemas/lead-desk.ts';
import { Button } from '#src/ui/Button.tsx';
import { canSendNew, versionToVary } from './engagement-form.ts';
import { EngagementHistory } from './EngagementHistory.tsx';
import { EngagementState } from './EngagementState.tsx';
import { IssuedLinkBox, type IssuedLink } from './IssuedLinkBox.tsx';
import { SendEngagementForm } from './SendEngagementForm.tsx';

export function EngagementPanel({
  detail,
  refresh,
}: {
  detail: DeskEnquiryDetail;
  /** Reads the enquiry again (state, times and timeline), after every change made here. */
  refresh: () => Promise<void>;
}) {
  const base = useId();
  const [composing, setComposing] = useState<'send' | 'vary' | false>(false);
  const [link, setLink] = useState<IssuedLink | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const linkHeading = useRef<HTMLHeadingElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { engagement } = detail;
  const history = detail.engagementHistory ?? [];
  const varies = versionToVary(engagement, history);

  useEffect(() => {
    if (link) linkHeading.current?.focus();
  }, [link]);

  const close = () => {
    setComposing(false);
    // The form is gone: focus goes back to the button that opened it.
    requestAnimationFrame(() => openButton.current?.focus());
  };

  return (
    <section
      aria-labelledby={`${base}-heading`}
      className="rounded-lg border border-slate-200 p-3 sm:p-4"
      data-testid="engagement-panel"
    >
      <h4
        id={`${base}-heading`}
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-slate-900 focus-visible:outline-none"
      >
        Engagement
      </h4>

      {link ? (
        <IssuedLinkBox
          link={link}
          email={detail.email}
          headingRef={linkHeading}
          headingId={`${base}-link`}
          onDismiss={() => {
            setLink(null);
            // The box is gone: focus stays in the panel, not at the top of the page.
            requestAnimationFrame(() => heading.current?.focus());
          }}
        />
      ) : null}

      {engagement ? (
        <EngagementState
          engagement={engagement}
          refresh={refresh}
          onResent={setLink}
          // A revoked link must not stay on screen as if it still worked.
          onRevoked={() => setLink(null)}
        />
      ) : null}

      {canSendNew(engagement) && !composing ? (
        <div className="mt-2">
          {engagement === null ? (
            <p className="text-sm text-slate-700">
              No engagement sent yet. Send the costs disclosure and costs agreement for the client to read and accept
              online.
            </p>
          ) : null}
          <Button
            ref={openButton}
            variant="secondary"
            className="mt-2"
            onClick={() => {
              setLink(null);
              setComposing('send');
            }}
          >
            Send engagement
          </Button>
        </div>
      ) : null}

      {varies && !composing ? (
        <div className="mt-2">
          <p className="text-sm text-slate-700">
            If the scope or the estimate changes significantly, send the client an updated disclosure to accept.
          </p>
          <Button
            ref={openButton}
            variant="secondary"
            className="mt-2"
            onClick={() => {
              setLink(null);
              setComposing('vary');
            }}
          >
            Send a variation
          </Button>
        </div>
      ) : null}

      {(composing === 'send' && canSendNew(engagement)) || (composing === 'vary' && varies) ? (
        <SendEngagementForm
          detail={detail}
          headingId={`${base}-form`}
          onCancel={close}
          {...(composing === 'vary' && varies ? { varies } : {})}
          onSent={async (sent) => {
            setComposing(false);
            setLink({
              ...(sent.url ? { url: sent.url } : {}),
              expiresAt: sent.expiresAt,
              emailed: sent.emailed,
              what: 'sent',
              clients: sent.clients,
            });
            await refresh();
          }}
        />
      ) : null}

      {history.length > 0 ? <EngagementHistory versions={history} /> : null}
    </section>
  );
}
