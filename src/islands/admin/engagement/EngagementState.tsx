import { useId, useState } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { pathOf } from '#src/shared/api/contract.ts';
import { engagementsRoutes } from '#src/shared/api/engagements.ts';
import {
  ENGAGEMENT_STATUS_LABELS,
  type EngagementStatus,
  type EngagementSummary,
} from '#src/shared/schemas/engagement.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Switch } from '#src/ui/Switch.tsx';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import { SwitchRow } from '../kit/ContentForm.tsx';
import { formatDateTime } from '../kit/format.ts';
import { StatusBadge, type BadgeTone } from '../kit/StatusBadge.tsx';
import { engagementActions } from './engagement-form.ts';
import type { IssuedLink } from './IssuedLinkBox.tsx';

export const STATUS_TONES: Record<EngagementStatus, BadgeTone> = {
  sent: 'info',
  viewed: 'review',
  accepted: 'success',
  expired: 'neutral',
  revoked: 'neutral',
};

/** The engagement as it stands, and what staff can do with it. */
export function EngagementState({
  engagement,
  refresh,
  onResent,
  onRevoked,
}: {
  engagement: EngagementSummary;
  refresh: () => Promise<void>;
  onResent: (link: IssuedLink) => void;
  onRevoked: () => void;
}) {
  const base = useId();
  const [pending, setPending] = useState<'resend' | 'revoke' | 'reminders' | null>(null);
  const { confirm, dialog } = useConfirm();
  const can = engagementActions(engagement.status);

  /** One change with its toasts; a refusal (accepted or ended meanwhile) shows the state as it is now. */
  async function act(kind: 'resend' | 'revoke' | 'reminders', run: () => Promise<void>, failure: string) {
    setPending(kind);
    try {
      await run();
    } catch (error) {
      showToast({
        title: 'Error',
        description:
          error instanceof ApiError && error.status < 500
            ? `${failure}: ${error.message}`
            : `${failure}. Please try again.`,
        variant: 'destructive',
      });
      if (error instanceof ApiError && (error.status === 404 || error.status === 409 || error.status === 410)) {
        await refresh();
      }
    } finally {
      setPending(null);
    }
  }

  async function resend() {
    const accepted = engagement.status === 'accepted';
    if (accepted) {
      const confirmed = await confirm({
        title: 'End the client’s link?',
        body: 'The link the client has stops working at once, and a new one is e-mailed to them. Their acceptance stands.',
        confirmLabel: 'End link and send a new one',
      });
      if (!confirmed) return;
    }
    await act(
      'resend',
      async () => {
        const answer = await callApi(engagementsRoutes.resend, { params: { id: engagement.id } });
        onResent({
          ...(answer.url ? { url: answer.url } : {}),
          expiresAt: answer.expiresAt,
          emailed: answer.emailed,
          what: accepted ? 'reissued' : 'resent',
          clients: answer.clients,
        });
        showToast({ title: 'Success', description: 'New link issued' });
        await refresh();
      },
      'Failed to issue a new link',
    );
  }

  async function revoke() {
    const confirmed = await confirm({
      title: 'Revoke this engagement?',
      body: 'The client’s link stops working at once and they can no longer accept. You can send a new engagement afterwards.',
      confirmLabel: 'Revoke engagement',
    });
    if (!confirmed) return;
    await act(
      'revoke',
      async () => {
        await callApi(engagementsRoutes.revoke, { params: { id: engagement.id } });
        onRevoked();
        showToast({ title: 'Success', description: 'Engagement revoked' });
        await refresh();
      },
      'Failed to revoke the engagement',
    );
  }

  const setReminders = (reminders: boolean) =>
    act(
      'reminders',
      async () => {
        await callApi(engagementsRoutes.setReminders, { params: { id: engagement.id }, body: { reminders } });
        showToast({ title: 'Success', description: reminders ? 'Reminders switched on' : 'Reminders switched off' });
        await refresh();
      },
      'Failed to change the reminders',
    );

  const times: { label: string; at: string | undefined }[] = [
    { label: 'Sent', at: engagement.sentAt },
    { label: 'Viewed', at: engagement.viewedAt },
    { label: 'Accepted', at: engagement.acceptedAt },
    {
      label: engagement.status === 'expired' ? 'Expired' : 'Link expires',
      // An accepted engagement's link does not expire.
      at: can.resend && engagement.status !== 'accepted' ? engagement.expiresAt : undefined,
    },
  ];

  return (
    <div className="mt-2 space-y-3 text-sm" data-testid="engagement-state">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-slate-700">State</span>
        <StatusBadge testId="engagement-status" tone={STATUS_TONES[engagement.status]}>
          {ENGAGEMENT_STATUS_LABELS[engagement.status]}
        </StatusBadge>
      </p>
      {engagement.variationOf ? (
        <p data-testid="engagement-variation">
          <span className="text-slate-700">A variation (updated disclosure). What changed: </span>
          <span className="text-slate-900">{engagement.variationReason}</span>
        </p>
      ) : null}
      {engagement.clients.length > 1 ? (
        <div>
          <p className="text-slate-700">Joint clients (each accepts for themselves)</p>
          <ul className="mt-1 space-y-1" data-testid="engagement-clients">
            {engagement.clients.map((client) => (
              <li key={client.email} className="text-slate-900">
                {`${client.name} (${client.email}): `}
                {client.acceptedAt ? (
                  <>
                    accepted <time dateTime={client.acceptedAt}>{formatDateTime(client.acceptedAt)}</time>
                  </>
                ) : (
                  'not yet accepted'
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {times
          .filter((time) => time.at)
          .map((time) => (
            <div key={time.label} className="contents">
              <dt className="text-slate-700">{time.label}</dt>
              <dd className="text-slate-900">
                <time dateTime={time.at}>{formatDateTime(time.at)}</time>
              </dd>
            </div>
          ))}
      </dl>

      {engagement.status === 'accepted' ? (
        <div className="space-y-1">
          <a
            className="btn btn-outline"
            href={pathOf(engagementsRoutes.document.path, { id: engagement.id })}
            download
            data-testid="engagement-pdf"
          >
            Download signed PDF
          </a>
          {engagement.documentSha256 ? (
            <p>
              <span className="text-slate-700">Document SHA-256: </span>
              <code className="font-mono text-xs break-all text-slate-900" data-testid="engagement-sha256">
                {engagement.documentSha256}
              </code>
            </p>
          ) : null}
        </div>
      ) : null}

      {can.reminders ? (
        <SwitchRow
          id={`${base}-reminders`}
          label="Reminders"
          hint="E-mail the client after 2 and 5 business days if they have not accepted."
        >
          <Switch
            checked={engagement.reminders}
            disabled={pending !== null}
            labelledBy={`${base}-reminders-label`}
            describedBy={`${base}-reminders-hint`}
            onChange={(checked) => void setReminders(checked)}
          />
        </SwitchRow>
      ) : null}
      {can.resend || can.revoke ? (
        <div className="flex flex-wrap gap-2">
          {can.resend ? (
            <Button
              variant="outline"
              pending={pending === 'resend'}
              disabled={pending !== null}
              onClick={() => void resend()}
            >
              {engagement.status === 'expired'
                ? 'Resend link (same terms)'
                : engagement.status === 'accepted'
                  ? 'End link and send a new one'
                  : 'Resend link'}
            </Button>
          ) : null}
          {can.revoke ? (
            <Button
              variant="outline"
              className="border-red-300 text-destructive hover:bg-red-50"
              pending={pending === 'revoke'}
              disabled={pending !== null}
              onClick={() => void revoke()}
            >
              Revoke
            </Button>
          ) : null}
        </div>
      ) : null}
      {dialog}
    </div>
  );
}
