/** Quick facts under the hero: items that expand on click. */
import { CALLBACK_PROMISE_HOURS } from './practice.ts';

/** The quick facts of `practice` (its claims as saved in Settings: a `PracticeView` fits). */
export const quickFactsFor = ({
  claims,
  serviceRegion,
  foundedYear,
}: {
  claims: Record<'typicalSettlement' | 'commercialSettlement' | 'contractReview' | 'propertiesSettled', string>;
  serviceRegion: string;
  foundedYear: number;
}): readonly { title: string; detail: string }[] => [
  {
    title: `Typical settlement: ${claims.typicalSettlement}`,
    detail: `Most residential purchases settle ${claims.typicalSettlement} after exchange. Commercial matters take ${claims.commercialSettlement}; contract reviews are back within ${claims.contractReview}.`,
  },
  {
    title: `Call-back within ${CALLBACK_PROMISE_HOURS} hours`,
    detail: `Send an enquiry during business hours and we will call you back within ${CALLBACK_PROMISE_HOURS} hours.`,
  },
  {
    title: 'Fixed-fee quotes',
    detail: 'You receive a written, fixed professional fee before we start, with an estimate of the disbursements.',
  },
  {
    title: `${claims.propertiesSettled} properties settled`,
    detail: `Local experience across ${serviceRegion} since ${foundedYear}.`,
  },
];
