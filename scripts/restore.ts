/**
 * Writes a backup made by `npm run backup` back into Netlify Blobs.
 *
 *   npm run restore -- <file> [--replace]
 *
 * The file is checked whole first; a damaged or cut-short backup writes nothing. Without
 * --replace it refuses when any of the backup's stores already holds data; with --replace
 * those stores end up exactly as in the backup (keys the backup lacks are deleted). Stores
 * not in the backup are left alone. Same targets as backup (local, or NETLIFY_SITE_ID and
 * NETLIFY_AUTH_TOKEN for the deployed site).
 *
 * A backup with due-diligence records sealed under a key that neither CDD_ENCRYPTION_KEY nor
 * CDD_ENCRYPTION_KEY_PREVIOUS is (locally, if unset, this machine's .netlify/local-cdd-key)
 * is refused, naming the key id it needs, and nothing is written.
 */
import { restore } from './lib/blobs-backup.ts';
import { connectBlobs } from './lib/blobs-target.ts';
import { useKeptLocalCddKey } from './lib/local-secret.ts';

const args = process.argv.slice(2);
const replace = args.includes('--replace');
const files = args.filter((arg) => arg !== '--replace');
if (files.length !== 1 || files[0]!.startsWith('--')) {
  console.error('Usage: npm run restore -- <file> [--replace]');
  process.exit(2);
}

const target = await connectBlobs();
if (target.source.kind === 'local') useKeptLocalCddKey();
try {
  const { stores, blobs, removed } = await restore(files[0]!, { replace });
  console.log(
    `Restored ${blobs} blobs in ${stores} stores to ${target.describe}` +
      (replace ? `; removed ${removed} blobs the backup did not have.` : '.'),
  );
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await target.stop();
}
