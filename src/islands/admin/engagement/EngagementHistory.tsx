/**
 * The versions the current engagement varies, newest first: each stays on record with its
 * acceptance and signed PDF (an updated disclosure never changes what was accepted before).
 */
import { pathOf } from '#src/shared/api/contract.ts';
import { engagementsRoutes } from '#src/shared/api/engagements.ts';
import { ENGAGEMENT_STATUS_LABELS, type EngagementSummary } from '#src/shared/schemas/engagement.ts';
import { formatDateTime } from '../kit/format.ts';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { STATUS_TONES } from './EngagementState.tsx';

export function EngagementHistory({ versions }: { versions: readonly EngagementSummary[] }) {
  return (
    <div className="mt-3 border-t border-slate-200 pt-3 text-sm">
      <p className="font-medium text-slate-900">Earlier versions</p>
      <ul className="mt-1 space-y-2" data-testid="engagement-history">
        {versions.map((version) => (
          <li key={version.id} className="flex flex-wrap items-center gap-2">
            <StatusBadge tone={STATUS_TONES[version.status]}>{ENGAGEMENT_STATUS_LABELS[version.status]}</StatusBadge>
            <span className="text-slate-900">
              Sent <time dateTime={version.sentAt}>{formatDateTime(version.sentAt)}</time>
              {version.acceptedAt ? (
                <>
                  , accepted <time dateTime={version.acceptedAt}>{formatDateTime(version.acceptedAt)}</time>
                </>
              ) : null}
            </span>
            {version.acceptedAt ? (
              <a className="underline" href={pathOf(engagementsRoutes.document.path, { id: version.id })} download>
                Signed PDF
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
