/**
 * Server configuration from the environment, parsed once, lazily, in this one place.
 * Nothing here falls back to a default secret: a deploy without SESSION_SECRET refuses
 * the staff calls (503) instead of signing sessions with something guessable.
 */
import * as z from 'zod/mini';
import { HttpError } from './http.ts';

const schema = z.object({
  SESSION_SECRET: z.optional(z.string().check(z.minLength(32))),
  NETLIFY_BUILD_HOOK_URL: z.optional(z.url()),
});

type ServerEnv = z.output<typeof schema>;
let cached: ServerEnv | undefined;

function env(): ServerEnv {
  if (!cached) {
    const result = schema.safeParse({
      SESSION_SECRET: process.env.SESSION_SECRET || undefined,
      NETLIFY_BUILD_HOOK_URL: process.env.NETLIFY_BUILD_HOOK_URL || undefined,
    });
    if (!result.success) {
      console.error('[env] invalid configuration:', result.error.issues.map((i) => i.path.join('.')));
      throw new HttpError(503, 'The server is not configured correctly. Please contact the site administrator.');
    }
    cached = result.data;
  }
  return cached;
}

/** The key that signs session tokens; 503 when the deploy has none. */
export function sessionSecret(): Uint8Array {
  const secret = env().SESSION_SECRET;
  if (!secret) {
    throw new HttpError(503, 'Staff sign-in is not configured on this site yet (SESSION_SECRET is missing).');
  }
  return new TextEncoder().encode(secret);
}

export const buildHookUrl = (): string | undefined => env().NETLIFY_BUILD_HOOK_URL;

/** For tests that change the environment between cases. */
export const resetEnvCache = () => {
  cached = undefined;
};
