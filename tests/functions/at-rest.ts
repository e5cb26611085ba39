/**
 * What a store keeps on disk and what a backup file holds, as text, for the tests that prove a
 * secret is only ever kept sealed: every file under the test's Blobs directory, and a backup
 * (`npm run backup`'s own code) of the running Blobs, its blobs decoded.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { backup } from '#scripts/lib/blobs-backup.ts';

/** Every file under `directory`, concatenated as latin1 text. */
export function filesAtRest(directory: string): string {
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else parts.push(readFileSync(full, 'latin1'));
    }
  };
  walk(directory);
  return parts.join('\n');
}

/** A backup of the running Blobs, each blob's bytes decoded to text, with its store and key. */
export async function backedUpText(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'backup-at-rest-'));
  try {
    const file = path.join(dir, 'backup.jsonl');
    await backup(file, { kind: 'test' });
    return readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { store?: string; key?: string; data?: string })
      .map((entry) =>
        entry.data === undefined
          ? ''
          : `${entry.store}/${entry.key}: ${Buffer.from(entry.data, 'base64').toString('latin1')}`,
      )
      .join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
