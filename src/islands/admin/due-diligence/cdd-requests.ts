/** What the due-diligence pieces share when they call the API. */
import { ApiError } from '#src/lib/api.ts';

/** The server's message when it gave one (a 403 or 409 says why), else the fallback. */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError || (error instanceof Error && error.message) ? (error as Error).message : fallback;
