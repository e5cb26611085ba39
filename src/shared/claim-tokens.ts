/**
 * A service's time frame may name a public claim by its token ("{typical settlement}", see
 * CLAIM_TOKENS in src/content/practice.ts): it prints the figure saved in Settings, so a
 * changed settlement time reaches every service with the next build (decision 039). Text
 * without a token is printed as typed; an unknown `{…}` is left alone.
 */
import { CLAIM_TOKENS } from '../content/practice.ts';

export type TokenClaims = Record<keyof typeof CLAIM_TOKENS, string>;

export function fillClaimTokens(text: string, claims: TokenClaims): string {
  let filled = text;
  for (const [claim, token] of Object.entries(CLAIM_TOKENS) as [keyof typeof CLAIM_TOKENS, string][]) {
    filled = filled.replaceAll(token, claims[claim]);
  }
  return filled;
}
