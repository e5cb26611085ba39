/**
 * Writes every Netlify Blobs store to one JSON Lines file (Blobs itself keeps no history).
 *
 *   npm run backup -- <file>
 *
 * Local Blobs by default (BLOBS_DIR, else .netlify/blobs-serve); the deployed site's with
 * NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN. The file holds personal data and password
 * hashes: it is created readable by its owner only; keep it that way.
 */
import { existsSync } from 'node:fs';
import { backup } from './lib/blobs-backup.ts';
import { connectBlobs } from './lib/blobs-target.ts';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
if (existsSync(file)) {
  console.error(`${file} already exists; choose a new name (a backup never overwrites another).`);
  process.exit(1);
}

const target = await connectBlobs({ mustExist: true }).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
try {
  const { stores, blobs } = await backup(file, target.source);
  console.log(`Backed up ${blobs} blobs in ${stores} stores from ${target.describe} to ${file}.`);
} catch (error) {
  console.error(`Backup failed, no file written: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await target.stop();
}
