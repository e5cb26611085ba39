/** Netlify calls this when a deploy goes live: the rebuild staff asked for is done. */
import { markBuilt } from './_shared/rebuild.ts';

export default async () => {
  await markBuilt();
  return new Response(null, { status: 204 });
};
