/**
 * Netlify calls this when a deploy goes live. The function also has a public URL
 * (/.netlify/functions/deploy-succeeded) and the event carries no signature, so it trusts
 * nothing in the request: it promotes the time this deploy's own build recorded when it
 * read the data, for the deploy the platform says this code belongs to.
 */
import type { Context } from '@netlify/functions';
import { markDeployLive } from './_shared/site/rebuild.ts';

export default async (_req: Request, context: Pick<Context, 'deploy'>) => {
  await markDeployLive(context.deploy.id);
  return new Response(null, { status: 204 });
};
