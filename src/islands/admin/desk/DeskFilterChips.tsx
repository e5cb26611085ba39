/**
 * The desk's "Filter by status" chips: one per pipeline status with its count, and the
 * due-diligence views (pending, due for re-screening, and, for a principal, waiting for
 * their approval). One chip looks selected at a time: the due-diligence chips are status
 * filters of their own, and pressing a selected one of them lets it go.
 */
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import {
  ENQUIRY_STATUSES,
  STATUS_LABELS,
  type EnquiryStatus,
  type StatusCounts,
} from '#src/shared/schemas/lead-desk.ts';
import type { DeskFilters } from './useDesk.ts';
import { approvalOnly } from './useDeskFilters.ts';

/** Each chip's colours, selected and not: the due-diligence ones in their badges' colours. */
const TONES = {
  status: ['border-brand-800 bg-brand-800 text-white', 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'],
  cddPending: ['border-red-800 bg-red-800 text-white', 'border-red-300 bg-white text-red-900 hover:bg-red-50'],
  cddRescreen: [
    'border-amber-800 bg-amber-800 text-white',
    'border-amber-400 bg-white text-amber-950 hover:bg-amber-50',
  ],
  cddApproval: [
    'border-violet-800 bg-violet-800 text-white',
    'border-violet-400 bg-white text-violet-950 hover:bg-violet-50',
  ],
} as const;

function Chip({
  tone,
  pressed,
  onPress,
  children,
}: {
  tone: keyof typeof TONES;
  pressed: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  const [selected, idle] = TONES[tone];
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onPress}
      className={`min-h-10 rounded-full border px-3 text-sm font-semibold ${pressed ? selected : idle}`}
    >
      {children}
    </button>
  );
}

const NO_CDD_VIEW = { cddPending: false, cddRescreen: false, cddApproval: false };

/** The due-diligence views any account may choose, each a chip that toggles. */
const CDD_VIEWS = [
  ['cddPending', 'Due diligence pending'],
  ['cddRescreen', 'Due for re-screening'],
] as const;

export function DeskFilterChips({
  filters,
  onChange,
  counts,
  awaitingApproval,
}: {
  filters: DeskFilters;
  onChange: Dispatch<SetStateAction<DeskFilters>>;
  /** The counts per status (of what the search matches); null while unknown. */
  counts: StatusCounts | null;
  /** How many ratings wait for this principal; null for staff, who approve none (no chip). */
  awaitingApproval: number | null;
}) {
  const options: { value: EnquiryStatus | ''; label: string; count?: number }[] = [
    { value: '', label: 'All', count: counts?.total },
    ...ENQUIRY_STATUSES.map((status) => ({
      value: status,
      label: STATUS_LABELS[status],
      count: counts?.byStatus[status],
    })),
  ];
  const cddView = filters.cddPending || filters.cddRescreen || filters.cddApproval;
  return (
    <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
      {options.map((option) => (
        <Chip
          key={option.value || 'all'}
          tone="status"
          pressed={filters.status === option.value && !cddView}
          onPress={() => onChange((current) => ({ ...current, status: option.value, ...NO_CDD_VIEW }))}
        >
          {option.label}
          {option.count === undefined ? null : <span className="ml-1 tabular-nums">({option.count})</span>}
        </Chip>
      ))}
      {CDD_VIEWS.map(([key, label]) => (
        <Chip
          key={key}
          tone={key}
          pressed={Boolean(filters[key])}
          onPress={() => onChange((current) => ({ ...current, status: '', ...NO_CDD_VIEW, [key]: !current[key] }))}
        >
          {label}
        </Chip>
      ))}
      {awaitingApproval === null ? null : (
        <Chip
          tone="cddApproval"
          pressed={Boolean(filters.cddApproval)}
          onPress={() =>
            onChange((current) => (current.cddApproval ? { ...current, cddApproval: false } : approvalOnly(current)))
          }
        >
          Waiting for your approval <span className="tabular-nums">({awaitingApproval})</span>
        </Chip>
      )}
    </div>
  );
}
