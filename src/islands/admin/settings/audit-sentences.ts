/**
 * The audit log read aloud: each action code (`staff.remove`, `cdd.verify`, …) as a plain
 * sentence, with the record it names turned into a link where the portal has a page for it
 * (an enquiry, a matter) and an account's id into its username where the account still exists.
 * The log itself keeps codes and ids only (decision 013); the wording lives here, next to the
 * one screen that shows it. An action this file does not know yet is shown as recorded.
 */
import { MILESTONES } from '#src/content/matters.ts';
import { claimLabel, TEXT_CLAIMS, type ClaimKey } from '#src/shared/schemas/settings.ts';
import type { AuditEntry } from '#src/shared/schemas/staff.ts';
import { SIGN_IN_ACTIONS } from './audit-sentences-sign-in.ts';
import { CASH_ACTIONS } from './audit-sentences-cash.ts';

/** What an entry says: the sentence, and the record it links to, if any. */
export interface AuditSentence {
  text: string;
  link?: { href: string; label: string };
}

/** Account ids to their usernames now (from `GET /api/staff`): removed accounts are absent. */
export type AccountNames = ReadonlyMap<string, string>;

const enquiryLink = (id: string | undefined) =>
  id && /^[a-z0-9]{11,40}$/.test(id) ? { href: `/admin/?enquiry=${id}`, label: 'Open the enquiry' } : undefined;
const matterLink = (id: string | undefined) =>
  id && /^[A-Za-z0-9_-]{6,64}$/.test(id) ? { href: `/admin/?matter=${id}`, label: 'Open the matter' } : undefined;

/** `2026` → '2026-27', the duty year as the practice says it. */
const dutyYear = (year: string) =>
  /^\d{4}$/.test(year) ? `${year}-${String((Number(year) + 1) % 100).padStart(2, '0')}` : year;

const MILESTONE_LABELS: ReadonlyMap<string, string> = new Map(
  [...MILESTONES.purchase, ...MILESTONES.sale].map(({ key, label }) => [key, label]),
);

/** The first word of a target ("abc123 (high risk)" → "abc123") and what the brackets say. */
function parts(target: string): { id: string; note: string | undefined } {
  const match = /^(\S+?)(?::)?(?:\s+\((.*)\))?$/.exec(target.trim());
  return { id: match?.[1] ?? target, note: match?.[2] };
}

export type Describe = (target: string, entry: AuditEntry, names: AccountNames) => AuditSentence;

/** Each action the portal records, with its family (for the filter) and its sentence. */
export const AUDIT_ACTIONS: Record<string, { family: string; label: string; describe: Describe }> = {
  'enquiry.update': {
    family: 'enquiry',
    label: 'Updated an enquiry',
    describe: (target) => ({ text: 'Updated an enquiry (status, assignee or details)', link: enquiryLink(target) }),
  },
  'enquiry.note': {
    family: 'enquiry',
    label: 'Added a note to an enquiry',
    describe: (target) => ({ text: 'Added a note to an enquiry', link: enquiryLink(target) }),
  },
  'enquiry.call': {
    family: 'enquiry',
    label: 'Logged a call',
    describe: (target) => ({ text: 'Logged a call with the client', link: enquiryLink(target) }),
  },
  'enquiry.email': {
    family: 'enquiry',
    label: 'Logged an e-mail',
    describe: (target) => ({ text: 'Logged an e-mail with the client', link: enquiryLink(target) }),
  },
  'enquiry.export': {
    family: 'enquiry',
    label: 'Exported enquiries (CSV)',
    describe: (target) => ({ text: `Exported enquiries as CSV: ${target.replace(/^(\d+) enquiries;/, '$1, with')}` }),
  },
  'enquiry.delete': {
    family: 'enquiry',
    label: 'Deleted an enquiry',
    describe: () => ({ text: 'Deleted an enquiry' }),
  },
  'enquiry.erase': {
    family: 'enquiry',
    label: "Erased a person's enquiries",
    describe: (target) => ({ text: `Erased a person's enquiries at their request (${target})` }),
  },
  'enquiry.retention': {
    family: 'enquiry',
    label: 'Deleted old enquiries (retention)',
    describe: (target) => ({ text: `Deleted ${target} no longer needed (retention)` }),
  },
  'engagement.send': {
    family: 'engagement',
    label: 'Sent a costs agreement',
    describe: (target) => ({ text: 'Sent the costs disclosure and agreement', link: enquiryLink(target) }),
  },
  'engagement.vary': {
    family: 'engagement',
    label: 'Sent a variation',
    describe: (target) => ({ text: 'Sent a variation of the costs agreement', link: enquiryLink(target) }),
  },
  'engagement.resend': {
    family: 'engagement',
    label: 'Sent the link again',
    describe: (target) => ({ text: "Sent the client's engagement link again", link: enquiryLink(target) }),
  },
  'engagement.reissue': {
    family: 'engagement',
    label: 'Sent a new link',
    describe: (target) => ({ text: "Ended the client's link and sent a new one", link: enquiryLink(target) }),
  },
  'engagement.client-address': {
    family: 'engagement',
    label: "Changed an accepted client's address",
    describe: (target) => {
      const { id, note } = parts(target);
      return {
        text: `Changed the address of an accepted client${note ? ` (${note})` : ''}`,
        link: enquiryLink(id),
      };
    },
  },
  'engagement.revoke': {
    family: 'engagement',
    label: 'Withdrew a costs agreement',
    describe: (target) => ({ text: 'Withdrew the costs agreement', link: enquiryLink(target) }),
  },
  'cdd.read': {
    family: 'cdd',
    label: 'Read due diligence',
    describe: (target) => ({ text: "Read the client's due-diligence record", link: enquiryLink(target) }),
  },
  'cdd.read.client': {
    family: 'cdd',
    label: 'A client read their identity details',
    describe: (target) => {
      const { id, note } = parts(target);
      return {
        text: `A client read their identity details on their link${note ? ` (${note})` : ''}`,
        link: enquiryLink(id),
      };
    },
  },
  'cdd.submit.client': {
    family: 'cdd',
    label: 'A client submitted identity details',
    describe: (target) => {
      const { id, note } = parts(target);
      return {
        text: `A client submitted identity details on their link${note ? ` (${note})` : ''}`,
        link: enquiryLink(id),
      };
    },
  },
  'cdd.verify': {
    family: 'cdd',
    label: 'Verified identity',
    describe: (target) => {
      const { id, note } = parts(target);
      return { text: `Verified the client's identity${note ? `, rated ${note}` : ''}`, link: enquiryLink(id) };
    },
  },
  'cdd.rescreen': {
    family: 'cdd',
    label: 'Screened again',
    describe: (target) => {
      const { id, note } = parts(target);
      return {
        text: `Screened the client against the sanctions list again${note ? `: ${note}` : ''}`,
        link: enquiryLink(id),
      };
    },
  },
  'cdd.approve': {
    family: 'cdd',
    label: 'Approved a high risk',
    describe: (target) => ({ text: 'Approved the risk rating (second person)', link: enquiryLink(target) }),
  },
  'cdd.reject': {
    family: 'cdd',
    label: 'Rejected a rating',
    describe: (target) => ({ text: 'Rejected the risk rating (second person)', link: enquiryLink(target) }),
  },
  'cdd.close': {
    family: 'cdd',
    label: 'Closed a matter',
    describe: (target) => ({
      text: 'Closed the matter (the 7-year keeping starts)',
      link: enquiryLink(parts(target).id),
    }),
  },
  'cdd.retention': {
    family: 'cdd',
    label: 'Deleted old due diligence (retention)',
    describe: (target) => ({
      text: `Deleted a due-diligence record past its keeping period${parts(target).note ? ` (${parts(target).note})` : ''}`,
    }),
  },
  'matter.open': {
    family: 'matter',
    label: 'Opened a matter',
    describe: (target) => ({ text: 'Opened a matter', link: matterLink(parts(target).id) }),
  },
  'matter.change': {
    family: 'matter',
    label: "Changed a matter's dates",
    describe: (target) => ({ text: "Changed a matter's dates", link: matterLink(target) }),
  },
  'matter.milestone': {
    family: 'matter',
    label: 'Ticked a milestone',
    describe: (target) => {
      const [id, key, ...rest] = target.split(' ');
      const milestone = MILESTONE_LABELS.get(key ?? '') ?? key ?? '';
      const done = rest.join(' ') === 'done';
      return {
        text: `${done ? 'Ticked' : 'Unticked'} the milestone “${milestone}”`,
        link: matterLink(id),
      };
    },
  },
  'matter.update-answered': {
    family: 'matter',
    label: "Answered a client's question",
    describe: (target) => ({ text: "Answered the client's update request", link: matterLink(target.split(' ')[0]) }),
  },
  'matter.notices': {
    family: 'matter',
    label: 'Sent deadline reminders',
    describe: (target) => ({ text: 'Sent deadline reminders', link: matterLink(target.split(':')[0]) }),
  },
  'suspicion.record': {
    family: 'suspicion',
    label: 'Recorded a suspicion',
    describe: () => ({ text: 'Recorded a suspicion in the register' }),
  },
  'suspicion.read': {
    family: 'suspicion',
    label: 'Read the register',
    describe: () => ({ text: 'Read the suspicious-matter register' }),
  },
  'suspicion.report': {
    family: 'suspicion',
    label: 'Recorded a report to AUSTRAC',
    describe: () => ({ text: 'Recorded the report of a suspicion to AUSTRAC' }),
  },
  'suspicion.retention': {
    family: 'suspicion',
    label: 'Deleted old register entries (retention)',
    describe: (target) => ({ text: `Deleted ${target} past their keeping period` }),
  },
  'blog-posts.create': {
    family: 'blog-posts',
    label: 'Created a blog post',
    describe: () => ({ text: 'Created a blog post' }),
  },
  'blog-posts.update': {
    family: 'blog-posts',
    label: 'Edited a blog post',
    describe: () => ({ text: 'Edited a blog post' }),
  },
  'blog-posts.restore': {
    family: 'blog-posts',
    label: 'Restored a blog post',
    describe: () => ({ text: 'Restored an earlier version of a blog post' }),
  },
  'blog-posts.delete': {
    family: 'blog-posts',
    label: 'Deleted a blog post',
    describe: () => ({ text: 'Deleted a blog post' }),
  },
  'media.upload': { family: 'media', label: 'Uploaded an image', describe: () => ({ text: 'Uploaded an image' }) },
  'media.delete': { family: 'media', label: 'Deleted an image', describe: () => ({ text: 'Deleted an image' }) },
  'services.create': { family: 'services', label: 'Added a service', describe: () => ({ text: 'Added a service' }) },
  'services.update': { family: 'services', label: 'Edited a service', describe: () => ({ text: 'Edited a service' }) },
  'services.delete': {
    family: 'services',
    label: 'Deleted a service',
    describe: () => ({ text: 'Deleted a service' }),
  },
  'testimonials.create': {
    family: 'testimonials',
    label: 'Added a testimonial',
    describe: () => ({ text: 'Added a testimonial' }),
  },
  'testimonials.update': {
    family: 'testimonials',
    label: 'Edited a testimonial',
    describe: () => ({ text: 'Edited a testimonial' }),
  },
  'testimonials.delete': {
    family: 'testimonials',
    label: 'Deleted a testimonial',
    describe: () => ({ text: 'Deleted a testimonial' }),
  },
  'settings.update': {
    family: 'settings',
    label: 'Changed the practice details',
    describe: () => ({ text: 'Saved the practice details (Settings)' }),
  },
  'settings.confirm-claim': {
    family: 'settings',
    label: 'Confirmed a public claim',
    describe: (target) => {
      // An unknown claim is named as recorded.
      const claim = target === 'rating' || target in TEXT_CLAIMS ? claimLabel(target as ClaimKey) : target;
      return { text: `Confirmed the public claim “${claim}” as shown` };
    },
  },
  'duty-indexation.save': {
    family: 'duty-indexation',
    label: 'Added a duty indexation',
    describe: (target) => ({ text: `Added the ${dutyYear(target)} transfer duty indexation` }),
  },
  'duty-indexation.withdraw': {
    family: 'duty-indexation',
    label: 'Withdrew a duty indexation',
    describe: (target) => ({ text: `Withdrew the ${dutyYear(target)} transfer duty indexation` }),
  },
  'site.rebuild': {
    family: 'site',
    label: 'Asked for a rebuild',
    describe: () => ({ text: 'Asked for a rebuild of the public site' }),
  },
  'staff.add': {
    family: 'staff',
    label: 'Added a staff account',
    describe: (target, _entry, names) => ({
      text: names.has(target) ? `Added ${names.get(target)} as staff` : 'Added a staff account (since removed)',
    }),
  },
  'staff.add.principal': {
    family: 'staff',
    label: 'Added a principal',
    describe: (target, _entry, names) => ({
      text: names.has(target) ? `Added ${names.get(target)} as a principal` : 'Added a principal (since removed)',
    }),
  },
  'staff.role.principal': {
    family: 'staff',
    label: 'Made someone a principal',
    describe: (target, _entry, names) => ({
      text: names.has(target) ? `Made ${names.get(target)} a principal` : 'Made an account since removed a principal',
    }),
  },
  'staff.role.staff': {
    family: 'staff',
    label: 'Made someone staff',
    describe: (target, _entry, names) => ({
      text: names.has(target) ? `Made ${names.get(target)} staff` : 'Made an account since removed staff',
    }),
  },
  'staff.remove': {
    family: 'staff',
    label: 'Removed a staff account',
    describe: () => ({ text: 'Removed a staff account' }),
  },
  ...SIGN_IN_ACTIONS,
  ...CASH_ACTIONS,
  'staff.password': {
    family: 'staff',
    label: 'Changed a password',
    describe: (target, entry) => ({
      text: target === entry.byId ? 'Changed their own password' : 'Changed a password',
    }),
  },
};

/** The families the filter offers, in this order, with their names. */
export const AUDIT_FAMILIES: readonly { family: string; label: string }[] = [
  { family: 'enquiry', label: 'Enquiries' },
  { family: 'engagement', label: 'Costs agreements' },
  { family: 'cdd', label: 'Due diligence' },
  { family: 'matter', label: 'Matters' },
  { family: 'suspicion', label: 'Suspicious matters' },
  { family: 'cash', label: 'Cash' },
  { family: 'blog-posts', label: 'Blog posts' },
  { family: 'media', label: 'Images' },
  { family: 'services', label: 'Services' },
  { family: 'testimonials', label: 'Testimonials' },
  { family: 'settings', label: 'Practice details' },
  { family: 'duty-indexation', label: 'Transfer duty' },
  { family: 'site', label: 'Public site' },
  { family: 'staff', label: 'Staff accounts' },
  { family: 'passkey', label: 'Passkeys' },
];

/** What an entry says, in words. */
export function describeAudit(entry: AuditEntry, names: AccountNames = new Map()): AuditSentence {
  const known = AUDIT_ACTIONS[entry.action];
  if (!known) return { text: `${entry.action} ${entry.target}` };
  const sentence = known.describe(entry.target, entry, names);
  return sentence.link ? sentence : { text: sentence.text };
}

/**
 * What to add after the username recorded: a scheduled job says so, and a username whose
 * account has been removed (perhaps taken again by someone else) says "account since removed",
 * because the id, not the name, says who acted. `names` are the accounts as they are now.
 */
export function actorNote(entry: Pick<AuditEntry, 'byId'>, names: AccountNames): string {
  if (entry.byId === null) return '(scheduled job)';
  return names.size > 0 && !names.has(entry.byId) ? '(account since removed)' : '';
}
