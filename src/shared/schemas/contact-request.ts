/**
 * A stored contact request, as the staff list shows it and as every read parses it:
 * fields added after requests were first stored get their defaults here.
 */
import * as z from 'zod/mini';

export const contactRequestRecordSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  serviceType: z.string(),
  propertyAddress: z.optional(z.string()),
  message: z.optional(z.string()),
  callbackDate: z.optional(z.string()),
  callbackTime: z.optional(z.string()),
  createdAt: z.string(),
});

export type ContactRequest = z.output<typeof contactRequestRecordSchema>;
