/**
 * The client's view of their matter, in words: sign-in, the answer promised to an update
 * request, and what the practice needs from the client at each stage. The deadlines and
 * milestones themselves are named in `matters.ts`.
 */

/** The one answer to every sign-in request, known address or not. */
export const SIGN_IN_ANSWER = 'If we act for you, a sign-in link is on its way. It works once, for 15 minutes.';

/** How long a sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;

/** The practice's stated time to answer an update request. */
export const UPDATE_ANSWER_BUSINESS_DAYS = 1;
export const UPDATE_ANSWER_PROMISE = `We answer within ${UPDATE_ANSWER_BUSINESS_DAYS} business day, by e-mail or phone.`;
export const UPDATE_SENT = `Thank you: your question is with us. ${UPDATE_ANSWER_PROMISE}`;

/**
 * How many update requests a matter takes (each one e-mails staff and stays on the matter):
 * at most `unanswered` waiting for an answer at once, and one every `minutes`.
 */
export const UPDATE_REQUEST_LIMITS = { unanswered: 3, minutes: 10 } as const;

/** The refusal past the waiting limit: the client can ask again once one is answered. */
export const UPDATE_LIMIT_WAITING = `You already have ${UPDATE_REQUEST_LIMITS.unanswered} questions waiting for our answer. You can ask another once we have answered one. ${UPDATE_ANSWER_PROMISE}`;

/** The refusal within the gap: `when` is the Sydney time the next one may be sent ("2:15 pm"). */
export const updateLimitSoon = (when: string): string =>
  `You asked for an update a moment ago. You can ask again from ${when} (Sydney time).`;

/** What the practice needs from the client, from what the matter shows so far. */
export interface NeedsFacts {
  side: 'purchase' | 'sale';
  hasContractDate: boolean;
  /** Milestone keys done. */
  done: readonly string[];
  /** Deadline keys not yet met, with their dates. */
  open: readonly { key: string; date: string }[];
}

export function clientNeeds(facts: NeedsFacts, formatDate: (date: string) => string): string[] {
  const needs: string[] = [];
  const open = (key: string) => facts.open.find((deadline) => deadline.key === key);
  if (facts.side === 'purchase') {
    if (!facts.hasContractDate) {
      needs.push(
        'Send us the contract for sale before you sign it (the agent can send it to us), so we can review it.',
      );
    }
    const finance = open('finance');
    if (finance)
      needs.push(`Tell us as soon as your lender approves your loan: the finance date is ${formatDate(finance.date)}.`);
    const duty = open('duty');
    if (duty)
      needs.push(`Have the transfer duty ready to pay by ${formatDate(duty.date)}; we will tell you the amount.`);
  } else {
    if (!facts.hasContractDate && !facts.done.includes('contract-prepared')) {
      needs.push('Send us your title details and any rates, water and strata notices, so we can prepare the contract.');
    }
    if (!facts.done.includes('discharge-ordered')) {
      needs.push('Tell us the lender and account of any mortgage over the property, so we can order its discharge.');
    }
  }
  const settlement = open('settlement');
  if (settlement) {
    needs.push(
      `Before settlement (${formatDate(settlement.date)}), call us to confirm the funds: never act on bank details sent by e-mail.`,
    );
  }
  return needs;
}

/** The link to /matter/ in every e-mail once the matter is open, and on the client's pages. */
export const FOLLOW_MATTER_LINK = 'Follow your matter';
/** Beside the link on the engagement and identity pages. */
export const FOLLOW_MATTER_WHY =
  'Your matter is open: see how far it has come, its deadlines and our answers to your questions online.';
/** The acknowledgement's promise, before the client has instructed us. */
export const FOLLOW_MATTER_LATER =
  'Once you instruct us, you will be able to follow your matter online: its progress, its deadlines and our answers to your questions.';
