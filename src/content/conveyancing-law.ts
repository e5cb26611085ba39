/**
 * Timing rules of NSW law the quote, the FAQ, the lead guide and the blog state, each once.
 */

/** Conveyancing Act 1919 s 66S(3): the cooling-off period ends at 5 pm on this business day after exchange. */
export const COOLING_OFF = {
  businessDays: 5,
  /** An off the plan contract (s 66S(3)(a), from 1 December 2019). */
  offThePlanBusinessDays: 10,
  /** s 66V: the share of the price a purchaser forfeits by rescinding in the period. */
  forfeitPercent: 0.25,
  /**
   * When there is none although the property is residential (s 66T): a sale by public auction
   * (s 66T(b)), a contract made on the same day as the property was offered at a public
   * auction and passed in (s 66T(c)), a contract made by exercising an option (s 66T(d)), or
   * the purchaser's solicitor's certificate waiving it (s 66W, s 66T(a)). Commercial property
   * has none (s 66Q).
   */
  exceptions:
    'none at auction, on the same day as a passed-in auction, on exercising an option, or with a s 66W certificate',
  source: {
    name: 'Conveyancing Act 1919 (NSW) s 66S',
    url: 'https://legislation.nsw.gov.au/view/html/inforce/current/act-1919-006#sec.66S',
  },
} as const;

/** When transfer duty must be paid (Duties Act 1997). */
export const DUTY_PAYMENT = {
  /**
   * s 153(1): no tax default if duty is paid within 3 months after the liability arises,
   * which for a contract is when it is signed (s 12). Settlement cannot happen before duty
   * is paid, so an earlier settlement brings the date forward.
   */
  monthsAfterLiability: 3,
  /**
   * s 49A: on an off-the-plan purchase by a buyer who will live in the home (and no buyer is
   * a foreign person), liability arises only at the earliest of completion, an assignment
   * of the contract, or this many months after the contract.
   */
  offThePlanDeferralMonths: 12,
  source: {
    name: 'Revenue NSW, Off the plan agreements and contracts',
    url: 'https://www.revenue.nsw.gov.au/property-professionals-resource-centre/guides-rulings-cpns/topics/contracts-for-sale-of-land-and-transfers/off-the-plan-agreements',
  },
} as const;

/**
 * How settlement is lodged: either electronic lodgment network operator (Electronic
 * Conveyancing National Law), never one of them alone.
 */
export const LODGMENT_NETWORK = 'an electronic lodgment network (PEXA or Sympli)';

/**
 * The standard contract's completion date when none is written in: the Contract for the
 * Sale and Purchase of Land (Law Society of NSW and REINSW, 2022 edition) completes on the
 * 42nd day after the contract date; a day that is not a business day moves to the next one.
 * The practice confirms the edition each matter's contract uses (docs/decisions/029).
 */
export const STANDARD_COMPLETION = {
  daysAfterContract: 42,
  source: { name: 'Contract for the Sale and Purchase of Land (2022 edition), completion date' },
} as const;
