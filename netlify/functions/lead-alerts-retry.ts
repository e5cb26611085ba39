/** Every minute: retries the staff alerts that failed, with backoff, for 24 hours. */
import type { Config } from '@netlify/functions';
import { retryDueAlerts } from './_shared/alerts.ts';

export default async () => {
  await retryDueAlerts();
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
