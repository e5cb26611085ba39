/**
 * The client's side of an engagement, through the personal link `/engage/{token}`: the
 * costs disclosure and agreement as JSON, and the signed PDF once accepted.
 * Guessing at links is throttled per network as sign-ins are, and every unknown token
 * gets the same 404.
 */
import type { Config } from '@netlify/functions';
import type { EngagementRecord } from '../../src/shared/schemas/engagement.ts';
import { markViewed, openByToken, statusAt, viewOf } from './_shared/engagements.ts';
import { pdfResponse } from './_shared/engagement-pdf-response.ts';
import { handle, HttpError, json, type RouteContext } from './_shared/http.ts';
import { admitAttempt, clientAddress, noteSuccess } from './_shared/login-throttle.ts';

/**
 * The sign-in throttle's bucket for link guesses: two characters, which no username can be
 * (they have at least three), so guesses never count against a staff account.
 */
const LINK_GUESSES = 'el';

/**
 * The engagement a token opens, counting the request as a guess until the token proves
 * real (an ended link is real too: only a 404 counts against the network).
 */
export async function openThrottled(req: Request, context: RouteContext, token: string): Promise<EngagementRecord> {
  let admitted;
  try {
    admitted = await admitAttempt(LINK_GUESSES, clientAddress(req, context), { slowLane: false });
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) {
      throw new HttpError(
        429,
        'Too many links that do not exist were tried from your network. Please try again later.',
        {
          headers: error.headers,
        },
      );
    }
    throw error;
  }
  try {
    const record = await openByToken(token);
    await noteSuccess(admitted);
    return record;
  } catch (error) {
    if (error instanceof HttpError && error.status === 410) await noteSuccess(admitted);
    throw error;
  }
}

export const config: Config = {
  path: ['/api/engage/:token', '/api/engage/:token/document.pdf'],
};

export default handle(config, {
  '/api/engage/:token': {
    GET: async (req, context) => {
      const record = await markViewed(await openThrottled(req, context, context.params.token ?? ''));
      return json(viewOf(record, statusAt(record)), 200, { 'Referrer-Policy': 'no-referrer' });
    },
  },
  '/api/engage/:token/document.pdf': {
    GET: async (req, context) => pdfResponse(await openThrottled(req, context, context.params.token ?? '')),
  },
});
