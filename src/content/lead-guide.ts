/**
 * The Lead Management guide of the staff portal. Data only: the
 * admin page renders it. Its figures are named once, below; the settlement time is not
 * one of them: staff quote the typical settlement saved in Settings, as the site does.
 */
import { PRACTICE } from './practice.ts';
import { PRICING } from './pricing.ts';
import { COOLING_OFF } from './conveyancing-law.ts';
import { formatAud, formatAudRange } from './money.ts';

export interface PriceLine {
  label: string;
  amount: string;
  note?: string;
}

export interface LeadGuide {
  title: string;
  intro: string;
  callScript: {
    title: string;
    steps: readonly { stage: string; script: string }[];
  };
  pricing: {
    title: string;
    baseFee: PriceLine;
    disbursements: PriceLine;
    totalEstimate: PriceLine;
    extras: readonly PriceLine[];
  };
  faqs: {
    title: string;
    /** The answers, quoting the typical settlement as saved in Settings (the site's one figure). */
    items: (typicalSettlement: string) => readonly { question: string; answer: string }[];
  };
  tips: {
    title: string;
    items: readonly string[];
  };
  targets: {
    title: string;
    items: readonly { label: string; value: string }[];
  };
  aiIdeas: {
    title: string;
    status: 'coming soon';
    items: readonly { title: string; description: string }[];
  };
}

const TARGET_CONVERSION_RATE = 0.3;
const { baseFee, extras, disbursements } = PRICING;

/** The guide's figures, each stated once; the prices come from `pricing.ts`. */
export const LEAD_FIGURES = {
  baseFee: formatAud(baseFee),
  disbursements: formatAudRange(disbursements),
  totalEstimate: formatAudRange({ min: baseFee + disbursements.min, max: baseFee + disbursements.max }),
  simultaneousSaleAndPurchase: `+${formatAud(extras.simultaneousSaleAndPurchase)}`,
  offThePlan: `+${formatAud(extras.offThePlan)}`,
  rushService: `+${formatAud(extras.rushService)}`,
  coolingOffDays: COOLING_OFF.businessDays,
  coolingOffDaysOffThePlan: COOLING_OFF.offThePlanBusinessDays,
  coolingOffForfeit: `${COOLING_OFF.forfeitPercent}%`,
  responseMinutes: 5,
  followUpAttempts: '3 to 5',
  quoteWithinHours: 24,
  quoteFollowUp: '24 to 48 hours',
  /** Share of enquiries that become instructions; the desk's metrics measure against it. */
  targetConversionRate: TARGET_CONVERSION_RATE,
  targetConversion: `${TARGET_CONVERSION_RATE * 100}%`,
  quoteEmailMinutes: 30,
} as const;

const F = LEAD_FIGURES;

export const LEAD_GUIDE: LeadGuide = {
  title: 'Lead Management Guide',
  intro: 'How we turn website enquiries into clients: call quickly, quote clearly, follow up.',
  callScript: {
    title: 'Call-back script',
    steps: [
      {
        stage: 'Greeting',
        script: `Hi {firstName}, it's {yourName} from ${PRACTICE.name}. You asked for a conveyancing quote on our website – is now a good time for a quick chat?`,
      },
      {
        stage: 'Discovery',
        script:
          'Are you buying, selling or both? Where is the property, and have you signed a contract or are you still looking? Is it off the plan?',
      },
      {
        stage: 'Timing',
        script: 'When are you hoping to exchange and settle? Is there an auction date we should work towards?',
      },
      {
        stage: 'Quote',
        script: `Our fixed professional fee is ${F.baseFee} including GST, plus disbursements, which usually come to ${F.disbursements} including GST.`,
      },
      {
        stage: 'Close',
        script: `I'll email your written quote and our costs agreement within ${F.quoteEmailMinutes} minutes. If you're happy, you can sign online and we'll start straight away.`,
      },
    ],
  },
  pricing: {
    title: 'Pricing',
    baseFee: { label: 'Base professional fee', amount: F.baseFee, note: 'including GST' },
    disbursements: {
      label: 'Disbursements (searches, registration fees)',
      amount: F.disbursements,
      note: 'typically, including GST',
    },
    totalEstimate: { label: 'Total estimate', amount: F.totalEstimate, note: 'including GST' },
    extras: [
      { label: 'Simultaneous sale and purchase', amount: F.simultaneousSaleAndPurchase },
      { label: 'Off-the-plan purchase', amount: F.offThePlan },
      { label: 'Rush service', amount: F.rushService, note: 'settlement in under 2 weeks' },
    ],
  },
  faqs: {
    title: 'Common client questions',
    items: (typicalSettlement) => [
      {
        question: 'How long until settlement?',
        answer: `Usually ${typicalSettlement} from exchange, depending on the contract and the lender.`,
      },
      {
        question: 'What is the cooling-off period in NSW?',
        answer: `${F.coolingOffDays} business days for residential purchases, ${F.coolingOffDaysOffThePlan} for an off-the-plan contract. Withdrawing during cooling-off forfeits ${F.coolingOffForfeit} of the purchase price. Commercial purchases have none, and there is ${COOLING_OFF.exceptions}.`,
      },
      {
        question: 'Is the quote fixed?',
        answer:
          'The professional fee is fixed. Disbursements are passed on at cost; the quote gives their estimated range.',
      },
      {
        question: 'Can you act if I have already signed?',
        answer: 'Yes. Send the contract straight away so we can check the cooling-off deadline.',
      },
    ],
  },
  tips: {
    title: 'Tips',
    items: [
      'Call new enquiries before anything else: speed wins most leads.',
      'Use the client’s first name and repeat their property suburb back to them.',
      'Always confirm the best time and number for the next call.',
      'Log every attempt against the enquiry so nobody calls twice.',
      'If an auction is close, offer a same-day contract review.',
    ],
  },
  targets: {
    title: 'Targets',
    items: [
      { label: 'First response', value: `within ${F.responseMinutes} minutes` },
      { label: 'Follow-up attempts', value: `${F.followUpAttempts} attempts` },
      { label: 'Quote sent', value: `within ${F.quoteWithinHours} hours` },
      { label: 'Quote follow-up', value: `after ${F.quoteFollowUp}` },
      { label: 'Conversion', value: `${F.targetConversion} target` },
    ],
  },
  aiIdeas: {
    title: 'AI features',
    status: 'coming soon',
    items: [
      { title: 'Lead scoring', description: 'Rank new enquiries by urgency and likely value.' },
      { title: 'Draft follow-up emails', description: 'Suggest a personalised follow-up from the enquiry details.' },
      { title: 'Call summaries', description: 'Summarise call-back notes into the enquiry record.' },
    ],
  },
};
