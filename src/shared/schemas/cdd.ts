/**
 * Customer due diligence (AML/CTF Act): what the client supplies through the engagement
 * link, what staff record when they verify, and the record's plain and personal parts.
 * Shared by the client's form, the staff panel and the functions (hence `zod/mini`).
 *
 * Two schemas read the client's answers: `cddDraftSchema` for a saved draft (anything may
 * be missing, every string still cleaned and bounded) and `cddSubmitSchema({ buying })` for
 * the submission (complete, with a message under each field). Field errors are keyed by
 * their whole path (`parties.0.dateOfBirth`), so use `cddFieldErrors`, not `toFieldErrors`
 * alone, which keys by the first segment only.
 *
 * This file holds what every part shares: the statuses, the party types, the limits, the
 * field errors and the dates. The parts are beside it: cdd-submission.ts (the submission,
 * its parties and declarations), cdd-draft.ts (the draft), cdd-verification.ts (what staff
 * record and the 400s they get) and cdd-record.ts (the stored record and its views).
 */
import * as z from 'zod/mini';
import { now } from '../clock.ts';
import { sydneyToday } from '../sydney-time.ts';
import { toFieldErrors, withoutControlCharacters, type FieldErrors } from './fields.ts';

export const CDD_STATUSES = [
  'not-started',
  'in-progress',
  'submitted',
  'awaiting-approval',
  'verified',
  'rejected',
] as const;
export type CddStatus = (typeof CDD_STATUSES)[number];
export const CDD_STATUS_LABELS: Record<CddStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress (client drafting)',
  submitted: 'Submitted',
  'awaiting-approval': 'Awaiting a second approval',
  verified: 'Verified',
  rejected: 'Rejected',
};

export const PARTY_TYPES = ['individual', 'company', 'trust'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];

export const CDD_LIMITS = {
  name: 200,
  otherNames: 300,
  address: 300,
  phone: 40,
  email: 254,
  acnOrAbn: 20,
  trustType: 120,
  details: 1000,
  /** Customers in one matter (buyers on title, say), and names or owners in one list. */
  parties: 10,
  list: 20,
  docType: 80,
  issuer: 80,
  reference: 120,
  documents: 5,
  reason: 2000,
} as const;

/** `value` is a dotted field path (`parties.0.dateOfBirth`); `toFieldErrors` with whole paths. */
export const cddFieldErrors = (error: z.core.$ZodError): FieldErrors => toFieldErrors(error, { paths: true });

// ---------- dates ----------

export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for `YYYY-MM-DD` naming a real calendar day (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
}

/** Whole years from `birth` to `today`, both `YYYY-MM-DD`. */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty! - by! - (tm! < bm! || (tm! === bm! && td! < bd!) ? 1 : 0);
}

/** "Today" as the schemas judge dates: Sydney's date, or the one a caller (a test) passes. */
export interface DateContext {
  /** `YYYY-MM-DD`; Sydney's today when absent. */
  today?: string;
}
export const todayOf = (context: DateContext) => context.today ?? sydneyToday(now());

/** A required `YYYY-MM-DD` date, named `what` in its messages ("the date of birth"). */
export const dayField = (what: string, example: string) =>
  z.string(`Please enter ${what}`).check(
    withoutControlCharacters(),
    z.trim(),
    z.minLength(1, `Please enter ${what}`),
    z.refine((value) => DAY.test(value), {
      message: `Please enter ${what} as YYYY-MM-DD, e.g. ${example}`,
      abort: true,
    }),
    z.refine(isCalendarDate, {
      message: `${capitalise(what)} is not a real day: check the month and day`,
      abort: true,
    }),
  );

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
