/**
 * Cash: the threshold transaction rule of the AML/CTF Act 2006 (Cth) as the AML/CTF Amendment
 * Act 2024 applies it to conveyancing from 1 July 2026 (`TRANCHE_2_START`, amlctf.ts), the
 * practice's cash policy and what the client is told of it. Each figure is dated and sourced;
 * change them here only, with the new source.
 *
 * Checked 2026-12-01:
 * - s 43(2): a reporting entity that provides a designated service involving a threshold
 *   transaction must, "within 10 business days after the day on which the transaction takes
 *   place", give the AUSTRAC CEO a report of it (austlii, alacfa2006522; AUSTRAC, "Threshold
 *   transaction reports").
 * - s 5 "threshold transaction": a transaction involving the transfer of physical currency
 *   whose total value is not less than $10,000 (the threshold amount; or its foreign currency
 *   equivalent). Cheques and bank transfers are not physical currency.
 * - s 5 "business day": not a Saturday, Sunday, or a public or bank holiday in the place
 *   concerned: NSW here, the Bank Holiday included (`isNswBusinessDay`, src/shared/sydney-time.ts).
 * - s 142: conducting two or more transactions below the threshold for the sole or dominant
 *   purpose of avoiding a threshold transaction report is an offence ("structuring"); s 142(3)
 *   names what points to it: each value, the total, the period and the interval between them.
 * - s 107: a reporting entity keeps a record of a designated service's transactions for 7
 *   years after it is made (transaction records).
 */
import { CDD_RETENTION, TRANCHE_2_START } from './amlctf.ts';

export const THRESHOLD_TRANSACTION = {
  section: 'AML/CTF Act 2006 s 43',
  /** s 5 "threshold transaction": physical currency of not less than this many dollars. */
  amount: 10_000,
  /** s 43(2): the report is due within this many business days after the day of the transaction. */
  businessDays: 10,
  /** Conveyancers are reporting entities from this day (tranche 2): cash received before it is not reported. */
  from: TRANCHE_2_START,
} as const;

/**
 * The register's prompt for structuring (s 142): receipts each below the threshold, on one
 * matter or from one payer, received within this many days of the first of them, that
 * together reach it. A prompt for a principal to look at, never a finding: the Act sets no
 * period, this one is the practice's (docs/decisions/047).
 */
export const STRUCTURING = {
  section: 'AML/CTF Act 2006 s 142',
  windowDays: 30,
} as const;

/** How long a cash receipt is kept: 7 years from the day it was received (s 107, transaction records). */
export const CASH_RETENTION = {
  years: CDD_RETENTION.years,
  section: 'AML/CTF Act 2006 s 107 (transaction records)',
} as const;

/** The practice's cash policy (Settings › Cash): it takes none, or it takes cash and reports it. */
export const CASH_POLICIES = ['none', 'accepted'] as const;
export type CashPolicy = (typeof CASH_POLICIES)[number];
export const DEFAULT_CASH_POLICY: CashPolicy = 'none';

export const CASH_POLICY_LABELS: Record<CashPolicy, string> = {
  none: 'The practice does not accept cash',
  accepted: 'The practice accepts cash, and reports $10,000 or more to AUSTRAC',
};

/** What the costs disclosure and the client's matter page say of cash. */
export const CASH_CLIENT_TEXT: Record<CashPolicy, string> = {
  none: 'We do not accept cash. Please do not bring or send cash for our fees, the deposit or any other amount in your matter.',
  accepted:
    'If you pay us in cash, the law requires us to report a payment of $10,000 or more to AUSTRAC (Anti-Money Laundering and Counter-Terrorism Financing Act 2006, section 43).',
};

/** The answer to a receipt recorded while the practice takes no cash. */
export const CASH_NOT_ACCEPTED =
  'The practice does not accept cash (Settings › Cash). If cash was received anyway, tell a principal: only a principal can change the cash policy so that it can be recorded.';
