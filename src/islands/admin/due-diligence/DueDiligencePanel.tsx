/**
 * An enquiry's customer due diligence (AML/CTF Act) on the desk: its status (and for a
 * verified matter when it was last screened), and on request the client's answers, the
 * verification form for a submitted record, the second person's approval of a high rating,
 * rejection, re-screening a verified matter, and closing the matter (which starts the 7
 * years the records are kept; a closed matter is shown read-only, with its one kept-until date).
 *
 * The client's details are read only when staff ask ("Show the client's details"): every
 * read is written to the audit log, so opening an enquiry to add a note does not count as
 * reading someone's identity documents. The status comes with the enquiry (plain, no read).
 */
import { useId, useRef, useState } from 'react';
import { callApi } from '#src/lib/api.ts';
import { dueDiligenceRoutes } from '#src/shared/api/due-diligence.ts';
import { CDD_STATUS_LABELS, type CddStatus } from '#src/shared/schemas/cdd.ts';
import type { CddStaffView } from '#src/shared/schemas/cdd-record.ts';
import type { DeskEnquiryDetail } from '#src/shared/schemas/lead-desk.ts';
import { isAllowed } from '#src/shared/states/decision.ts';
import { decideCdd, decideCddRecord } from '#src/shared/states/due-diligence.ts';
import { Button } from '#src/ui/Button.tsx';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import { StatusBadge, type BadgeTone } from '../kit/StatusBadge.tsx';
import { ClientAnswers, VerificationRecord } from './ClientAnswers.tsx';
import { messageOf } from './cdd-requests.ts';
import { ClosedMatter, CloseMatter } from './CloseMatter.tsx';
import { DoNotActBadge, dueDiligencePending } from './DoNotActBadge.tsx';
import { RescreenForm, RescreenHistory, ScreeningClock } from './Rescreening.tsx';
import { ReviewActions } from './ReviewActions.tsx';
import { SanctionsMatches } from './SanctionsMatches.tsx';
import { VerifyForm } from './VerifyForm.tsx';

const STATUS_TONES: Record<CddStatus, BadgeTone> = {
  'not-started': 'neutral',
  'in-progress': 'info',
  submitted: 'waiting',
  'awaiting-approval': 'review',
  verified: 'success',
  rejected: 'danger',
};

export function DueDiligencePanel({
  detail,
  onStatus,
}: {
  detail: DeskEnquiryDetail;
  /** The record's status changed here (the list's badge follows, the enquiry's activity too). */
  onStatus: () => Promise<void>;
}) {
  const base = useId();
  const status: CddStatus = detail.cdd?.status ?? 'not-started';
  const closedAt = detail.cdd?.closedAt;
  const [view, setView] = useState<CddStaffView | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { confirm, dialog } = useConfirm();
  const pending = dueDiligencePending(detail);

  async function load() {
    setLoading(true);
    try {
      setView(await callApi(dueDiligenceRoutes.read, { params: { id: detail.id } }));
      setLoadError(null);
    } catch (caught) {
      setLoadError(messageOf(caught, 'Something went wrong'));
    } finally {
      setLoading(false);
    }
  }

  /** After a change: the enquiry (status, activity) and the record again; focus on the heading. */
  async function changed() {
    await onStatus();
    await load();
    headingRef.current?.focus();
  }

  /**
   * Closing changes the enquiry (the panel then shows the closed state); the record is read
   * again only if it is on screen (each read is audited). Focus goes to the heading, as the
   * form it was in is gone.
   */
  async function closed() {
    await onStatus();
    if (view) await load();
    headingRef.current?.focus();
  }

  const shownStatus = view?.status ?? status;

  return (
    <section
      aria-labelledby={`${base}-heading`}
      className="rounded-lg border border-slate-200 p-3 sm:p-4"
      data-testid="cdd-panel"
    >
      <h4
        id={`${base}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-slate-900 focus-visible:outline-none"
      >
        Due diligence
      </h4>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge testId="cdd-status" tone={STATUS_TONES[shownStatus]}>
          {CDD_STATUS_LABELS[shownStatus]}
        </StatusBadge>
        {pending ? <DoNotActBadge /> : null}
      </p>
      {detail.cdd?.screening ? <ScreeningClock screening={detail.cdd.screening} /> : null}
      <p className="mt-2 text-sm text-slate-700">
        The AML/CTF Act requires us to identify and verify the customer, screen them and rate the risk before we act.
      </p>

      {status !== 'not-started' && !view ? (
        <div className="mt-3">
          {loadError ? (
            <p role="alert" className="mb-2 text-sm text-red-900">
              We couldn't load the due diligence: {loadError}
            </p>
          ) : null}
          <Button variant="outline" pending={loading} onClick={() => void load()}>
            Show the client's details
          </Button>
          <p className="mt-1 text-xs text-slate-700">Each time you open them, the audit log records it.</p>
        </div>
      ) : null}
      {status === 'not-started' && closedAt === undefined ? (
        <p className="mt-2 text-sm text-slate-700">
          The client gives their details through the engagement link once they have accepted the engagement.
        </p>
      ) : null}

      {view ? (
        <div className="mt-3 space-y-4">
          <ClientAnswers view={view} />
          <VerificationRecord view={view} />
          <RescreenHistory view={view} />
          {/* A closed matter is read-only here: its records are kept as they were. */}
          {closedAt === undefined ? (
            <>
              <SanctionsMatches enquiryId={detail.id} view={view} confirm={confirm} onDone={changed} />
              {isAllowed(decideCdd(view.status, 'verify')) ? (
                <VerifyForm enquiryId={detail.id} view={view} onDone={changed} />
              ) : null}
              <ReviewActions enquiryId={detail.id} view={view} confirm={confirm} onChanged={changed} />
              {isAllowed(decideCddRecord(view, 'rescreen')) ? (
                <RescreenForm enquiryId={detail.id} view={view} onDone={changed} />
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}

      {closedAt === undefined ? (
        <CloseMatter enquiryId={detail.id} status={shownStatus} confirm={confirm} onClosed={closed} />
      ) : (
        <ClosedMatter detail={detail} closedAt={closedAt} />
      )}
      {dialog}
    </section>
  );
}
