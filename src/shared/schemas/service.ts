/**
 * Services: the staff form, the API's create/full-update payload and the stored record.
 * The landing page's cards show every field here except `order` and the bookkeeping.
 */
import * as z from 'zod/mini';
import { SERVICE_ICONS, type ServiceIcon } from '#src/content/services.ts';
import { requiredText, withoutControlCharacters } from './fields.ts';

export { SERVICE_ICONS, type ServiceIcon };
export const SERVICE_ICON_LABELS: Record<ServiceIcon, string> = {
  home: 'House',
  building: 'Office building',
  document: 'Document',
  key: 'Key',
  crane: 'Crane (off the plan)',
  star: 'Star',
  shield: 'Shield',
  pin: 'Map pin',
};

export const SERVICE_LIMITS = {
  title: 120,
  description: 600,
  listItem: 160,
  features: 12,
  timeFrame: 60,
  serviceAreas: 30,
} as const;

/** A list of short texts: each trimmed, blank ones dropped, then at least one and at most `max`. */
const textList = (emptyMessage: string, max: number) =>
  z.pipe(
    z.pipe(
      z.array(
        z
          .string('Each entry must be text')
          .check(
            withoutControlCharacters(),
            z.trim(),
            z.maxLength(SERVICE_LIMITS.listItem, `Please keep each entry under ${SERVICE_LIMITS.listItem} characters`),
          ),
        emptyMessage,
      ),
      z.transform((items: string[]) => items.filter((item) => item !== '')),
    ),
    z.array(z.string()).check(z.minLength(1, emptyMessage), z.maxLength(max, `Please list at most ${max}`)),
  );

export const serviceInputSchema = z.object({
  title: requiredText('Title is required', SERVICE_LIMITS.title),
  description: requiredText('Description is required', SERVICE_LIMITS.description, { multiline: true }),
  icon: z.enum(SERVICE_ICONS, 'Please choose an icon'),
  features: textList('Add at least one feature', SERVICE_LIMITS.features),
  timeFrame: requiredText('Time frame is required', SERVICE_LIMITS.timeFrame),
  serviceAreas: textList('Add at least one service area', SERVICE_LIMITS.serviceAreas),
  isActive: z._default(z.boolean('Active must be true or false'), false),
  /** The `version` the editor loaded: a save over a newer version answers 409. */
  version: z.optional(z.string()),
});

export type ServiceInput = z.input<typeof serviceInputSchema>;
export type ServiceData = z.output<typeof serviceInputSchema>;

/** A service as stored in Blobs, and as every read parses it. */
export const serviceRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.enum(SERVICE_ICONS),
  features: z.array(z.string()),
  timeFrame: z.string(),
  serviceAreas: z.array(z.string()),
  isActive: z.boolean(),
  /** Position on the landing page, smallest first; new services go last. */
  order: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Changes with every save; send it back with an update to detect conflicts. */
  version: z.string(),
});

export type Service = z.output<typeof serviceRecordSchema>;

/** The fields a landing-page card shows. */
export type PublicService = Pick<
  Service,
  'id' | 'title' | 'description' | 'icon' | 'features' | 'timeFrame' | 'serviceAreas' | 'isActive'
>;
