/** Every minute: asks for a rebuild that was queued during the cool-down. */
import type { Config } from '@netlify/functions';
import { flushQueuedRebuild } from './_shared/rebuild.ts';

export default async () => {
  await flushQueuedRebuild();
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
