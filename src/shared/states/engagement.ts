/**
 * An engagement's states and what each action does in each of them: the next state, or the
 * refusal staff or the client are shown. The functions act on these cells (and nothing
 * else decides a transition); the desk offers an action only where its cell allows it.
 *
 * The cells are judged on the status as of now (`statusAt`: an open link past its expiry
 * is expired before the job records it), except `expire`, which is the job recording that
 * on the stored status. `send` and `replace` are judged on the enquiry's latest engagement
 * and say what becomes of it: a plain send leaves it as it is, a replace ends an open one.
 */
import type { EngagementRecord, EngagementStatus } from '../schemas/engagement.ts';
import type { Cell, Refusal, StateTable } from './decision.ts';

export const ENGAGEMENT_ACTIONS = [
  'send',
  'replace',
  'view',
  'remind',
  'accept',
  'expire',
  'revoke',
  'resend',
  'vary',
] as const;
export type EngagementAction = (typeof ENGAGEMENT_ACTIONS)[number];

/** The client's link words (the page and the JSON API show them as they are). */
export const ENDED_LINK = 'This link has ended. Please ask us for a new one.';
export const ALREADY_ACCEPTED = 'You have already accepted this costs agreement.';

const refusals = {
  open: {
    code: 'engagement-open',
    status: 409,
    message: 'An engagement is already open for this enquiry. Replace it to send a new one.',
  },
  enquiryAccepted: {
    code: 'enquiry-accepted',
    status: 409,
    message: 'The client has already accepted an engagement for this enquiry',
  },
  linkEnded: { code: 'link-ended', status: 410, message: ENDED_LINK },
  alreadyAccepted: { code: 'already-accepted', status: 409, message: ALREADY_ACCEPTED },
  accepted: { code: 'engagement-accepted', status: 409, message: 'The client has already accepted this engagement' },
  revoked: {
    code: 'engagement-revoked',
    status: 409,
    message: 'This engagement was revoked. Send a new engagement instead.',
  },
  noReminder: { code: 'not-open', status: 409, message: 'Only an open engagement gets reminders' },
  noExpiry: { code: 'not-open', status: 409, message: 'Only an open engagement can expire' },
  notAccepted: {
    code: 'not-accepted',
    status: 409,
    message: 'Only an accepted engagement can be varied. Resend or replace this one instead.',
  },
} as const satisfies Record<string, Refusal>;

export type EngagementRefusalCode = (typeof refusals)[keyof typeof refusals]['code'];
export type EngagementCell = Cell<EngagementStatus, EngagementRefusalCode>;

const to = (next: EngagementStatus) => ({ next }) as const;
const no = (refused: Refusal<EngagementRefusalCode>) => ({ refused }) as const;

export const ENGAGEMENT_TRANSITIONS: StateTable<EngagementStatus, EngagementAction, EngagementRefusalCode> = {
  sent: {
    send: no(refusals.open),
    replace: to('revoked'),
    view: to('viewed'),
    remind: to('sent'),
    accept: to('accepted'),
    expire: to('expired'),
    revoke: to('revoked'),
    resend: to('sent'),
    vary: no(refusals.notAccepted),
  },
  viewed: {
    send: no(refusals.open),
    replace: to('revoked'),
    view: to('viewed'),
    remind: to('viewed'),
    accept: to('accepted'),
    expire: to('expired'),
    revoke: to('revoked'),
    resend: to('viewed'),
    vary: no(refusals.notAccepted),
  },
  accepted: {
    send: no(refusals.enquiryAccepted),
    replace: no(refusals.enquiryAccepted),
    // The accepted engagement stays readable through its link, with its signed copy.
    view: to('accepted'),
    remind: no(refusals.noReminder),
    accept: no(refusals.alreadyAccepted),
    expire: no(refusals.noExpiry),
    revoke: no(refusals.accepted),
    // Ends the client's link (lost, forwarded) and issues a new one; the acceptance stands.
    resend: to('accepted'),
    vary: to('accepted'),
  },
  expired: {
    send: to('expired'),
    replace: to('expired'),
    view: no(refusals.linkEnded),
    remind: no(refusals.noReminder),
    accept: no(refusals.linkEnded),
    expire: no(refusals.noExpiry),
    // Its link has ended already; revoking records that nobody may reopen it.
    revoke: to('revoked'),
    // A new link with the same terms, for a fresh lifetime.
    resend: to('sent'),
    vary: no(refusals.notAccepted),
  },
  revoked: {
    send: to('revoked'),
    replace: to('revoked'),
    view: no(refusals.linkEnded),
    remind: no(refusals.noReminder),
    accept: no(refusals.linkEnded),
    expire: no(refusals.noExpiry),
    revoke: to('revoked'),
    resend: no(refusals.revoked),
    vary: no(refusals.notAccepted),
  },
};

export const decideEngagement = (status: EngagementStatus, action: EngagementAction): EngagementCell =>
  ENGAGEMENT_TRANSITIONS[status][action];

/** Open: the client can still accept (sent or viewed). The one place that says so. */
export const isOpenStatus = (status: EngagementStatus): boolean =>
  decideEngagement(status, 'accept').next !== undefined;

/** The status as of `at`: an open link past its expiry is expired, even before the job marks it. */
export function statusAt(record: Pick<EngagementRecord, 'status' | 'expiresAt'>, at: number): EngagementStatus {
  return isOpenStatus(record.status) && Date.parse(record.expiresAt) <= at ? 'expired' : record.status;
}
