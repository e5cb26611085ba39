/**
 * The practice's costs agreement and the fixed parts of its costs disclosure, which the
 * engagement page (/engage/{token}), its PDF and the staff preview show. Each engagement
 * keeps a copy of the terms it was sent with, so changing them here never changes what a
 * client already saw or accepted.
 *
 * SAMPLE: these terms are clearly marked sample terms, written to show the shape of a
 * conveyancing costs agreement. The practice's principal must replace `text`, give a new
 * `version` and `effective` date and set `sample: false` (docs/configuration.md).
 * While `sample` is true the staff portal warns before every send.
 */

export interface CostsAgreementTerms {
  /** Changes with every edit of the text; an engagement records the version it showed. */
  version: string;
  /** The day these terms apply from, YYYY-MM-DD. */
  effective: string;
  /** True while these are the shipped sample terms, not the practice's own. */
  sample: boolean;
  /** Plain text; a blank line separates paragraphs. */
  text: string;
}

export const COSTS_AGREEMENT: CostsAgreementTerms = {
  version: 'sample-1',
  effective: '2026-11-23',
  sample: true,
  text: `SAMPLE TERMS – the practice replaces these before using them with clients.

1. Scope. We will act for you in the conveyance described in this document: reviewing or preparing the contract, searches and enquiries, communicating with the other side, your lender and PEXA, and completing settlement. Work outside that scope (for example disputes, litigation, leases or family law property matters) is not included and we will give you a separate disclosure before doing any.

2. Professional fee. Our professional fee is the fixed amount shown in the costs disclosure, including GST. It does not change with the time the matter takes, unless the scope changes; if it does we will tell you in writing before doing the extra work and you may decline it.

3. Disbursements. Searches, certificates, registration fees and other amounts paid to third parties are charged at cost. The disclosure shows our estimate; we will tell you if it is likely to be exceeded significantly.

4. Government charges. Transfer duty and other taxes are payable by you to the government, not to us, and are not legal costs.

5. Billing and payment. We will send you one bill at settlement, payable from the settlement funds or within 14 days. If the matter ends before settlement, we may charge for the work done to that point, no more than the fixed fee.

6. Ending the agreement. You may end this agreement at any time by telling us in writing. We may end it on reasonable notice for a just cause.

7. Your rights. Your rights set out in the costs disclosure form part of this agreement. This agreement is governed by the law of New South Wales, including the Legal Profession Uniform Law (NSW).`,
};

/**
 * The Uniform Law's costs disclosure thresholds. Legal Profession Uniform Law (NSW)
 * s 174(1) (disclose the basis and an estimate of total legal costs), s 174(2) (the
 * client's rights) and s 174(3) (be satisfied the client understood and agreed); Legal
 * Profession Uniform General Rules 2015 Schedule 1, Form 1: the standard (short) disclosure
 * form may be used when the professional fee is not likely to exceed $3,000 before GST and
 * disbursements. Below $750 written disclosure is not required (Legal Services Council,
 * "Legal Costs and Costs Disclosure Obligations", October 2016); the practice gives it anyway.
 */
export const COSTS_DISCLOSURE = {
  /** Professional fee (excl. GST and disbursements) up to which Form 1 may be used. */
  shortFormMaxExGst: 3000,
  /** Below this, written disclosure is optional. */
  disclosureRequiredAboveExGst: 750,
  /** GST rate, A New Tax System (Goods and Services Tax) Act 1999 s 9-70. */
  gstRate: 0.1,
  /** When the practice's fees are payable (stated in the disclosure and the sample terms, clause 5). */
  payable: 'One bill at settlement, paid from the settlement funds or within 14 days of the bill.',
  /** s 174(2) and Form 1: the rights every disclosure states. */
  rights: [
    'ask us to explain this disclosure or anything in it',
    'negotiate the costs agreement with us',
    'negotiate the billing method (for example by task or by time)',
    'ask for a written progress report of the costs incurred',
    'receive a bill, and ask for an itemised bill within 30 days of receiving it',
    'be told promptly of any substantial change to this estimate',
    'raise a costs dispute with the NSW Legal Services Commissioner (olsc.nsw.gov.au, 1800 242 958)',
  ],
  /** The link's lifetime, in days: long enough to read and decide, short enough that a leaked link goes stale. */
  linkValidDays: 14,
  /** Reminders to a client who has not accepted, in NSW business days after sending. */
  reminderBusinessDays: [2, 5],
} as const;

/** Why the engagement page collects what it does (the privacy notice it shows). */
export const ENGAGEMENT_PRIVACY_NOTICE =
  'We use the details in this document and your typed name only to act for you in this matter and to keep a record of your instructions, as the law requires of a law practice. We record when you accepted, the browser you used and a coded form of your internet address, so that we can show it was you who accepted. We never sell or share your details for marketing. You may ask to see or correct them at any time (Privacy Act 1988, Australian Privacy Principles 12 and 13).';
