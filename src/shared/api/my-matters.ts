/**
 * The client's side of their matter (decision 054; docs/decisions/032-client-matter-sign-in.md):
 * `/matter/` (sign in by e-mail, then their matters, server-rendered, no JavaScript needed),
 * the one-time sign-in link, and the same under `/api/my-matters` with the calendar file, update
 * requests, texts and their bank details for settlement. All `public` to `serve()`: the client's
 * session is their own cookie, never a staff session, and each handler reads it, after the
 * body (a malformed body is refused whoever sends it). A page's forms post here too.
 */
import * as z from 'zod/mini';
import { payoutDetailsSchema } from '../schemas/bank-account.ts';
import {
  clientMatterSchema,
  matterSignInSchema,
  textsChangedSchema,
  textsChangeSchema,
  updateRequestedSchema,
  updateRequestSchema,
} from '../schemas/client-matter.ts';
import { route } from './contract.ts';
import { madeResponse } from './made-response.ts';

const payout = {
  path: '/api/my-matters/:id/payout',
  summary: 'The client’s bank details for settlement, within 15 minutes of signing in; called back before use',
  access: 'public',
  input: payoutDetailsSchema,
  output: z.object({ status: z.literal('submitted') }),
  status: 201,
  // 403: signed in longer ago than 15 minutes; 409: the details are past changing.
  refusals: [400, 401, 403, 404, 409, 413, 415, 503],
} as const;

export const myMattersRoutes = {
  page: route({
    method: 'GET',
    path: '/matter',
    summary: 'The client’s page: the sign-in form, or their matters once signed in',
    access: 'public',
    output: madeResponse,
    answerType: 'text/html',
    refusals: [],
  }),
  signInLink: route({
    method: 'GET',
    path: '/matter/sign-in/:token',
    summary: 'The e-mailed one-time link: a 303 to /matter/ with the client’s session, or a page saying it ended',
    access: 'public',
    output: madeResponse,
    answerType: 'text/html',
    refusals: [],
  }),
  signIn: route({
    method: 'POST',
    path: '/api/matter-sign-in',
    summary: 'E-mails a one-time sign-in link to the address, if it is a client’s (the answer never says)',
    access: 'public',
    input: matterSignInSchema,
    formPost: true,
    output: z.object({ status: z.literal('accepted') }),
    status: 202,
    refusals: [400, 413, 415, 429, 503],
  }),
  signOut: route({
    method: 'POST',
    path: '/api/matter-sign-out',
    summary: 'Ends the client’s session and forgets the browser',
    access: 'public',
    formPost: true,
    output: z.undefined(),
    status: 204,
    answerHeaders: ['Set-Cookie'],
    refusals: [],
  }),
  list: route({
    method: 'GET',
    path: '/api/my-matters',
    summary: 'The signed-in client’s matters: deadlines, milestones, what is next and what is needed',
    access: 'public',
    output: z.array(clientMatterSchema),
    refusals: [401, 503],
  }),
  calendar: route({
    method: 'GET',
    path: '/api/my-matters/:id/calendar.ics',
    summary: 'The matter’s deadlines as a calendar file (iCalendar)',
    access: 'public',
    output: madeResponse,
    answerType: 'text/calendar',
    refusals: [401, 404, 503],
  }),
  requestUpdate: route({
    method: 'POST',
    path: '/api/my-matters/:id/update-requests',
    summary: 'Asks the practice for an update on the matter; staff are alerted',
    access: 'public',
    input: updateRequestSchema,
    formPost: true,
    output: updateRequestedSchema,
    status: 201,
    refusals: [400, 401, 404, 413, 415, 429, 503],
  }),
  texts: route({
    method: 'POST',
    path: '/api/my-matters/:id/texts',
    summary: 'Texts about the matter on (to an Australian mobile) or off',
    access: 'public',
    input: textsChangeSchema,
    formPost: true,
    output: textsChangedSchema,
    refusals: [400, 401, 404, 409, 413, 415, 503],
  }),
  savePayout: route({ ...payout, method: 'PUT' }),
  // The page's form (no JavaScript) posts the same.
  postPayout: route({ ...payout, method: 'POST', formPost: true }),
} as const;
