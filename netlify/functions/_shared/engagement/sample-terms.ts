/**
 * The shipped sample costs agreement never reaches a real client (decision 036): on the
 * production site a send, a variation or a resend of an open engagement whose terms are
 * still the sample is refused with what to replace and where. Locally and on deploy
 * previews it stays possible (the desk warns before every send), so the product can be
 * tried before the practice has its own terms.
 */
import { COSTS_AGREEMENT, type CostsAgreementTerms } from '#src/content/costs-agreement.ts';
import { Refused } from '../platform/refused.ts';
import { isProductionDeploy } from '../platform/deploy-context.ts';

/** How the shipped sample's text begins (src/content/costs-agreement.ts). */
const SAMPLE_OPENING = 'SAMPLE TERMS';

/**
 * Terms an engagement would show (or shows) that are the sample: the shipped text, or the
 * current terms while they are still flagged `sample` (a replaced text whose flag was left on
 * has not been confirmed as the practice's own).
 */
export function isSampleTerms(terms: Pick<CostsAgreementTerms, 'text' | 'version'>): boolean {
  if (terms.text.trimStart().startsWith(SAMPLE_OPENING)) return true;
  return COSTS_AGREEMENT.sample && terms.version === COSTS_AGREEMENT.version;
}

/** The refusal, saying what to replace and where, for the desk to show as it is. */
export const SAMPLE_TERMS_REFUSED =
  'The costs agreement is still the sample terms shipped with the site ("SAMPLE TERMS – the practice replaces these"), so it cannot be sent to a client. ' +
  'In src/content/costs-agreement.ts replace the terms\' text with the practice\'s own, give them a new version and effective date, set sample to false and deploy (docs/configuration.md, "Replacing the sample costs agreement").';

/** Throws 409 on the production site when `terms` are the sample; does nothing elsewhere. */
export function refuseSampleTermsInProduction(terms: Pick<CostsAgreementTerms, 'text' | 'version'>): void {
  const refusal = sampleTermsRefusal(terms);
  if (refusal) throw new Refused('conflict', refusal);
}

/** What a preview tells staff: the refusal a send would meet here, or nothing. */
export const sampleTermsRefusal = (terms: Pick<CostsAgreementTerms, 'text' | 'version'>): string | undefined =>
  isProductionDeploy() && isSampleTerms(terms) ? SAMPLE_TERMS_REFUSED : undefined;
