/**
 * The state tables, cell by cell. The expected cells are written out here, not read from
 * the tables, so a changed rule fails until this page says the same.
 */
import { describe, expect, it } from 'vitest';
import { CDD_STATUSES } from '#src/shared/schemas/cdd.ts';
import { ENGAGEMENT_STATUSES } from '#src/shared/schemas/engagement.ts';
import type { Cell } from '#src/shared/states/decision.ts';
import {
  approvalRefusal,
  CDD_ACTIONS,
  clientMayEdit,
  decideCdd,
  decideCddRecord,
  verifyActionFor,
} from '#src/shared/states/due-diligence.ts';
import { decideEngagement, ENGAGEMENT_ACTIONS, isOpenStatus, statusAt } from '#src/shared/states/engagement.ts';
import { ENQUIRY_STATUSES } from '#src/shared/schemas/lead-desk.ts';
import { decideEnquiryMove, statusesFrom } from '#src/shared/states/enquiry.ts';
import { canChangeMilestone, decideMilestone, MILESTONE_ACTIONS } from '#src/shared/states/matter.ts';
import { MILESTONES } from '#src/content/matters.ts';

/** A cell as one line: `→ next`, or `status code: message`. */
const show = (cell: Cell<string, string>): string =>
  cell.refused ? `${cell.refused.status} ${cell.refused.code}: ${cell.refused.message}` : `→ ${cell.next}`;

const OPEN = '409 engagement-open: An engagement is already open for this enquiry. Replace it to send a new one.';
const ENQUIRY_ACCEPTED = '409 enquiry-accepted: The client has already accepted an engagement for this enquiry';
const LINK_ENDED = '410 link-ended: This link has ended. Please ask us for a new one.';
const ALREADY_ACCEPTED = '409 already-accepted: You have already accepted this costs agreement.';
const ACCEPTED = '409 engagement-accepted: The client has already accepted this engagement';
const REVOKED = '409 engagement-revoked: This engagement was revoked. Send a new engagement instead.';
const NO_REMINDER = '409 not-open: Only an open engagement gets reminders';
const NO_EXPIRY = '409 not-open: Only an open engagement can expire';
const NOT_ACCEPTED = '409 not-accepted: Only an accepted engagement can be varied. Resend or replace this one instead.';

describe('the engagement table', () => {
  // Columns: send, replace, view, remind, accept, expire, revoke, resend, vary.
  const expected: Record<string, string[]> = {
    sent: [OPEN, '→ revoked', '→ viewed', '→ sent', '→ accepted', '→ expired', '→ revoked', '→ sent', NOT_ACCEPTED],
    viewed: [
      OPEN,
      '→ revoked',
      '→ viewed',
      '→ viewed',
      '→ accepted',
      '→ expired',
      '→ revoked',
      '→ viewed',
      NOT_ACCEPTED,
    ],
    accepted: [
      ENQUIRY_ACCEPTED,
      ENQUIRY_ACCEPTED,
      '→ accepted',
      NO_REMINDER,
      ALREADY_ACCEPTED,
      NO_EXPIRY,
      ACCEPTED,
      // A new link that ends the client's; the acceptance stands.
      '→ accepted',
      '→ accepted',
    ],
    expired: [
      '→ expired',
      '→ expired',
      LINK_ENDED,
      NO_REMINDER,
      LINK_ENDED,
      NO_EXPIRY,
      '→ revoked',
      '→ sent',
      NOT_ACCEPTED,
    ],
    revoked: [
      '→ revoked',
      '→ revoked',
      LINK_ENDED,
      NO_REMINDER,
      LINK_ENDED,
      NO_EXPIRY,
      '→ revoked',
      REVOKED,
      NOT_ACCEPTED,
    ],
  };

  it('has the actions in the order of the columns above', () => {
    expect(ENGAGEMENT_ACTIONS).toEqual([
      'send',
      'replace',
      'view',
      'remind',
      'accept',
      'expire',
      'revoke',
      'resend',
      'vary',
    ]);
    expect(Object.keys(expected)).toEqual([...ENGAGEMENT_STATUSES]);
  });

  for (const status of ENGAGEMENT_STATUSES) {
    it(`decides every action on an engagement that is ${status}`, () => {
      expect(ENGAGEMENT_ACTIONS.map((action) => show(decideEngagement(status, action)))).toEqual(expected[status]);
    });
  }

  it('calls sent and viewed open, and nothing else', () => {
    expect(ENGAGEMENT_STATUSES.filter(isOpenStatus)).toEqual(['sent', 'viewed']);
  });

  it('reads an open link past its expiry as expired, and leaves every other status as stored', () => {
    const expiresAt = '2026-12-01T00:00:00.000Z';
    const at = Date.parse(expiresAt);
    expect(statusAt({ status: 'sent', expiresAt }, at - 1)).toBe('sent');
    expect(statusAt({ status: 'sent', expiresAt }, at)).toBe('expired');
    expect(statusAt({ status: 'viewed', expiresAt }, at)).toBe('expired');
    expect(statusAt({ status: 'accepted', expiresAt }, at + 1)).toBe('accepted');
    expect(statusAt({ status: 'revoked', expiresAt }, at + 1)).toBe('revoked');
  });
});

const LOCKED =
  '409 cdd-locked: We are already checking your identity details, so they can no longer be changed here. Please call us if something has changed.';
const NOT_SUPPLIED = '409 cdd-not-supplied: The client has not supplied due diligence details for this enquiry yet';
const wrong = (label: string, done: string) =>
  `409 cdd-wrong-status: This due diligence is ${label}: it cannot be ${done} now`;

describe('the due-diligence table', () => {
  // Columns: save, submit, verify, verify-high-risk, approve, reject, close, rescreen, rescreen-possible-match.
  const drafting = 'in progress (client drafting)';
  const rescreenWrong = (label: string) => [wrong(label, 're-screened'), wrong(label, 're-screened')];
  const expected: Record<string, string[]> = {
    'not-started': [
      '→ in-progress',
      '→ submitted',
      NOT_SUPPLIED,
      NOT_SUPPLIED,
      NOT_SUPPLIED,
      NOT_SUPPLIED,
      '→ not-started',
      NOT_SUPPLIED,
      NOT_SUPPLIED,
    ],
    'in-progress': [
      '→ in-progress',
      '→ submitted',
      wrong(drafting, 'verified'),
      wrong(drafting, 'verified'),
      wrong(drafting, 'approved'),
      wrong(drafting, 'rejected'),
      '→ in-progress',
      ...rescreenWrong(drafting),
    ],
    submitted: [
      '→ in-progress',
      '→ submitted',
      '→ verified',
      '→ awaiting-approval',
      wrong('submitted', 'approved'),
      '→ rejected',
      '→ submitted',
      ...rescreenWrong('submitted'),
    ],
    'awaiting-approval': [
      LOCKED,
      LOCKED,
      wrong('awaiting a second approval', 'verified'),
      wrong('awaiting a second approval', 'verified'),
      '→ verified',
      '→ rejected',
      '→ awaiting-approval',
      ...rescreenWrong('awaiting a second approval'),
    ],
    verified: [
      LOCKED,
      LOCKED,
      wrong('verified', 'verified'),
      wrong('verified', 'verified'),
      wrong('verified', 'approved'),
      wrong('verified', 'rejected'),
      '→ verified',
      '→ verified',
      '→ awaiting-approval',
    ],
    rejected: [
      '→ in-progress',
      '→ submitted',
      wrong('rejected', 'verified'),
      wrong('rejected', 'verified'),
      wrong('rejected', 'approved'),
      wrong('rejected', 'rejected'),
      '→ rejected',
      ...rescreenWrong('rejected'),
    ],
  };

  it('has the actions in the order of the columns above', () => {
    expect(CDD_ACTIONS).toEqual([
      'save',
      'submit',
      'verify',
      'verify-high-risk',
      'approve',
      'reject',
      'close',
      'rescreen',
      'rescreen-possible-match',
    ]);
    expect(Object.keys(expected)).toEqual([...CDD_STATUSES]);
  });

  for (const status of CDD_STATUSES) {
    it(`decides every action on due diligence that is ${status}`, () => {
      expect(CDD_ACTIONS.map((action) => show(decideCdd(status, action)))).toEqual(expected[status]);
    });
  }

  it('lets the client edit until staff have the details', () => {
    expect(CDD_STATUSES.filter((status) => clientMayEdit({ status }))).toEqual([
      'not-started',
      'in-progress',
      'submitted',
      'rejected',
    ]);
    expect(clientMayEdit(null)).toBe(true);
  });

  it('sends a high rating, or one lower than a high rating on record, for approval', () => {
    expect(verifyActionFor('low', [])).toBe('verify');
    expect(verifyActionFor('medium', [{ rating: 'low' }])).toBe('verify');
    expect(verifyActionFor('high', [])).toBe('verify-high-risk');
    expect(verifyActionFor('low', [{ rating: 'high' }, { rating: 'medium' }])).toBe('verify-high-risk');
  });

  it('lets only a principal whose account is not the rater’s approve (by id; by username for ratings before ids)', () => {
    const principal = (id: string, username: string) => ({ id, username, role: 'principal' as const });
    expect(approvalRefusal({ byId: 'a', by: 'ann' }, { id: 'b', username: 'bo', role: 'staff' })?.code).toBe(
      'principal-approver-required',
    );
    expect(approvalRefusal({ byId: 'a', by: 'ann' }, principal('a', 'ann'))?.code).toBe('second-approver-required');
    // A re-created account reuses the username, never the id: the record tells them apart.
    expect(approvalRefusal({ byId: 'a', by: 'ann' }, principal('b', 'ann'))).toBeNull();
    expect(approvalRefusal({ by: 'ann' }, principal('b', 'ann'))?.code).toBe('second-approver-required');
    expect(approvalRefusal({ by: 'ann' }, principal('b', 'bo'))).toBeNull();
  });

  it('lets the client change nothing once the matter is closed, whatever the status, nor staff re-screen it; staff act as the table says otherwise', () => {
    const CLOSED =
      '409 cdd-closed: Your matter with us has ended, so your identity details can no longer be changed here. Please call us if something has changed.';
    const NO_RESCREEN =
      '409 matter-closed: This matter is closed: its due diligence is kept as it was and is no longer re-screened';
    for (const status of CDD_STATUSES) {
      const record = { status, closedAt: '2026-11-20' };
      expect(clientMayEdit(record)).toBe(false);
      expect(show(decideCddRecord(record, 'save'))).toBe(CLOSED);
      expect(show(decideCddRecord(record, 'submit'))).toBe(CLOSED);
      expect(show(decideCddRecord(record, 'rescreen'))).toBe(NO_RESCREEN);
      expect(show(decideCddRecord(record, 'rescreen-possible-match'))).toBe(NO_RESCREEN);
      for (const action of ['verify', 'verify-high-risk', 'approve', 'reject', 'close'] as const)
        expect(decideCddRecord(record, action)).toEqual(decideCdd(status, action));
    }
    expect(decideCddRecord(null, 'save')).toEqual(decideCdd('not-started', 'save'));
    expect(show(decideCddRecord({ status: 'verified' }, 'rescreen'))).toBe('→ verified');
    expect(show(decideCddRecord({ status: 'verified' }, 'rescreen-possible-match'))).toBe('→ awaiting-approval');
  });
});

describe('the enquiry pipeline table', () => {
  // Columns: new, contacted, quoted, instructed, lost. The business is permissive: any to any.
  const expected: Record<string, string[]> = {
    new: ['→ new', '→ contacted', '→ quoted', '→ instructed', '→ lost'],
    contacted: ['→ new', '→ contacted', '→ quoted', '→ instructed', '→ lost'],
    quoted: ['→ new', '→ contacted', '→ quoted', '→ instructed', '→ lost'],
    instructed: ['→ new', '→ contacted', '→ quoted', '→ instructed', '→ lost'],
    lost: ['→ new', '→ contacted', '→ quoted', '→ instructed', '→ lost'],
  };

  it('has the statuses in the order of the columns above', () => {
    expect(ENQUIRY_STATUSES).toEqual(['new', 'contacted', 'quoted', 'instructed', 'lost']);
    expect(Object.keys(expected)).toEqual([...ENQUIRY_STATUSES]);
  });

  for (const from of ENQUIRY_STATUSES) {
    it(`lets an enquiry that is ${from} move to every status, and the desk offers them all`, () => {
      expect(ENQUIRY_STATUSES.map((to) => show(decideEnquiryMove(from, to)))).toEqual(expected[from]);
      expect(statusesFrom(from)).toEqual([...ENQUIRY_STATUSES]);
    });
  }
});

describe('the milestone tables', () => {
  const RECORDED =
    '409 milestone-recorded: This milestone follows the records (the costs agreement, due diligence): it cannot be ticked by hand';
  // Rows: not done, done. Columns: mark done, mark not done.
  const byHand = [
    ['→ done', '→ not-done'],
    ['→ done', '→ not-done'],
  ];
  const byTheRecords = [
    [RECORDED, RECORDED],
    [RECORDED, RECORDED],
  ];
  const cells = (key: string) =>
    [false, true].map((done) => MILESTONE_ACTIONS.map((action) => show(decideMilestone(key, done, action))));

  it('lets staff tick and untick every milestone they keep, from either state', () => {
    const keys = [...new Set([...MILESTONES.purchase, ...MILESTONES.sale].map((milestone) => milestone.key))];
    const kept = keys.filter((key) => !['engaged', 'identity-verified'].includes(key));
    expect(kept.length).toBeGreaterThan(5);
    for (const key of kept) {
      expect(cells(key)).toEqual(byHand);
      expect(canChangeMilestone(key, false) && canChangeMilestone(key, true)).toBe(true);
    }
  });

  it('refuses a tick by hand on the milestones that follow the records, in either state', () => {
    for (const key of ['engaged', 'identity-verified']) {
      expect(cells(key)).toEqual(byTheRecords);
      expect(canChangeMilestone(key, false) || canChangeMilestone(key, true)).toBe(false);
    }
  });
});
