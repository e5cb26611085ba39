/** Daily: deletes enquiries nobody has touched for ENQUIRY_RETENTION_DAYS (APP 11). */
import type { Config } from '@netlify/functions';
import { applyRetention } from './_shared/lead-desk.ts';

export default async () => {
  const deleted = await applyRetention();
  if (deleted > 0) console.info(`[retention] deleted ${deleted} enquiries past the retention period`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@daily' };
