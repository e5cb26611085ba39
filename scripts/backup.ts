/**
 * Writes every Netlify Blobs store to one JSON Lines file (Blobs itself keeps no history).
 *
 *   npm run backup -- <file>
 *
 * Local Blobs by default (BLOBS_DIR, else .netlify/blobs-serve); the deployed site's with
 * NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN. The file holds personal data and password
 * hashes: it is created readable by its owner only; keep it that way.
 *
 * Beside it, `<file>.manifest.json` says what a restore needs that the file does not hold
 * (the ids of the due-diligence keys its sealed records need, and SESSION_SECRET), never a
 * key itself; the backup's closing line says the same.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { backup } from './lib/blobs-backup.ts';
import { connectBlobs } from './lib/blobs-target.ts';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const manifest = `${file}.manifest.json`;
if (existsSync(file) || existsSync(manifest)) {
  console.error(`${file} already exists; choose a new name (a backup never overwrites another).`);
  process.exit(1);
}

const target = await connectBlobs({ mustExist: true }).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
try {
  const { stores, blobs, needs } = await backup(file, target.source);
  await writeFile(
    manifest,
    JSON.stringify(
      {
        backup: file,
        blobs,
        restoreNeeds: {
          cddKeyIds: needs.cddKeyIds,
          cddKeys:
            'CDD_ENCRYPTION_KEY (or CDD_ENCRYPTION_KEY_PREVIOUS) with each id above: its sealed records open with nothing else',
          sessionSecret:
            'SESSION_SECRET, the value the site runs with: sessions, trusted devices and the sign-in throttle are keyed by it',
        },
      },
      null,
      2,
    ) + '\n',
    { flag: 'wx' },
  );
  console.log(`Backed up ${blobs} blobs in ${stores} stores from ${target.describe} to ${file}.`);
  const ids = needs.cddKeyIds.length
    ? `the due-diligence key id ${needs.cddKeyIds.join(', ')}`
    : 'no due-diligence key';
  console.log(`A restore needs ${ids} and SESSION_SECRET, kept apart from the backup (${manifest}).`);
} catch (error) {
  console.error(`Backup failed, no file written: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await target.stop();
}
