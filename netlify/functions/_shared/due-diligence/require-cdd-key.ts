/**
 * The routes' check for the due-diligence key: 503, as staff calls answer without
 * SESSION_SECRET. Here and not in crypto/, which sits below the repositories and knows
 * nothing of HTTP. Staff are told how to set the key; a client, through their link, only
 * that identity details cannot be taken now and the practice's number, while the operator's
 * instructions go to the log (an anonymous caller learns nothing of the site's setup).
 */
import { PRACTICE } from '../../../../src/content/practice.ts';
import { identityUnavailableText } from '../../../../src/content/amlctf.ts';
import { cddKeyAvailable } from '../crypto/sealed-records.ts';
import { HttpError } from '../http/http.ts';
import { getSettings } from '../repositories/settings-store.ts';

const OPERATOR_MESSAGE =
  'Due diligence records are unavailable: CDD_ENCRYPTION_KEY is not set on this site. ' +
  'Set it to 32 random bytes in base64 (openssl rand -base64 32) in the site’s environment variables, then redeploy.';

/** Staff routes: 503 with the setup instructions (staff pass them on to whoever runs the site). */
export function requireCddKey(): void {
  if (!cddKeyAvailable()) throw new HttpError(503, OPERATOR_MESSAGE);
}

/** The practice's phone as staff saved it in Settings, or the typed default when it cannot be read. */
export async function practicePhone(): Promise<string> {
  const settings = await getSettings().catch(() => null);
  return settings?.phone || PRACTICE.phone.display;
}

/** The client link's routes: 503 in the client's words; the instructions go to the log only. */
export async function requireCddKeyForClient(): Promise<void> {
  if (cddKeyAvailable()) return;
  console.error(`[cdd] a client could not give identity details: ${OPERATOR_MESSAGE}`);
  throw new HttpError(503, identityUnavailableText(await practicePhone()));
}
