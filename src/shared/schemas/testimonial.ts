/**
 * Testimonials: the staff form, the API's create/full-update payload and the stored record.
 * Consumer law expects a business to be able to show where each testimonial came from, when,
 * and that the client agreed to its use: `source`, `receivedAt` and `consent`. Without
 * consent a testimonial cannot be active.
 */
import * as z from 'zod/mini';
import { now as currentTime } from '../clock.ts';
import { dateInRange, isIsoDate, optionalText, requiredText } from './fields.ts';

export const TESTIMONIAL_LIMITS = { title: 120, position: 120, content: 2000, source: 80 } as const;

/** Suggestions for `source` (any text is accepted). */
export const TESTIMONIAL_SOURCES = [
  'Google review',
  'E-mail',
  'Letter or card',
  'Phone call',
  'Facebook review',
  'In person',
] as const;

export const CONSENT_REQUIRED = "Confirm the client's consent before making this testimonial active";

/** A day may be 'today' in Sydney while it is still yesterday in UTC: allow one day ahead. */
const notInFuture = (value: string) => Date.parse(value) <= currentTime() + 24 * 60 * 60 * 1000;

export const testimonialInputSchema = z
  .object({
    title: requiredText('Title is required', TESTIMONIAL_LIMITS.title),
    position: z.optional(z.nullable(optionalText(TESTIMONIAL_LIMITS.position))),
    content: requiredText('Content is required', TESTIMONIAL_LIMITS.content, { multiline: true }),
    source: requiredText('Source is required', TESTIMONIAL_LIMITS.source),
    receivedAt: requiredText('Date received is required', 30).check(
      dateInRange(),
      z.refine(
        (value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isIsoDate(value)),
        'Use a date like 2026-03-31',
      ),
      z.refine((value) => !isIsoDate(value) || notInFuture(value), 'The date received cannot be in the future'),
    ),
    consent: z._default(z.boolean('Consent must be true or false'), false),
    isActive: z._default(z.boolean('Active must be true or false'), false),
    /** The `version` the editor loaded: a save over a newer version answers 409. */
    version: z.optional(z.string()),
  })
  .check(z.refine((value) => !value.isActive || value.consent, { message: CONSENT_REQUIRED, path: ['consent'] }));

export type TestimonialInput = z.input<typeof testimonialInputSchema>;
export type TestimonialData = z.output<typeof testimonialInputSchema>;

/**
 * A testimonial as stored in Blobs, and as every read parses it: every write sets each
 * field but `position`, so a record missing one is refused (logged and skipped). Active
 * only with consent: create, update and setActive refuse anything else before writing.
 */
export const testimonialRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  position: z.optional(z.string()),
  content: z.string(),
  source: z.string(),
  receivedAt: z.string(),
  consent: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Changes with every save; send it back with an update to detect conflicts. */
  version: z.string(),
});

export type Testimonial = z.output<typeof testimonialRecordSchema>;
