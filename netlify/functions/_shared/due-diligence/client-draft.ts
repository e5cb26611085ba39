/**
 * The client's side of customer due diligence (AML/CTF Act), through the engagement link:
 * read the draft, save it, submit it. Only an accepted engagement opens it; the practice
 * has not agreed to act before that, and the link must not collect identity details from
 * whoever holds an unaccepted one.
 *
 * Status rules (the team's decision, in the state table `src/shared/states/due-diligence.ts`):
 * no record is `not-started`; a save that changes the answers makes it `in-progress` (also
 * from `submitted` or `rejected`: the client is editing again); a submit makes it
 * `submitted`. Once staff have it (`awaiting-approval`, `verified`), or once the matter is
 * closed whatever its status, the client can no longer change it: 409.
 *
 * Every write is conditional (insert `onlyIfNew`, replace `onlyIfMatch`); a lost race is
 * replayed on the fresh record, so two tabs saving at once never lose the check of status.
 * The enquiry's timeline gets a line per step (a save at most once an hour), never the
 * details themselves.
 */
import * as z from 'zod/mini';
import { now } from '#src/shared/clock.ts';
import type { CddDraft } from '#src/shared/schemas/cdd-draft.ts';
import { cddFieldErrors, type CddStatus } from '#src/shared/schemas/cdd.ts';
import { cddSubmitSchema } from '#src/shared/schemas/cdd-submission.ts';
import { individualPaths } from '#src/shared/schemas/cdd-verification.ts';
import { statusForClient, toClientView, type CddClientView, type CddRecord } from '#src/shared/schemas/cdd-record.ts';
import type { EngagementRecord } from '#src/shared/schemas/engagement.ts';
import type { ActivityEntry } from '#src/shared/schemas/lead-desk.ts';
import { decideCddRecord, type CddAction } from '#src/shared/states/due-diligence.ts';
import { allowed } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import { getCdd, getCddMeta, updateCdd } from '../repositories/due-diligence-store.ts';
import { getStoredEnquiry } from '../repositories/enquiries-store.ts';
import { appendActivity, listActivity } from '../repositories/enquiry-activity-store.ts';

/** The 404 before acceptance: the same shape as an unknown link's, and honest for the page. */
export const NOT_YET_ACCEPTED = 'Your identity details open once you have accepted the costs agreement.';
export const CHECK_FIELDS = 'Please check the highlighted fields';

/** Joint clients each give their details: a submission needs an individual for every client. */
export const EACH_CLIENT = 'Please add the details of each person who accepted the costs agreement';

export const ACTIVITY_SAVED = 'Identity details saved by the client (draft)';
export const ACTIVITY_SUBMITTED = 'Identity details submitted';

/** A purchase (or buying and selling) asks where the money comes from; a sale does not. */
export const isBuying = (engagement: EngagementRecord): boolean => engagement.content.matter.role !== 'selling';

/** 404 unless the engagement is accepted: due diligence follows the instruction. */
export function assertAccepted(engagement: EngagementRecord): void {
  if (engagement.status !== 'accepted' || !engagement.acceptance) throw new Refused('not-found', NOT_YET_ACCEPTED);
}

const EMPTY_VIEW: CddClientView = { status: 'not-started', parties: [], declarations: {} };

/** What the client sees of their due diligence, with when it was submitted (for the page). */
export interface ClientCdd {
  view: CddClientView;
  submittedAt?: string;
  /** The matter is closed: the link shows and changes nothing more. */
  closed?: true;
}

/** The client's draft (or submission) as they last saved it; `not-started` when there is none. */
export async function readClientCdd(engagement: EngagementRecord): Promise<ClientCdd> {
  assertAccepted(engagement);
  const found = await getCdd(engagement.enquiryId);
  if (!found) return { view: EMPTY_VIEW };
  // Once verified (or closed) the link has nothing left to do: it no longer shows the details,
  // so a forwarded e-mail or a shared device does not give them away for the years they are kept.
  // A re-screen's possible match sends a verified record back for approval: still hidden.
  const shown = statusForClient(found.record);
  if (shown === 'verified' || found.record.closedAt || found.record.rescreens) {
    return {
      view: { ...EMPTY_VIEW, status: shown },
      ...(found.record.closedAt === undefined ? {} : { closed: true as const }),
    };
  }
  return {
    view: toClientView(found.record),
    ...(found.record.submittedAt ? { submittedAt: found.record.submittedAt } : {}),
  };
}

/** What the practice already knows of the person whose link this is: the form starts with it. */
export interface KnownDetails {
  fullName?: string;
  email?: string;
  phone?: string;
}

/**
 * The details of the client whose link opened the page (joint clients each have their own):
 * the name they accepted under (else the one staff typed), their e-mail, and the enquiry's
 * phone when the enquiry is theirs (the only client, or the one with the enquiry's e-mail).
 * An erased enquiry gives nothing. Only a prefill: nothing is stored until the client saves.
 */
export async function knownDetails(engagement: EngagementRecord, client: number): Promise<KnownDetails> {
  const person = engagement.clients[client];
  if (!person) return {};
  const enquiry = (await getStoredEnquiry(engagement.enquiryId))?.record;
  const theirs =
    enquiry !== undefined &&
    (engagement.clients.length === 1 || enquiry.email.toLowerCase() === person.email.toLowerCase());
  const known: KnownDetails = {
    fullName: (person.acceptance?.fullName ?? person.name).trim(),
    email: person.email.trim(),
    phone: theirs ? enquiry.phone.trim() : '',
  };
  return Object.fromEntries(Object.entries(known).filter(([, value]) => value !== '')) as KnownDetails;
}

/**
 * Where the client stands with their identity details, for the engagement page's "next"
 * step: from the record's plain part (no key needed). `none` before anything was saved.
 */
export type IdentityStep = 'none' | CddStatus | 'closed';
export async function identityStep(engagement: EngagementRecord): Promise<IdentityStep> {
  if (engagement.status !== 'accepted') return 'none';
  const meta = await getCddMeta(engagement.enquiryId);
  if (!meta) return 'none';
  return meta.closedAt ? 'closed' : statusForClient(meta);
}

const activity = (enquiryId: string, text: string, at: string) =>
  appendActivity(enquiryId, { at, by: 'website', type: 'engagement', text } satisfies ActivityEntry);

/** A save that kept losing to saves from other tabs or devices (`updateCdd`): 409. */
const CONFLICT = 'Your identity details are being saved from several places at once. Please try again.';

const sameAnswers = (record: CddRecord, draft: CddDraft): boolean =>
  JSON.stringify({ parties: record.parties, declarations: record.declarations }) === JSON.stringify(draft);

/** A new record for this enquiry, or the current one with the client's answers and `status`. */
function withAnswers(
  engagement: EngagementRecord,
  current: CddRecord | null,
  answers: CddDraft,
  status: CddStatus,
  at: string,
): CddRecord {
  if (!current) {
    return {
      enquiryId: engagement.enquiryId,
      engagementId: engagement.id,
      status,
      createdAt: at,
      updatedAt: at,
      version: 1,
      parties: answers.parties,
      declarations: answers.declarations,
    };
  }
  return {
    ...current,
    status,
    updatedAt: at,
    version: current.version + 1,
    parties: answers.parties,
    declarations: answers.declarations,
  };
}

/** The status the client's `action` leads to; 409 once staff have the record or the matter is closed. */
const clientStep = (current: CddRecord | null, action: CddAction & ('save' | 'submit')): CddStatus =>
  allowed(decideCddRecord(current, action));

/** A draft noted on the timeline this recently is not noted again: the link holder must not flood it. */
export const SAVE_NOTE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Whether a save at `at` goes on the timeline: when the record becomes `in-progress` (a
 * spell of drafting starts), and no save was noted in the hour before. Submits are always
 * noted; twenty save-and-submit cycles in an hour note one save.
 */
async function noteSave(enquiryId: string, at: string): Promise<boolean> {
  const since = Date.parse(at) - SAVE_NOTE_INTERVAL_MS;
  const entries = await listActivity(enquiryId);
  return !entries.some((entry) => entry.text === ACTIVITY_SAVED && Date.parse(entry.at) > since);
}

/**
 * Saves the client's draft (anything may be missing). A save that changes nothing writes
 * nothing, so a submitted record stays submitted when the client only looks; a change
 * makes it `in-progress`. The timeline says so once per spell of drafting, when the record
 * becomes `in-progress`, not at every button press of the form, and at most once an hour
 * (`noteSave`).
 */
export async function saveClientDraft(engagement: EngagementRecord, draft: CddDraft): Promise<CddClientView> {
  assertAccepted(engagement);
  const { before, after } = await updateCdd(
    engagement.enquiryId,
    (current) => {
      const at = new Date(now()).toISOString();
      const status = clientStep(current, 'save');
      if (current && sameAnswers(current, draft)) return null;
      return withAnswers(engagement, current, draft, status, at);
    },
    CONFLICT,
  );
  if (
    after &&
    after !== before &&
    before?.status !== 'in-progress' &&
    (await noteSave(after.enquiryId, after.updatedAt))
  ) {
    await activity(engagement.enquiryId, ACTIVITY_SAVED, after.updatedAt);
  }
  return after ? toClientView(after) : EMPTY_VIEW;
}

/**
 * Submits the stored draft, or `draft` when given (saved as it is submitted): checked whole
 * with `cddSubmitSchema` (400 with a message per field path, nothing changed), then stored
 * as checked (trimmed; a sale drops any source of funds) with `submittedAt`.
 * `today` is for tests: the age check's "today" (Sydney's by default).
 */
export async function submitClientCdd(
  engagement: EngagementRecord,
  draft?: CddDraft,
  options: { today?: string } = {},
): Promise<{ status: 'submitted' }> {
  assertAccepted(engagement);
  const schema = cddSubmitSchema({ buying: isBuying(engagement), ...options });
  const { after } = await updateCdd(
    engagement.enquiryId,
    (current) => {
      const at = new Date(now()).toISOString();
      const status = clientStep(current, 'submit');
      const answers = draft ?? (current ? { parties: current.parties, declarations: current.declarations } : null);
      const result = z.safeParse(schema, answers ?? { parties: [], declarations: {} });
      if (!result.success) throw new Refused('invalid', CHECK_FIELDS, { fieldErrors: cddFieldErrors(result.error) });
      const checked: CddDraft = { parties: result.data.parties, declarations: result.data.declarations };
      // Joint clients: each one who accepted is a customer the practice must identify (the
      // person acting for a customer, if any, is not one of them: no declarations here).
      const missing = engagement.clients.length - individualPaths(checked.parties, {}).length;
      if (missing > 0) {
        const names = engagement.clients.map((client) => client.name).join(', ');
        throw new Refused('invalid', CHECK_FIELDS, {
          fieldErrors: { parties: [`${EACH_CLIENT} (${names}).`] },
        });
      }
      return { ...withAnswers(engagement, current, checked, status, at), submittedAt: at };
    },
    CONFLICT,
  );
  await activity(engagement.enquiryId, ACTIVITY_SUBMITTED, after!.updatedAt);
  return { status: 'submitted' };
}
