/**
 * Netlify calls this when a deploy does not complete (the build failed, or was stopped):
 * staff then see on the Blog Posts tab that the last rebuild failed, and why, instead of a
 * rebuild "under way" forever. Like deploy-succeeded it has a public URL and an unsigned
 * body, so it takes only the deploy's id from the event and shows what that deploy's own
 * build recorded (rebuild.ts `markDeployFailed`).
 */
import { markDeployFailed } from './_shared/site/rebuild.ts';

export default async (req: Request) => {
  const event = (await req.json().catch(() => null)) as { payload?: { id?: unknown } } | null;
  const deployId = event?.payload?.id;
  if (typeof deployId === 'string' && deployId) await markDeployFailed(deployId);
  return new Response(null, { status: 204 });
};
