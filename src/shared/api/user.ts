/**
 * The current staff session and the account's own settings (decision 054): who is signed in,
 * signing out, changing one's own password, and the address one's own notices go to. The
 * first three also work in a session whose initial password is still to be changed (who is
 * signed in, `signed-in`, also while a required passkey is awaited; the change itself,
 * `password-pending`); signing out reads no session before its handler, which ends whatever
 * session the request carries.
 */
import * as z from 'zod/mini';
import { sessionUserSchema } from '../schemas/login.ts';
import { ownEmailSchema, passwordChangeSchema } from '../schemas/staff.ts';
import { route } from './contract.ts';

const ownEmailAnswerSchema = z.object({ email: z.nullable(z.string()) });

export const userRoutes = {
  current: route({
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in staff member (401 when signed out)',
    access: 'signed-in',
    output: sessionUserSchema,
    refusals: [401, 403, 503],
  }),
  logout: route({
    method: 'POST',
    path: '/api/logout',
    summary: 'Ends this request’s session on the server and clears its cookie',
    access: 'public',
    output: z.undefined(),
    status: 204,
    answerHeaders: ['Set-Cookie'],
    refusals: [503],
  }),
  changePassword: route({
    method: 'PUT',
    path: '/api/user/password',
    summary:
      'Changes one’s own password (the current one checked under the sign-in throttle); signs the account out everywhere and gives this browser a fresh session',
    access: 'password-pending',
    input: passwordChangeSchema,
    // The new session's account: never `mustChangePassword`, the forced change being done.
    output: z.omit(sessionUserSchema, { mustChangePassword: true }),
    answerHeaders: ['Set-Cookie'],
    refusals: [400, 401, 403, 413, 415, 429, 503],
  }),
  email: route({
    method: 'GET',
    path: '/api/user/email',
    summary: 'The address the account’s own notices go to, or null',
    access: 'staff',
    output: ownEmailAnswerSchema,
    refusals: [401, 403, 503],
  }),
  setEmail: route({
    method: 'PUT',
    path: '/api/user/email',
    summary: 'Sets the address the account’s own notices go to; an empty string removes it',
    access: 'staff',
    input: ownEmailSchema,
    output: ownEmailAnswerSchema,
    refusals: [400, 401, 403, 413, 415, 503],
  }),
} as const;
