/**
 * The routes' check for the due-diligence key: 503, as staff calls answer without
 * SESSION_SECRET, saying how to set it. Here and not in crypto/, which sits below the
 * repositories and knows nothing of HTTP.
 */
import { cddKeyAvailable } from '../crypto/sealed-records.ts';
import { HttpError } from '../http/http.ts';

export function requireCddKey(): void {
  if (!cddKeyAvailable()) {
    throw new HttpError(
      503,
      'Due diligence records are unavailable: CDD_ENCRYPTION_KEY is not set on this site. ' +
        'Set it to 32 random bytes in base64 (openssl rand -base64 32) in the site’s environment variables, then redeploy.',
    );
  }
}
