/**
 * Staff sign-in (decision 054; docs/decisions/045-staff-passkeys.md): by password, which on an
 * account with a passkey opens nothing and asks for the passkey, or by passkey. All public,
 * counted by the sign-in throttle (429), and limited per address by Netlify as well.
 */
import * as z from 'zod/mini';
import { loginSchema, sessionUserSchema } from '../schemas/login.ts';
import { passkeyOptionsSchema, passkeyRequestOptionsSchema, passkeySignInSchema } from '../schemas/passkeys.ts';
import { route } from './contract.ts';

export const loginRoutes = {
  password: route({
    method: 'POST',
    path: '/api/login',
    summary:
      'Signs in with a password: a session (in a cookie), or for an account with a passkey only that its passkey must finish',
    access: 'public',
    input: loginSchema,
    output: z.union([
      sessionUserSchema,
      // The right password on an account with a passkey: no session, the sign-in page asks for the passkey.
      z.object({ id: z.string(), username: z.string(), secondFactor: z.literal('passkey') }),
    ]),
    answerHeaders: ['Set-Cookie'],
    refusals: [400, 401, 413, 415, 429, 503],
  }),
  passkeyOptions: route({
    method: 'POST',
    path: '/api/login/passkey/options',
    summary: 'The options for signing in with a passkey (WebAuthn), with their challenge in a cookie',
    access: 'public',
    input: z.optional(passkeyOptionsSchema),
    output: passkeyRequestOptionsSchema,
    answerHeaders: ['Set-Cookie'],
    refusals: [400, 413, 415, 503],
  }),
  passkey: route({
    method: 'POST',
    path: '/api/login/passkey',
    summary: 'Signs in with the passkey the assertion proves: a session (in a cookie)',
    access: 'public',
    input: passkeySignInSchema,
    output: sessionUserSchema,
    answerHeaders: ['Set-Cookie'],
    refusals: [400, 401, 413, 415, 429, 503],
  }),
} as const;
