/**
 * A client's matter, in words: the milestones of each side, the deadlines' names, and the
 * sentence every message about a matter ends with. The rules that compute the dates are in
 * `src/shared/matter-deadlines.ts`; the law they follow is in `conveyancing-law.ts`.
 */

export const MATTER_SIDES = ['purchase', 'sale'] as const;
export type MatterSide = (typeof MATTER_SIDES)[number];

export const MATTER_SIDE_LABELS: Record<MatterSide, string> = { purchase: 'Purchase', sale: 'Sale' };

export const PROPERTY_TYPES = ['established', 'off-the-plan', 'vacant-land', 'commercial'] as const;
export type MatterPropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_TYPE_LABELS: Record<MatterPropertyType, string> = {
  established: 'Established home',
  'off-the-plan': 'Off the plan',
  'vacant-land': 'Vacant land',
  commercial: 'Commercial',
};

/**
 * How the cooling-off period stands: `standard` (Conveyancing Act 1919 s 66S), `waived` (the
 * purchaser's solicitor gave a s 66W certificate) or `none` (a sale by auction, a contract made
 * on the same day as a passed-in auction, or one made by exercising an option: s 66T).
 */
export const COOLING_OFF_ARRANGEMENTS = ['standard', 'waived', 'none'] as const;
export type CoolingOffArrangement = (typeof COOLING_OFF_ARRANGEMENTS)[number];

export const COOLING_OFF_LABELS: Record<CoolingOffArrangement, string> = {
  standard: 'Standard cooling-off period',
  waived: 'Waived (section 66W certificate)',
  none: 'None (auction, same day as a passed-in auction, or option)',
};

/** The deadlines the rules work out; staff-set dates have keys of their own. */
export const DEADLINE_LABELS = {
  'cooling-off': 'Cooling-off period ends',
  settlement: 'Settlement',
  duty: 'Transfer duty due',
} as const;
export type ComputedDeadlineKey = keyof typeof DEADLINE_LABELS;

/**
 * On a sale the cooling-off period is the purchaser's (s 66S): the vendor's practice must know
 * when the purchaser's right to rescind ends (a notice of rescission after it is late, s 66U).
 */
export const PURCHASER_COOLING_OFF_LABEL = 'Purchaser’s cooling-off period ends';

/** The milestones of each side, in order: the client's timeline. */
export const MILESTONES = {
  purchase: [
    { key: 'engaged', label: 'Engaged us' },
    { key: 'identity-verified', label: 'Identity verified' },
    { key: 'contract-reviewed', label: 'Contract reviewed' },
    { key: 'exchanged', label: 'Contracts exchanged' },
    { key: 'cooling-off-ended', label: 'Cooling-off period ended' },
    { key: 'finance-approved', label: 'Finance approved' },
    { key: 'duty-paid', label: 'Transfer duty paid' },
    { key: 'settlement-booked', label: 'Settlement booked' },
    { key: 'settled', label: 'Settled' },
  ],
  sale: [
    { key: 'engaged', label: 'Engaged us' },
    { key: 'identity-verified', label: 'Identity verified' },
    { key: 'contract-prepared', label: 'Contract prepared' },
    { key: 'exchanged', label: 'Contracts exchanged' },
    { key: 'discharge-ordered', label: 'Discharge of mortgage ordered' },
    { key: 'settlement-booked', label: 'Settlement booked' },
    { key: 'settled', label: 'Settled' },
  ],
} as const satisfies Record<MatterSide, readonly { key: string; label: string }[]>;

/** Milestones that follow the records (the engagement, due diligence), never ticked by hand. */
export const RECORDED_MILESTONES = ['engaged', 'identity-verified'] as const;

/** The milestone that meets each deadline: past its date with this milestone not ticked, it is overdue. */
export const DEADLINE_MILESTONES: Record<ComputedDeadlineKey | 'finance', string> = {
  'cooling-off': 'cooling-off-ended',
  settlement: 'settled',
  duty: 'duty-paid',
  finance: 'finance-approved',
};

/** Reminders go this many NSW business days before each deadline (and on the day for cooling-off). */
export const REMINDER_BUSINESS_DAYS = 2;

/**
 * The last line of every message about a matter: payment-redirection fraud reaches
 * conveyancing clients by e-mail, so the only safe channel is the phone number they know.
 */
export const bankDetailsWarning = (phone: string): string =>
  `We will never send you new bank details by e-mail: before you transfer money, call us on ${phone}`;

/** Shown beside a date staff have not confirmed. */
export const ESTIMATE_NOTE = 'estimate until your conveyancer confirms it';
