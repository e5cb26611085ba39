/**
 * A staff account as a record names it: by id, with its username at the time (who recorded an
 * entry, reported it, called back or approved). The stores keep it so, and the API answers it so.
 */
import * as z from 'zod/mini';

export const actorSchema = z.object({ id: z.string(), username: z.string() });
export type Actor = z.output<typeof actorSchema>;
