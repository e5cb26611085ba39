/** The landing page FAQ: 9 items in 5 categories. */
import { DEFAULT_CLAIMS, PRACTICE } from './practice.ts';
import { COOLING_OFF, DUTY_PAYMENT, LODGMENT_NETWORK } from './conveyancing-law.ts';
import { PRICING } from './pricing.ts';
import { formatAud, formatAudRange } from './money.ts';

export const FAQ_CATEGORIES = ['Getting Started', 'Process', 'Services', 'Legal Issues', 'Timing'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface FaqItem {
  category: FaqCategory;
  question: string;
  answer: string;
  /** Included in the FAQPage structured data (four entries). */
  structured?: boolean;
}

/** The figures the answers quote: the practice's claims as saved in Settings. */
export type FaqClaims = Pick<
  Record<keyof typeof DEFAULT_CLAIMS, string>,
  'contractReview' | 'typicalSettlement' | 'commercialSettlement' | 'offThePlan'
>;

/** The FAQ quoting `claims` (the page passes those saved in Settings). */
export const faqFor = (claims: FaqClaims): readonly FaqItem[] => [
  {
    category: 'Getting Started',
    question: 'What is conveyancing and why do I need it?',
    answer:
      'Conveyancing is the legal work of transferring a property from one owner to another. A conveyancer or solicitor checks the contract, searches the title, calculates adjustments and settles the transfer, so you do not take on hidden risks.',
    structured: true,
  },
  {
    category: 'Getting Started',
    question: 'When should I contact a conveyancer?',
    answer: `Before you sign a contract or bid at auction. A review at that point lets us spot problems while you can still negotiate or walk away. Our fixed professional fee is ${formatAud(PRICING.baseFee)} including GST, and disbursements usually come to ${formatAudRange(PRICING.disbursements)} including GST.`,
  },
  {
    category: 'Process',
    question: 'What happens after I sign the contract?',
    answer: `We exchange contracts, track the cooling-off period on a residential purchase (${COOLING_OFF.businessDays} business days, ${COOLING_OFF.offThePlanBusinessDays} for an off-the-plan contract; ${COOLING_OFF.exceptions}), order searches, work with your lender, prepare settlement figures and book settlement through ${LODGMENT_NETWORK}. Transfer duty is due within ${DUTY_PAYMENT.monthsAfterLiability} months of the contract, or at settlement if that is sooner. You hear from us at every milestone.`,
    structured: true,
  },
  {
    category: 'Process',
    question: 'Do I need to attend settlement?',
    answer:
      'No. Settlement happens electronically and we attend on your behalf, then let you know the moment it is complete.',
  },
  {
    category: 'Services',
    question: 'Do you handle commercial and off-the-plan purchases?',
    answer: `Yes. Besides residential conveyancing we act on commercial property, contract reviews, off-the-plan purchases and first home buyer matters across ${PRACTICE.serviceRegion}. An off-the-plan contract gives you ${COOLING_OFF.offThePlanBusinessDays} business days to cool off, and if you will live in the home the transfer duty can wait until settlement, an assignment of the contract or ${DUTY_PAYMENT.offThePlanDeferralMonths + DUTY_PAYMENT.monthsAfterLiability} months after the contract, whichever comes first.`,
    structured: true,
  },
  {
    category: 'Services',
    question: 'Can you review a contract before an auction?',
    answer: `Yes. We usually return a contract review within ${claims.contractReview}, so you can bid knowing what you are signing.`,
  },
  {
    category: 'Legal Issues',
    question: 'What if the contract has unusual special conditions?',
    answer:
      'We explain each special condition in plain English and, where one works against you, propose amendments to the vendor before exchange.',
  },
  {
    category: 'Legal Issues',
    question: 'What happens if settlement is delayed?',
    answer:
      'Delays can attract penalty interest or a notice to complete. We keep both sides on track and advise you on your rights if the other party is late.',
  },
  {
    category: 'Timing',
    question: 'How long does conveyancing take?',
    answer: `A typical settlement takes ${claims.typicalSettlement} from exchange. Commercial matters usually take ${claims.commercialSettlement}, and off-the-plan purchases can run ${claims.offThePlan} until the building is registered.`,
    structured: true,
  },
];

/** The FAQ with the brief's default figures (tests, and anything outside the pages). */
export const FAQ: readonly FaqItem[] = faqFor(DEFAULT_CLAIMS);
