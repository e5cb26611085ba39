/** Quick facts under the hero: items that expand on click. */
import { CLAIMS, PRACTICE } from './practice.ts';

export const QUICK_FACTS: readonly { title: string; detail: string }[] = [
  {
    title: `Typical settlement: ${CLAIMS.typicalSettlement}`,
    detail: `Most residential purchases settle ${CLAIMS.typicalSettlement} after exchange. Commercial matters take ${CLAIMS.commercialSettlement}; contract reviews are back within ${CLAIMS.contractReview}.`,
  },
  {
    title: `Call-back within ${CLAIMS.callbackPromiseHours} hours`,
    detail: `Send an enquiry during business hours and we will call you back within ${CLAIMS.callbackPromiseHours} hours.`,
  },
  {
    title: 'Fixed-fee quotes',
    detail: 'You receive a written, fixed professional fee before we start, with disbursements itemised.',
  },
  {
    title: `${CLAIMS.propertiesSettled} properties settled`,
    detail: `Local experience across ${PRACTICE.serviceRegion} since ${PRACTICE.foundedYear}.`,
  },
];
