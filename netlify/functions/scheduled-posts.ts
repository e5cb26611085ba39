/**
 * Every five minutes: when a scheduled post has come due, asks for the one rebuild that
 * puts it on the public site (the blog is pre-rendered, so nothing else would). Later runs
 * and other instances find that rebuild already requested (see `rebuildForDuePost`).
 */
import type { Config } from '@netlify/functions';
import { now as currentTime } from '#src/shared/clock.ts';
import { latestComingDue } from '#src/shared/publish-time.ts';
import { rebuildForDuePost } from './_shared/site/rebuild.ts';
import { listPosts } from './_shared/repositories/blog-posts-store.ts';

export default async () => {
  const now = currentTime(); // the real time on Netlify (src/shared/clock.ts)
  const due = latestComingDue(await listPosts(), now);
  if (due !== null) await rebuildForDuePost(due, now);
  return new Response(null, { status: 204 });
};

// A post goes live within five minutes of its time (plus the build); locally every minute.
export const config: Config = { schedule: '*/5 * * * *' };
