/**
 * Which Blobs a command-line tool works on: the deployed site's when NETLIFY_SITE_ID and
 * NETLIFY_AUTH_TOKEN are set (through Netlify's API, a personal access token that stays
 * on this machine), else the local directory (BLOBS_DIR, default .netlify/blobs-serve).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_BLOBS_DIR, startLocalBlobs } from './local-blobs.ts';

/**
 * The deploy contexts whose stores a tool can work on. Deploy previews and branch deploys
 * keep stores of their own, named after the context (`deploy-preview--users`, see
 * `storeName` in netlify/functions/_shared/repositories/blobs.ts), shared by every deploy of that context.
 */
export const DEPLOY_CONTEXTS = ['production', 'deploy-preview', 'branch-deploy'] as const;
export type DeployContext = (typeof DEPLOY_CONTEXTS)[number];

/**
 * `--context <name>` (or `--context=<name>`) from the arguments, else `production`; the other
 * arguments as they came. The repositories then open that context's stores (they read
 * `CONTEXT`, the variable Netlify sets in each deploy).
 */
export function takeDeployContext(args: readonly string[]): { context: DeployContext; rest: string[] } {
  const rest: string[] = [];
  let context: string = 'production';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--context') context = args[++i] ?? '';
    else if (arg.startsWith('--context=')) context = arg.slice('--context='.length);
    else rest.push(arg);
  }
  if (!(DEPLOY_CONTEXTS as readonly string[]).includes(context)) {
    throw new Error(`--context must be one of ${DEPLOY_CONTEXTS.join(', ')}`);
  }
  process.env.CONTEXT = context;
  return { context: context as DeployContext, rest };
}

export interface BlobsTarget {
  /** Said in messages and recorded in a backup's header. */
  source: Record<string, string>;
  describe: string;
  stop(): Promise<void>;
}

/** `mustExist`: reading from a local directory that is not there is a typo, not an empty backup. */
export async function connectBlobs({ mustExist = false } = {}): Promise<BlobsTarget> {
  const { NETLIFY_SITE_ID: siteID, NETLIFY_AUTH_TOKEN: token } = process.env;
  if (siteID && token) {
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({ siteID, token })).toString('base64');
    return { source: { kind: 'site', siteID }, describe: `site ${siteID}`, stop: async () => {} };
  }
  const directory = path.resolve(process.env.BLOBS_DIR ?? DEFAULT_BLOBS_DIR);
  if (mustExist && !existsSync(path.join(directory, 'entries'))) {
    throw new Error(
      `There are no local Blobs in ${directory} (set BLOBS_DIR, or NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN).`,
    );
  }
  const local = await startLocalBlobs(directory);
  return { source: { kind: 'local', directory }, describe: `the local Blobs in ${directory}`, stop: local.stop };
}
