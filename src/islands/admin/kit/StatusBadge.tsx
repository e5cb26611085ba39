import type { ReactNode } from 'react';

/**
 * Tones are named by meaning, not colour, so each status table (enquiry, engagement, due
 * diligence, active/published) picks a meaning and every pill of the portal looks alike.
 */
export type BadgeTone = 'neutral' | 'info' | 'waiting' | 'review' | 'success' | 'danger';

const TONE_CLASSES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-200 text-slate-800',
  info: 'bg-sky-100 text-sky-950',
  waiting: 'bg-amber-100 text-amber-950',
  review: 'bg-violet-100 text-violet-950',
  success: 'bg-green-100 text-green-950',
  danger: 'bg-red-100 text-red-900',
};

/** The portal's one status pill; `testId` lets each list keep the name its tests look for. */
export function StatusBadge({
  tone,
  testId = 'status-badge',
  children,
}: {
  tone: BadgeTone;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE_CLASSES[tone]}`}
    >
      {children}
    </span>
  );
}
