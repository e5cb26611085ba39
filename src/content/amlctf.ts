/**
 * Customer due diligence under the Anti-Money Laundering and Counter-Terrorism Financing
 * Act 2006 (Cth) ("the AML/CTF Act"), as amended by the AML/CTF Amendment Act 2024 (No. 110,
 * 2024): the facts the client's form, the staff panel and the retention job share. Each
 * figure is dated and sourced; change them here only, with the new source.
 *
 * Sections checked on 2026-11-23 against the Amendment Act 2024's text (Schedule 2 item 24,
 * as published by the ATO legal database): s 111 "Retention of records of customer due
 * diligence" replaced ss 111–113 from 31 March 2026.
 */

/**
 * Since 1 July 2026 lawyers and conveyancers who help clients buy, sell or transfer real
 * estate are reporting entities ("tranche 2"): AML/CTF Amendment Act 2024 s 2, table item
 * for Schedule 4 (commences 1 July 2026), which adds the designated services of real estate
 * professionals, lawyers and conveyancers to s 6 of the Act.
 */
export const TRANCHE_2_START = '2026-07-01';

/**
 * AML/CTF Act s 111(2) (as substituted by the Amendment Act 2024, Sch 2 item 24, in force
 * 31 March 2026): a reporting entity "must retain, until the end of the 7 year period that
 * begins when the business relationship ends or the reporting entity completes the provision
 * of the occasional transaction", records reasonably necessary to demonstrate its customer
 * due diligence (s 111(3): the data collected and its risk analysis and decisions). Before
 * the amendment the same 7 years ran from the last designated service (former s 113).
 */
export const CDD_RETENTION = {
  years: 7,
  section: 'AML/CTF Act 2006 s 111',
  effective: '2026-03-31',
} as const;

/**
 * The last day a record must be kept: `CDD_RETENTION.years` after `endedAt` (YYYY-MM-DD),
 * the day the business relationship ended. A relationship that ended on 29 February is
 * kept to 1 March (never less than the full 7 years).
 */
export function retainUntil(endedAt: string): string {
  const [year, month, day] = endedAt.split('-').map(Number);
  const date = new Date(Date.UTC(year! + CDD_RETENTION.years, month! - 1, day!));
  return date.toISOString().slice(0, 10);
}

/**
 * A beneficial owner is an individual who owns 25% or more of a company or trust customer,
 * directly or indirectly, or who controls it: AML/CTF Act s 5, definition of "beneficial
 * owner" (as amended 2024); AUSTRAC, "Beneficial owners" (guidance, austrac.gov.au).
 */
export const BENEFICIAL_OWNER_THRESHOLD_PERCENT = 25;

/**
 * The practice acts for an individual customer only if they are 18 or over: a minor cannot
 * be held to the costs agreement (Minors (Property and Contracts) Act 1970 (NSW)). A policy
 * of the practice, not a rule of the AML/CTF Act; owners inside a company or trust need only
 * a real birth date in the past.
 */
export const CUSTOMER_MIN_AGE = 18;

/** Why each part of the form is asked, one honest sentence each (shown beside the section). */
export const WHY_WE_ASK = {
  individual:
    'The Anti-Money Laundering and Counter-Terrorism Financing Act 2006 requires us to identify and verify each customer before we act in a property transaction.',
  company:
    'The AML/CTF Act requires us to identify a company customer and every individual who owns 25% or more of it or controls it.',
  trust:
    'The AML/CTF Act requires us to identify a trust customer, its trustees, and every individual who owns 25% or more of it or controls it.',
  actingForAnother:
    'The AML/CTF Act requires us to identify anyone acting on a customer’s behalf and the authority they act under.',
  pep: 'The AML/CTF Act requires us to ask whether a customer is a politically exposed person, because that calls for extra checks.',
  foreignPerson:
    'We ask whether a customer is a foreign person because it affects the risk we must assess under the AML/CTF Act (and can change the duty and approvals for a purchase).',
  purpose: 'The AML/CTF Act requires us to understand the purpose of the transaction we help with.',
  sourceOfFunds:
    'The AML/CTF Act requires us to understand where the money for a purchase comes from, to rule out the proceeds of crime.',
} as const;

/**
 * What the identity page tells a client before the form: what to have ready and how long it
 * takes. The practice's own figures (its AML/CTF program), not the Act's: change them here.
 * `checkBusinessDays` is the practice's target for checking submitted details (NSW business
 * days); `fillMinutes` how long the form takes one individual customer.
 */
export const IDENTITY_CHECK = {
  fillMinutes: 10,
  checkBusinessDays: 2,
  /** One line each, shown as a list; each says for whom it is needed. */
  haveReady: [
    'For each person: a current passport or Australian driver licence, to copy the full name and date of birth exactly as they appear',
    'For each person: their residential address (not a post office box), phone and e-mail',
    'For a company: its ACN or ABN, its registered office and principal place of business, and its directors’ names',
    'For a trust: the trust deed, for the trust’s name and type, the trustees and the beneficiaries',
    'For anyone acting for a customer: the power of attorney or other authority, with its date',
    'For a purchase: where the money comes from, and for a loan the lender’s name',
  ],
  /** What happens after the client submits, in order. */
  afterSubmit: [
    'We check your details against your identity documents and the government sanctions list.',
    'We may ask to see your original documents, or certified copies.',
    'We let you know once your identity is verified; then we start work on your matter.',
  ],
} as const;

/** The purpose of the transaction (s 28: the nature and purpose of the business relationship). */
export const CDD_PURPOSES = ['home', 'investment', 'business', 'other'] as const;
export type CddPurpose = (typeof CDD_PURPOSES)[number];
export const CDD_PURPOSE_LABELS: Record<CddPurpose, string> = {
  home: 'A home to live in',
  investment: 'An investment',
  business: 'For a business',
  other: 'Something else',
};

/**
 * The authority under which someone acts for a customer (s 28(2)(b), (c): the person acting
 * and their authority are identified and verified like a customer): an attorney, an officer
 * of a company customer, a guardian, or something else the client describes.
 */
export const AGENT_AUTHORITIES = ['power-of-attorney', 'company-officer', 'guardian', 'other'] as const;
export type AgentAuthority = (typeof AGENT_AUTHORITIES)[number];
export const AGENT_AUTHORITY_LABELS: Record<AgentAuthority, string> = {
  'power-of-attorney': 'Power of attorney',
  'company-officer': 'Officer of a company customer',
  guardian: 'Guardian',
  other: 'Other authority',
};

/** Where the money for a purchase comes from. */
export const FUNDS_SOURCES = ['savings', 'loan', 'sale', 'gift', 'inheritance', 'business-income', 'other'] as const;
export type FundsSource = (typeof FUNDS_SOURCES)[number];
export const FUNDS_SOURCE_LABELS: Record<FundsSource, string> = {
  savings: 'Savings',
  loan: 'A loan',
  sale: 'The sale of a property',
  gift: 'A gift',
  inheritance: 'An inheritance',
  'business-income': 'Business income',
  other: 'Something else',
};

/**
 * How staff verified an individual's identity: documents sighted in person, certified
 * copies, or an electronic verification service (whose reference is then recorded).
 */
export const VERIFICATION_METHODS = ['in-person', 'certified-copy', 'electronic'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];
export const VERIFICATION_METHOD_LABELS: Record<VerificationMethod, string> = {
  'in-person': 'Original documents sighted in person',
  'certified-copy': 'Certified copies',
  electronic: 'Electronic verification service',
};

/**
 * The result of politically-exposed-person screening. The Act (s 5) knows three kinds of
 * PEP, treated differently: a foreign PEP always needs enhanced due diligence, a domestic or
 * international-organisation PEP when the risk is high; family members and close associates
 * count as the PEP does. So staff record which, not only yes or no.
 */
export const PEP_RESULTS = [
  'not-pep',
  'domestic-pep',
  'foreign-pep',
  'international-organisation-pep',
  'family-or-associate',
] as const;
export type PepResult = (typeof PEP_RESULTS)[number];
export const PEP_RESULT_LABELS: Record<PepResult, string> = {
  'not-pep': 'Not a politically exposed person',
  'domestic-pep': 'Domestic politically exposed person',
  'foreign-pep': 'Foreign politically exposed person',
  'international-organisation-pep': 'PEP of an international organisation',
  'family-or-associate': 'Family member or close associate of a PEP',
};

/** The result of the check against DFAT's Consolidated List (Autonomous Sanctions Act 2011). */
export const SANCTIONS_RESULTS = ['no-match', 'possible-match'] as const;
export type SanctionsResult = (typeof SANCTIONS_RESULTS)[number];
export const SANCTIONS_RESULT_LABELS: Record<SanctionsResult, string> = {
  'no-match': 'No match on the Consolidated List',
  'possible-match': 'Possible match (escalate before acting)',
};

/**
 * Ongoing customer due diligence (AML/CTF Act s 30, as amended 2024): the practice must keep
 * its knowledge of a customer up to date while the business relationship lasts, which for a
 * conveyance includes screening the customer against DFAT's Consolidated List again. The Act
 * sets no interval; these are the practice's own policy (its AML/CTF program): again once the
 * last screening is more than 90 days old, and again in the week before settlement.
 */
export const ONGOING_SCREENING = {
  section: 'AML/CTF Act 2006 s 30',
  intervalDays: 90,
  beforeSettlementDays: 7,
} as const;

/** Staff's ML/TF risk rating; high needs a second staff member's approval. */
export const RISK_RATINGS = ['low', 'medium', 'high'] as const;
export type RiskRating = (typeof RISK_RATINGS)[number];
export const RISK_RATING_LABELS: Record<RiskRating, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High (needs a second approval)',
};

/**
 * Suspicious matter reports (AML/CTF Act s 41). Once the practice forms a suspicion on
 * reasonable grounds about a customer or a transaction, it must report it to the AUSTRAC
 * CEO: s 41(2)(a), within 24 hours after forming the suspicion when it relates to terrorism
 * financing; s 41(2)(b), in any other case within 3 business days after the day on which it
 * formed the suspicion. "Business day" excludes Saturdays, Sundays and public or bank holidays
 * in the place concerned (AML/CTF Act s 5; Acts Interpretation Act 1901 s 2B), NSW for this
 * practice (`isNswBusinessDay`, src/shared/sydney-time.ts).
 * Checked 2026-11-26 against the Act as amended by the Amendment Act 2024.
 */
export const SUSPICIOUS_MATTER_REPORT = {
  section: 'AML/CTF Act 2006 s 41',
  terrorismFinancingHours: 24,
  otherBusinessDays: 3,
} as const;

/** What a suspicion is about: s 41(1) distinguishes terrorism financing, which has the shorter clock. */
export const SUSPICION_KINDS = ['money-laundering', 'terrorism-financing', 'other'] as const;
export type SuspicionKind = (typeof SUSPICION_KINDS)[number];
export const SUSPICION_KIND_LABELS: Record<SuspicionKind, string> = {
  'money-laundering': 'Money laundering',
  'terrorism-financing': 'Terrorism financing',
  other: 'Another offence (e.g. tax evasion, fraud, proceeds of crime)',
};

/**
 * How long the register keeps a suspicion: the practice's records under the Act are kept 7
 * years (s 111 for due diligence; the same period for the register, so that a suspicion and
 * the due diligence it concerns are kept together). Counted from the day it was recorded.
 */
export const SUSPICION_RETENTION = {
  years: CDD_RETENTION.years,
  section: 'AML/CTF Act 2006 s 111 (suspicious matter register)',
} as const;

/**
 * What a staff-role account is told keeps an enquiry the register names (and nothing else
 * keeps): the Act's record-keeping section without the register's name, since the register
 * is for principals and telling of a suspicion is tipping off (s 123).
 */
export const NEUTRAL_RETENTION = {
  years: CDD_RETENTION.years,
  section: 'AML/CTF Act 2006 s 111',
} as const;

/**
 * AML/CTF Act s 123 ("tipping off"): the practice must not disclose to anyone but AUSTRAC
 * that it has formed a suspicion or reported one. Shown where staff record a suspicion.
 */
export const TIPPING_OFF_NOTE =
  'Do not tell the client, or anyone outside the practice, that a suspicion has been recorded or reported: that is an offence under section 123 of the AML/CTF Act (tipping off). Nothing the client sees changes.';

/**
 * An accepted costs agreement (its record and signed PDF) is part of what shows the
 * business relationship the due diligence was for (s 111(3)): it is kept with the due
 * diligence record, and where there is none, 7 years after the acceptance.
 */
export const ACCEPTED_ENGAGEMENT_RETENTION = {
  years: CDD_RETENTION.years,
  section: 'AML/CTF Act 2006 s 111 (accepted costs agreement)',
} as const;

/**
 * What a client is told when identity details cannot be taken (no encryption key on the
 * site): never the operator's setup instructions, which go to the log.
 */
export const identityUnavailableText = (phone: string): string =>
  `Identity details can't be taken right now; please call us on ${phone}.`;

/**
 * The collection notice (Privacy Act 1988, APP 5) shown on the identity page and given in
 * the identity API's `notice`: who collects, why, the law that requires it, who it may go
 * to, what happens if it is not given, access and correction, and the privacy policy.
 * One text for both, with the practice's name as staff saved it.
 */
export interface CollectionNotice {
  title: string;
  paragraphs: string[];
  privacyPolicy: { href: string; label: string };
}

export function collectionNotice(practiceName: string): CollectionNotice {
  return {
    title: 'Why we collect these details',
    paragraphs: [
      `${practiceName} collects your identity details and declarations, and those of anyone acting for you or owning or controlling a company or trust customer.`,
      'We need them to identify you and verify your identity, understand the transaction and its purpose, and assess its risk: the Anti-Money Laundering and Counter-Terrorism Financing Act 2006 (Cth) requires this before we act for you in a property transaction.',
      `We may have to disclose them to AUSTRAC (the Australian Transaction Reports and Analysis Centre) where that Act requires, and we keep them for ${CDD_RETENTION.years} years after our work for you ends.`,
      'If you do not give them, we cannot act for you in this matter.',
      'You can ask us for the details we hold about you and ask us to correct them. Our privacy policy says how, and how to complain about the way we handle them.',
    ],
    privacyPolicy: { href: '/privacy', label: 'Read our privacy policy' },
  };
}
