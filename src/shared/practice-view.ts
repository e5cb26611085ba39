/**
 * The practice as the pages print it: the stored settings (or their defaults) joined with
 * the facts staff do not edit (tagline, founding year, social links, the reviews script).
 */
import {
  type DEFAULT_CLAIMS,
  PRACTICE,
  PROFESSIONAL_STANDARDS,
  RATING_BEST,
  REVIEWS_EMBED,
  type BusinessHours,
} from '../content/practice.ts';
import { isSitePath } from './schemas/fields.ts';
import {
  businessHoursOf,
  checkedRating,
  hoursTable,
  TEXT_CLAIM_KEYS,
  phoneLinks,
  type HoursRow,
  type PracticeSettingsFields,
} from './schemas/settings.ts';

export interface PracticeView {
  name: string;
  tagline: string;
  phone: { display: string; href: string; e164: string };
  email: string;
  address: { street: string; locality: string; region: string; postcode: string; country: string };
  serviceRegion: string;
  foundedYear: number;
  social: readonly { label: string; href: string }[];
  /** For people: every day, closed ones too. */
  hoursTable: HoursRow[];
  /** For schema.org and the business-minute count: open days only. */
  businessHours: BusinessHours[];
  /** The Professional Standards line, or null when the switch is off. */
  professionalStandards: string | null;
  /** The reviews embed, or null when it is off or no script is configured (it needs a CSP entry). */
  reviewsEmbed: { scriptUrl: string; widgetId: string; widgetAttribute: string } | null;
  team: { name: string; role: string; bio?: string; photo?: string; principal: boolean }[];
  /** The public claims as saved in Settings (or the brief's defaults), as the pages print them. */
  claims: Record<keyof typeof DEFAULT_CLAIMS, string>;
  /** The rating the pages show, or null when staff cleared it. */
  rating: { value: number; count: number; best: number } | null;
  /** The rating the structured data carries: only one staff entered and dated, never the default. */
  structuredRating: { value: number; count: number; best: number } | null;
}

export function practiceView(settings: PracticeSettingsFields): PracticeView {
  const { rating } = settings.claims;
  const checked = checkedRating(rating);
  return {
    name: settings.name,
    tagline: PRACTICE.tagline,
    phone: { display: settings.phone, ...phoneLinks(settings.phone) },
    email: settings.email,
    address: {
      street: settings.street,
      locality: settings.locality,
      region: settings.region,
      postcode: settings.postcode,
      country: PRACTICE.address.country,
    },
    serviceRegion: PRACTICE.serviceRegion,
    foundedYear: PRACTICE.foundedYear,
    social: PRACTICE.social.flatMap(({ label, href }) => (href ? [{ label, href }] : [])),
    hoursTable: hoursTable(settings.hours),
    businessHours: businessHoursOf(settings.hours),
    professionalStandards: settings.professionalStandards ? PROFESSIONAL_STANDARDS.text : null,
    reviewsEmbed:
      settings.reviewsEnabled && settings.reviewsWidgetId && REVIEWS_EMBED.scriptUrl
        ? {
            scriptUrl: REVIEWS_EMBED.scriptUrl,
            widgetId: settings.reviewsWidgetId,
            widgetAttribute: REVIEWS_EMBED.widgetAttribute,
          }
        : null,
    // A photo on another site (saved before photos came from the library) would be blocked by
    // the pages' CSP and show as a broken image: the initials stand in for it.
    team: settings.team.map(({ photo, ...member }) => (photo && isSitePath(photo) ? { ...member, photo } : member)),
    claims: Object.fromEntries(TEXT_CLAIM_KEYS.map((key) => [key, settings.claims[key].value])) as Record<
      (typeof TEXT_CLAIM_KEYS)[number],
      string
    >,
    rating:
      rating.value !== null && rating.count !== null
        ? { value: rating.value, count: rating.count, best: RATING_BEST }
        : null,
    structuredRating: checked ? { ...checked, best: RATING_BEST } : null,
  };
}
