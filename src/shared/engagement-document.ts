/**
 * The costs disclosure an engagement shows, built once when staff send it (and for their
 * preview) from the server's own quote figures and src/content/costs-agreement.ts. The
 * client page, the staff preview, the e-mail and the PDF all print these sections as they
 * are, so what the client accepts is what each of them shows.
 *
 * Money here is to the cent: the fixed fees include GST, and the disclosure states the
 * fee before GST and the GST apart, as the standard disclosure form (Form 1) does.
 */
import { COSTS_DISCLOSURE } from '../content/costs-agreement.ts';
import { CASH_CLIENT_TEXT, type CashPolicy } from '../content/cash.ts';
import { formatAudCents } from '../content/money.ts';
import { describeDutyDue, formatIsoDate, type QuoteFigures } from './quote.ts';
import type { DocumentSection } from './schemas/engagement.ts';
import { sydneyToday } from './sydney-time.ts';

/**
 * Said in the disclosure (and so its PDF) when the contract date's year has no indexation
 * in yet: the figure is last year's table's, and the client must not read it as final.
 */
export const STALE_DUTY_NOTICE =
  "This is an estimate on last year's thresholds: the indexed thresholds for the year of your contract date were not yet in our calculator when we prepared this disclosure, so the duty may differ.";

/** Whole cents of a GST-inclusive amount: the part before GST and the GST (GST Act s 9-70: one-eleventh). */
export function splitGst(amountIncludingGst: number): { exGst: number; gst: number } {
  const total = Math.round(amountIncludingGst * 100);
  const exGst = Math.round(total / (1 + COSTS_DISCLOSURE.gstRate));
  return { exGst: exGst / 100, gst: (total - exGst) / 100 };
}

/** What the practice's legal costs come to: the fee and the disbursements at the top of their estimate. */
export function legalCostsEstimate(figures: QuoteFigures): number {
  return Math.round((figures.professionalFee + figures.disbursements.max) * 100) / 100;
}

/**
 * The one estimated total a client is shown: the professional fee, the disbursements at the
 * top of their estimate and any transfer duty. The quote's range (`estimatedTotal`) ends at
 * the same figure; a client deciding whether to sign is given the upper one, so nothing on
 * the page, in the disclosure or in its PDF can name a second "estimated total".
 */
export function estimatedTotal(figures: QuoteFigures): number {
  return Math.round((legalCostsEstimate(figures) + (figures.transferDuty?.total ?? 0)) * 100) / 100;
}

/** One line of the summary at the top of the engagement page (and the staff preview of it). */
export interface CostSummaryLine {
  label: string;
  /** The amount, to the cent. */
  amount: number;
  /** What the amount is, in a few words ("including GST of $168.18", "paid to Revenue NSW"). */
  note: string;
}

const DUTY_RELIEF: Record<string, string> = {
  exemption: 'first home buyer exemption',
  concession: 'first home buyer concession',
};

/**
 * What the client will pay, in four lines and one total, from the same figures the
 * disclosure states (`buildDisclosure`): the fee with GST, the disbursements at the top of
 * their estimate, the duty (when buying) and the estimated total.
 */
export function costSummary(figures: QuoteFigures): { lines: CostSummaryLine[]; total: CostSummaryLine } {
  const fee = splitGst(figures.professionalFee);
  const lines: CostSummaryLine[] = [
    {
      label: 'Professional fee (fixed)',
      amount: figures.professionalFee,
      note: `including GST of ${formatAudCents(fee.gst)}`,
    },
    {
      label: 'Disbursements (estimate)',
      amount: figures.disbursements.max,
      note: `at most, charged at cost (typically ${formatAudCents(figures.disbursements.min)} to ${formatAudCents(figures.disbursements.max)})`,
    },
  ];
  const duty = figures.transferDuty;
  if (duty) {
    const relief = duty.firstHomeRule ? DUTY_RELIEF[duty.firstHomeRule] : undefined;
    const notes = [
      'paid to Revenue NSW, not to us',
      relief && `after the ${relief}`,
      duty.surcharge > 0 && `including ${formatAudCents(duty.surcharge)} foreign purchaser surcharge`,
    ].filter(Boolean);
    lines.push({ label: 'Transfer duty (estimate)', amount: duty.total, note: notes.join('; ') });
  }
  return {
    lines,
    total: {
      label: 'Estimated total',
      amount: estimatedTotal(figures),
      note: duty ? 'including GST and transfer duty' : 'including GST',
    },
  };
}

/** Who the disclosure is given to, and when: Form 1's "Date provided to client" and "Client details". */
export interface DisclosureParties {
  /** The Sydney day it is given (sent), YYYY-MM-DD. */
  providedOn: string;
  /** Each client's name, as the practice has it. */
  clients: readonly string[];
  /** The practice's cash policy (Settings › Cash): the disclosure says it takes none, or that cash is reported. */
  cash: CashPolicy;
}

/** "Ann", "Ann and Ben", "Ann, Ben and Cy". */
const listOf = (names: readonly string[]): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** An amount including GST as Form 1 states it: before GST first, then with it. */
const exAndIncGst = (amountIncludingGst: number): string =>
  `${formatAudCents(splitGst(amountIncludingGst).exGst)} excluding GST (${formatAudCents(amountIncludingGst)} including GST)`;

export function buildDisclosure(
  figures: QuoteFigures,
  matter: { description: string },
  parties: DisclosureParties,
): DocumentSection[] {
  const fee = splitGst(figures.professionalFee);
  const shortForm = fee.exGst <= COSTS_DISCLOSURE.shortFormMaxExGst;
  const sections: DocumentSection[] = [
    {
      heading: 'Date and client',
      paragraphs: [
        `Date provided to you: ${formatIsoDate(parties.providedOn)}`,
        `${parties.clients.length > 1 ? 'Clients' : 'Client'}: ${listOf(parties.clients)}`,
      ],
    },
    {
      heading: 'About this disclosure',
      paragraphs: [
        'This is our disclosure of legal costs under section 174 of the Legal Profession Uniform Law (NSW).' +
          (shortForm
            ? ` Our professional fee is not likely to be more than ${formatAudCents(COSTS_DISCLOSURE.shortFormMaxExGst)} before GST and disbursements, so it follows the standard costs disclosure form (Legal Profession Uniform General Rules 2015, Schedule 1, Form 1).`
            : ''),
      ],
    },
    {
      heading: 'What we will do for you',
      paragraphs: [`Act for you in this conveyance: ${matter.description}.`],
    },
    {
      heading: 'Our professional fee (fixed)',
      paragraphs: [
        ...figures.feeItems.map((item) => `${item.label}: ${exAndIncGst(item.amount)}`),
        `Total professional fee: ${formatAudCents(fee.exGst)} plus GST of ${formatAudCents(fee.gst)}, ${formatAudCents(figures.professionalFee)} in all.`,
        'The basis of our costs: a fixed fee for the work described, whatever time it takes.',
      ],
    },
    {
      heading: 'Disbursements (estimate)',
      paragraphs: [
        `Searches, certificates, registration and other third-party costs, charged at cost: we estimate up to ${formatAudCents(figures.disbursements.max)} including GST where it applies (typically ${formatAudCents(figures.disbursements.min)} to ${formatAudCents(figures.disbursements.max)}).`,
      ],
    },
  ];
  const duty = figures.transferDuty;
  if (duty) {
    sections.push({
      heading: 'Transfer duty (a government charge, not a legal cost)',
      paragraphs: [
        `Estimated transfer duty: ${formatAudCents(duty.total)}` +
          (duty.surcharge > 0 ? `, including ${formatAudCents(duty.surcharge)} foreign purchaser surcharge` : '') +
          `, worked out with the rates in force from ${formatIsoDate(figures.ratesEffective)}.` +
          (figures.ratesCurrent ? '' : ` ${STALE_DUTY_NOTICE}`),
        `Transfer duty is paid to Revenue NSW, not to us, and is not part of our legal costs. ${describeDutyDue(duty)}`,
      ],
    });
  }
  const legal = legalCostsEstimate(figures);
  sections.push(
    {
      heading: 'Estimated total',
      // One total (the page's summary states the same figure, estimatedTotal): the legal
      // costs s 174(1)(b) asks for are named inside it, never as a second "total".
      paragraphs: [
        duty
          ? `Estimated total: ${formatAudCents(estimatedTotal(figures))} including GST, made up of our legal costs of ${formatAudCents(legal)} (the professional fee and disbursements at the top of their estimate) and transfer duty of ${formatAudCents(duty.total)}.`
          : `Estimated total: ${formatAudCents(estimatedTotal(figures))} including GST, our legal costs (the professional fee and disbursements at the top of their estimate).`,
        'This is an estimate. We will tell you promptly if anything happens that significantly changes it.',
      ],
    },
    { heading: 'When our fees are payable', paragraphs: [COSTS_DISCLOSURE.payable, CASH_CLIENT_TEXT[parties.cash]] },
    {
      heading: 'Your rights',
      paragraphs: COSTS_DISCLOSURE.rights.map((right) => `You have the right to ${right}.`),
    },
  );
  return sections;
}

/**
 * A variation's first section: what changed since the accepted engagement and why, so the
 * updated disclosure (s 174(1)(b)) says it in the client's own document. The lines compare
 * the scope, the fixed fee, the disbursements estimate, the duty and the estimated total.
 */
export function buildVariationSection(
  before: { figures: QuoteFigures; description: string; acceptedAt: string },
  after: { figures: QuoteFigures; description: string },
  reason: string,
): DocumentSection {
  const changes: string[] = [];
  const money = (label: string, from: number, to: number) => {
    if (Math.round(from * 100) !== Math.round(to * 100)) {
      changes.push(`${label}: was ${formatAudCents(from)}, now ${formatAudCents(to)}.`);
    }
  };
  if (before.description !== after.description) {
    changes.push(`The matter: was "${before.description}", now "${after.description}".`);
  }
  money('Professional fee (including GST)', before.figures.professionalFee, after.figures.professionalFee);
  money('Disbursements estimate (upper figure)', before.figures.disbursements.max, after.figures.disbursements.max);
  money('Estimated transfer duty', before.figures.transferDuty?.total ?? 0, after.figures.transferDuty?.total ?? 0);
  money('Estimated total', estimatedTotal(before.figures), estimatedTotal(after.figures));
  return {
    heading: 'What has changed, and why',
    paragraphs: [
      `This is an updated costs disclosure. It varies the costs agreement you accepted on ${formatIsoDate(sydneyToday(Date.parse(before.acceptedAt)))}; once you accept it, it takes the place of that agreement's costs.`,
      `Why: ${reason}`,
      ...(changes.length ? changes : ['The fee and estimates are unchanged.']),
    ],
  };
}
