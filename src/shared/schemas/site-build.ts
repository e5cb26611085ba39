/** The public site's rebuild status, as `GET`/`POST /api/site-builds` answer it to staff. */
import * as z from 'zod/mini';

/** A build-hook call or a build that failed: when, and why for staff (never a secret). */
const buildFailureSchema = z.object({ at: z.string(), reason: z.string() });

export const buildStatusSchema = z.object({
  lastRequestedAt: z.nullable(z.string()),
  lastBuiltAt: z.nullable(z.string()),
  /** The public site may not show the latest changes yet: a rebuild is owed or running. */
  pending: z.boolean(),
  /** The last build-hook call failed; it is retried until one is accepted. */
  lastFailure: z.nullable(buildFailureSchema),
  /** The last build failed (the live site stays on the one before), until a later one goes live. */
  lastBuildFailure: z.nullable(buildFailureSchema),
});
export type BuildStatus = z.output<typeof buildStatusSchema>;
