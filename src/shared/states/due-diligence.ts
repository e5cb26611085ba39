/**
 * Customer due diligence's states and what each action does in each of them: the next
 * state, or the refusal shown. The client saves and submits through their link; staff
 * verify (low or medium risk: verified at once; high: a second person approves), reject
 * (the client corrects and resubmits) and close the matter (any state: it starts the
 * records' retention, not a new status, and from then on the client's link changes nothing:
 * `decideCddRecord`). Once verified, staff re-screen the matter (ongoing due diligence, s 30):
 * no match keeps it verified; a possible match sends it back to `awaiting-approval` at high
 * risk, so a principal other than the re-screener approves it again (or staff reject it). A
 * closed matter is not re-screened. The functions act on these cells; the desk offers
 * an action only where its cell allows it.
 *
 * Who may act is not a state: a high rating's approver must be a principal whose account is
 * not the rater's (`approvalRefusal`), which the staff workflow asks on top of the cell, and
 * which rating needs approval depends on the ratings on record (`verifyActionFor`).
 */
import type { RiskRating } from '#src/content/amlctf.ts';
import { CDD_STATUS_LABELS, type CddStatus } from '../schemas/cdd.ts';
import { individualRef } from '../schemas/cdd-verification.ts';
import type { StaffRole } from '../schemas/login.ts';
import type { Cell, Refusal, StateTable } from './decision.ts';

export const CDD_ACTIONS = [
  'save',
  'submit',
  'verify',
  'verify-high-risk',
  'approve',
  'reject',
  'close',
  'rescreen',
  'rescreen-possible-match',
] as const;
export type CddAction = (typeof CDD_ACTIONS)[number];

export type CddRefusalCode =
  | 'cdd-locked'
  | 'cdd-closed'
  | 'matter-closed'
  | 'cdd-not-supplied'
  | 'cdd-wrong-status'
  | 'principal-approver-required'
  | 'second-approver-required';
export type CddCell = Cell<CddStatus, CddRefusalCode>;

/** The client's words once staff have their details. */
export const CDD_LOCKED =
  'We are already checking your identity details, so they can no longer be changed here. Please call us if something has changed.';
/** The client's words once the matter is closed, whatever the status was when it closed. */
export const CDD_CLOSED =
  'Your matter with us has ended, so your identity details can no longer be changed here. Please call us if something has changed.';
/** Staff's words for an enquiry whose client has not started (there is no record to act on). */
export const CDD_NOT_SUPPLIED = 'The client has not supplied due diligence details for this enquiry yet';

/** Staff's words for re-screening a closed matter. */
export const MATTER_CLOSED_NO_RESCREEN =
  'This matter is closed: its due diligence is kept as it was and is no longer re-screened';

const locked: Refusal<CddRefusalCode> = { code: 'cdd-locked', status: 409, message: CDD_LOCKED };
const closed: Refusal<CddRefusalCode> = { code: 'cdd-closed', status: 409, message: CDD_CLOSED };
const notSupplied: Refusal<CddRefusalCode> = { code: 'cdd-not-supplied', status: 409, message: CDD_NOT_SUPPLIED };

const to = (next: CddStatus) => ({ next }) as const;
const no = (refused: Refusal<CddRefusalCode>) => ({ refused }) as const;

/** A staff action in a state that does not allow it: "This due diligence is rejected: it cannot be verified now". */
const wrong = (status: CddStatus, done: string): CddCell => ({
  refused: {
    code: 'cdd-wrong-status',
    status: 409,
    message: `This due diligence is ${CDD_STATUS_LABELS[status].toLowerCase()}: it cannot be ${done} now`,
  },
});

export const CDD_TRANSITIONS: StateTable<CddStatus, CddAction, CddRefusalCode> = {
  // No record yet: the client may start; staff have nothing to act on.
  'not-started': {
    save: to('in-progress'),
    submit: to('submitted'),
    verify: no(notSupplied),
    'verify-high-risk': no(notSupplied),
    approve: no(notSupplied),
    reject: no(notSupplied),
    close: to('not-started'),
    rescreen: no(notSupplied),
    'rescreen-possible-match': no(notSupplied),
  },
  'in-progress': {
    save: to('in-progress'),
    submit: to('submitted'),
    verify: wrong('in-progress', 'verified'),
    'verify-high-risk': wrong('in-progress', 'verified'),
    approve: wrong('in-progress', 'approved'),
    reject: wrong('in-progress', 'rejected'),
    close: to('in-progress'),
    rescreen: wrong('in-progress', 're-screened'),
    'rescreen-possible-match': wrong('in-progress', 're-screened'),
  },
  // The client may still change a submission until staff act: a change makes it a draft again.
  submitted: {
    save: to('in-progress'),
    submit: to('submitted'),
    verify: to('verified'),
    'verify-high-risk': to('awaiting-approval'),
    approve: wrong('submitted', 'approved'),
    reject: to('rejected'),
    close: to('submitted'),
    rescreen: wrong('submitted', 're-screened'),
    'rescreen-possible-match': wrong('submitted', 're-screened'),
  },
  'awaiting-approval': {
    save: no(locked),
    submit: no(locked),
    verify: wrong('awaiting-approval', 'verified'),
    'verify-high-risk': wrong('awaiting-approval', 'verified'),
    approve: to('verified'),
    reject: to('rejected'),
    close: to('awaiting-approval'),
    rescreen: wrong('awaiting-approval', 're-screened'),
    'rescreen-possible-match': wrong('awaiting-approval', 're-screened'),
  },
  verified: {
    save: no(locked),
    submit: no(locked),
    verify: wrong('verified', 'verified'),
    'verify-high-risk': wrong('verified', 'verified'),
    approve: wrong('verified', 'approved'),
    reject: wrong('verified', 'rejected'),
    close: to('verified'),
    // Ongoing due diligence: no match keeps it verified; a possible match is high risk again.
    rescreen: to('verified'),
    'rescreen-possible-match': to('awaiting-approval'),
  },
  // Staff sent it back: the client corrects and submits again.
  rejected: {
    save: to('in-progress'),
    submit: to('submitted'),
    verify: wrong('rejected', 'verified'),
    'verify-high-risk': wrong('rejected', 'verified'),
    approve: wrong('rejected', 'approved'),
    reject: wrong('rejected', 'rejected'),
    close: to('rejected'),
    rescreen: wrong('rejected', 're-screened'),
    'rescreen-possible-match': wrong('rejected', 're-screened'),
  },
};

export const decideCdd = (status: CddStatus, action: CddAction): CddCell => CDD_TRANSITIONS[status][action];

// ---- who may approve -----------------------------------------------------------------

/**
 * A rating waits for a principal's approval when it is high, or when a high rating is on
 * record for this matter (a rejection does not wipe it): otherwise the rater could reject
 * her own high rating and re-rate it low once the client resubmits.
 */
export const verifyActionFor = (
  rating: RiskRating,
  earlier: readonly { rating: RiskRating }[],
): 'verify' | 'verify-high-risk' =>
  rating === 'high' || earlier.some((entry) => entry.rating === 'high') ? 'verify-high-risk' : 'verify';

/**
 * What forces a rating to high (s 28(2)(e)(ii), s 32): a possible match on the sanctions
 * list, a politically exposed person declared by the client, or one found by staff's
 * screening, of any individual verified: a party, an owner or the person acting for the
 * customer. Each is named, with the individual's path, so the 400 says why. A possible match
 * resolved as a false positive (`cleared`) no longer forces high: the matter still waits for
 * a principal other than the resolver (`SANCTIONS_RESOLVER_CANNOT_APPROVE`).
 */
export function redFlags(
  declarations: { pep?: { value?: boolean } },
  verification: readonly { party: string; sanctionsResult: string; pepResult: string }[],
  cleared: ReadonlySet<string> = new Set(),
): string[] {
  return [
    ...(declarations.pep?.value === true ? ['the client declared a politically exposed person'] : []),
    ...verification.flatMap((entry) => [
      ...(entry.sanctionsResult === 'possible-match' && !cleared.has(entry.party)
        ? [`a possible sanctions match (${individualRef(entry.party)})`]
        : []),
      ...(entry.pepResult !== 'not-pep'
        ? [`a politically exposed person in screening (${individualRef(entry.party)})`]
        : []),
    ]),
  ];
}

/** The 400 for a low or medium rating despite red flags. */
export const mustBeHigh = (flags: readonly string[]): string => `This matter must be rated high: ${flags.join('; ')}`;

export const PRINCIPAL_APPROVER_REQUIRED =
  'A high risk rating is approved by a principal of the practice (AML/CTF program: senior approval).';
export const SECOND_APPROVER_REQUIRED =
  'You rated this due diligence high risk, so a different principal must approve it (AML/CTF program: a second person).';

/** The 403 for the principal who resolved a possible match as a false positive. */
export const SANCTIONS_RESOLVER_CANNOT_APPROVE =
  'You recorded this possible sanctions match as a false positive, so a different principal must approve it (AML/CTF program: a second person).';

/**
 * Whether `approver` may approve the rating `rater` gave: a principal's account other than
 * the rater's. Accounts are compared by id, which a re-created account never reuses; a
 * rating stored before ids were kept names only a username, so that username is refused
 * (whoever holds it now may be the rater). Null when allowed.
 */
export function approvalRefusal(
  rater: { byId?: string; by: string },
  approver: { id: string; username: string; role: StaffRole },
): Refusal<CddRefusalCode> | null {
  if (approver.role !== 'principal') {
    return { code: 'principal-approver-required', status: 403, message: PRINCIPAL_APPROVER_REQUIRED };
  }
  const same = rater.byId === undefined ? rater.by === approver.username : rater.byId === approver.id;
  return same ? { code: 'second-approver-required', status: 403, message: SECOND_APPROVER_REQUIRED } : null;
}

/** What the client's link changes. */
const CLIENT_ACTIONS: readonly CddAction[] = ['save', 'submit'];
/** Ongoing due diligence, which ends with the matter. */
const RESCREEN_ACTIONS: readonly CddAction[] = ['rescreen', 'rescreen-possible-match'];
const closedMatter: Refusal<CddRefusalCode> = {
  code: 'matter-closed',
  status: 409,
  message: MATTER_CLOSED_NO_RESCREEN,
};

/**
 * The cell for a record as stored (none is `not-started`). Closing keeps the status (it
 * starts the 7 years of s 111), so a closed record is judged on more than its status: the
 * client's link changes nothing in it whatever the status was when the matter closed, or a
 * link still held could empty a record the law keeps. Nor is a closed matter re-screened.
 * Staff's other actions follow the table.
 */
export function decideCddRecord(
  record: { status: CddStatus; closedAt?: string; clientStatus?: CddStatus } | null,
  action: CddAction,
): CddCell {
  if (record?.closedAt !== undefined && CLIENT_ACTIONS.includes(action)) return no(closed);
  // A true sanctions match ended it: the client's link changes nothing, in words that say no more
  // than "we are checking" (s 123: no tipping off).
  if (record?.clientStatus !== undefined && CLIENT_ACTIONS.includes(action)) return no(locked);
  if (record?.closedAt !== undefined && RESCREEN_ACTIONS.includes(action)) return no(closedMatter);
  return decideCdd(record?.status ?? 'not-started', action);
}

/** The client may still change their answers. */
export const clientMayEdit = (record: { status: CddStatus; closedAt?: string } | null): boolean =>
  decideCddRecord(record, 'save').next !== undefined;
