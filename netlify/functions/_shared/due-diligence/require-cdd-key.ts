/**
 * The routes' check for the due-diligence key: 503, as staff calls answer without
 * SESSION_SECRET. Here and not in crypto/, which sits below the repositories and knows
 * nothing of HTTP. Staff are told how to set the key; a client, through their link, only
 * that identity details cannot be taken now and the practice's number, while the operator's
 * instructions go to the log (an anonymous caller learns nothing of the site's setup).
 */
import { PRACTICE } from '#src/content/practice.ts';
import { identityUnavailableText } from '#src/content/amlctf.ts';
import { cddKeyAvailable } from '../crypto/sealed-records.ts';
import { refusalStatus, type Routes } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import { getSettings } from '../repositories/settings-store.ts';

const OPERATOR_MESSAGE =
  'Due diligence records are unavailable: CDD_ENCRYPTION_KEY is not set on this site. ' +
  'Set it to 32 random bytes in base64 (openssl rand -base64 32) in the site’s environment variables, then redeploy.';

/** Staff routes: 503 with the setup instructions (staff pass them on to whoever runs the site). */
export function requireCddKey(): void {
  if (!cddKeyAvailable()) throw new Refused('unavailable', OPERATOR_MESSAGE);
}

/** What `declared()` refuses a body for (http.ts's `readJson` and `validate`), before the handler runs. */
const BODY_REFUSALS = new Set([400, 413, 415]);

/**
 * Declared routes (decision 054) that answer 503 without the key once the caller is known,
 * before their body is judged, as these routes always have: `declared()` checks the caller,
 * then reads the body, then runs the handler (which calls `requireCddKey()` first), so a body
 * it refuses is answered with the 503 instead while there is no key. `requireKey` is the
 * check (a client's link: `requireCddKeyForClient`, the client's words).
 */
export function keyBeforeBody(routes: Routes, requireKey: () => void | Promise<void> = requireCddKey): Routes {
  return Object.fromEntries(
    Object.entries(routes).map(([path, methods]) => [
      path,
      Object.fromEntries(
        Object.entries(methods).map(([method, handler]) => [
          method,
          async (req: Request, context: Parameters<typeof handler>[1]) => {
            try {
              return await handler(req, context);
            } catch (error) {
              if (BODY_REFUSALS.has(refusalStatus(error) ?? 0)) await requireKey();
              throw error;
            }
          },
        ]),
      ),
    ]),
  );
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
  throw new Refused('unavailable', identityUnavailableText(await practicePhone()));
}
