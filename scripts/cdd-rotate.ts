/**
 * Re-encrypts every due-diligence record under the current key, and the other records sealed
 * with it: the clients' bank details (`payouts`), the practice's accounts and the cash register.
 *
 *   npm run cdd:rotate [-- --context deploy-preview|branch-deploy]
 *
 * To rotate the key of a deployed site:
 *   1. Make a new key: `openssl rand -base64 32`.
 *   2. In the site's environment variables set CDD_ENCRYPTION_KEY_PREVIOUS to the old key and
 *      CDD_ENCRYPTION_KEY to the new one, and redeploy: new records are sealed under the new
 *      key, old ones still open with the previous one.
 *   3. Run this with the same two variables in your shell and NETLIFY_SITE_ID and
 *      NETLIFY_AUTH_TOKEN (the deployed site's Blobs, as `npm run backup` reaches them). It
 *      re-seals every record still under the previous key; running it again re-seals none.
 *   4. Remove CDD_ENCRYPTION_KEY_PREVIOUS from the site and redeploy; destroy the old key
 *      (and any backup taken before the rotation is readable only with it).
 *
 * Without NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN it works on the local Blobs (BLOBS_DIR,
 * else .netlify/blobs-serve), with CDD_ENCRYPTION_KEY from the shell or, if unset, this
 * machine's key (.netlify/local-cdd-key).
 */
import { connectBlobs, takeDeployContext } from './lib/blobs-target.ts';
import { ensureLocalCddKey } from './lib/local-secret.ts';
import { currentKid } from '../netlify/functions/_shared/crypto/sealed-records.ts';
import { listCddMeta, reencryptAll } from '../netlify/functions/_shared/repositories/due-diligence-store.ts';
import { resealPayouts } from '../netlify/functions/_shared/repositories/payouts-store.ts';
import { resealAccounts } from '../netlify/functions/_shared/repositories/practice-accounts-store.ts';
import { resealCashReceipts } from '../netlify/functions/_shared/repositories/cash-receipts-store.ts';

let target;
try {
  const { rest } = takeDeployContext(process.argv.slice(2));
  if (rest.length > 0) throw new Error('Usage: npm run cdd:rotate [-- --context <context>]');
  target = await connectBlobs({ mustExist: true });
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
if (target.source.kind === 'local') ensureLocalCddKey();
const kid = currentKid();
if (!kid) {
  console.error('CDD_ENCRYPTION_KEY is not set, or not 32 bytes in base64: there is no key to re-encrypt under.');
  await target.stop();
  process.exit(1);
}
try {
  const count = await reencryptAll();
  console.log(`Re-encrypted ${count} due diligence records under key ${kid} in ${target.describe}.`);
  const payouts = await resealPayouts(kid);
  const accounts = await resealAccounts(kid);
  console.log(`Re-encrypted the bank details of ${payouts} matters${accounts ? ' and the practice accounts' : ''}.`);
  console.log(`Re-encrypted ${await resealCashReceipts(kid)} cash receipts.`);
  const left = (await listCddMeta()).filter((meta) => meta.kid !== kid);
  if (left.length > 0) {
    console.error(
      `${left.length} records are still under an older key (${left.map((meta) => meta.enquiryId).join(', ')}): ` +
        'keep CDD_ENCRYPTION_KEY_PREVIOUS until they are fixed or removed.',
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Rotation stopped: ${(error as Error).message}`);
  console.error('Records already re-encrypted stay so; run it again once the cause is fixed.');
  process.exitCode = 1;
} finally {
  await target.stop();
}
