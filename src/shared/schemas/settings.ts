/**
 * Practice settings: the details the public site prints, edited in the portal's
 * Settings tab and read by the build. One record; the typed defaults in src/content apply
 * until staff first save.
 */
import * as z from 'zod/mini';
import {
  BUSINESS_HOURS,
  DEFAULT_CLAIMS,
  DEFAULT_RATING,
  PRACTICE,
  PROFESSIONAL_STANDARDS,
  REVIEWS_EMBED,
  type BusinessHours,
} from '#src/content/practice.ts';
import { TEAM } from '#src/content/team.ts';
import { now as currentTime } from '../clock.ts';
import { sydneyToday } from '../sydney-time.ts';
import { dateInRange, isIsoDate, isSitePath, optionalText, requiredText, type FieldErrors } from './fields.ts';

export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export const SETTINGS_LIMITS = {
  name: 120,
  phone: 30,
  email: 254,
  street: 120,
  locality: 60,
  region: 10,
  postcode: 4,
  widgetId: 120,
  teamName: 120,
  teamRole: 80,
  teamBio: 500,
  photo: 500,
  team: 12,
  claim: 40,
  practisingCertificate: 20,
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The digits a phone number is dialled with; `+61…` from an Australian number written for people. */
export function phoneLinks(display: string): { href: string; e164: string } {
  const digits = display.replace(/[^\d+]/g, '');
  const e164 = digits.startsWith('+') ? digits : digits.startsWith('0') ? `+61${digits.slice(1)}` : digits;
  return { href: `tel:${e164}`, e164 };
}
/** An Australian number: 0X XXXX XXXX, +61 X XXXX XXXX, 13 XX XX, 1300/1800 XXX XXX. */
export const isPhone = (value: string): boolean =>
  /^[\d\s()+-]+$/.test(value) &&
  /^(?:(?:\+61|0)[2-478]\d{8}|13\d{4}|1[38]00\d{6})$/.test(value.replace(/[\s()-]/g, ''));

const openingSchema = z
  .object({
    day: z.enum(WEEK_DAYS, 'Choose a day of the week'),
    open: z.boolean('Open must be true or false'),
    opens: z.string().check(z.regex(TIME, 'Use a time like 09:00')),
    closes: z.string().check(z.regex(TIME, 'Use a time like 17:30')),
  })
  .check(
    z.refine((row) => !row.open || row.opens < row.closes, {
      message: 'Closing time must be after opening time',
      path: ['closes'],
    }),
  );

/** The pages' CSP shows images from this site only, so a photo must be one uploaded here. */
export const TEAM_PHOTO_ELSEWHERE =
  'Upload the photo or choose it from the image library: the website cannot show images from other sites';

/**
 * A practising certificate number as the Law Society of NSW (or another Australian
 * regulator) issues it: letters, digits, hyphens and slashes, with at least one digit,
 * e.g. `12345` or `P0012345`. Checked for its shape only: the register is the practice's
 * to check.
 */
const PRACTISING_CERTIFICATE = /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9/-]*$/;
export const PRACTISING_CERTIFICATE_FORMAT =
  'Enter the practising certificate number: letters, digits, hyphens or slashes, with at least one digit (e.g. 12345 or P0012345)';
export const SOLICITOR_NEEDS_CERTIFICATE = 'A solicitor needs their practising certificate number';
export const CERTIFICATE_NEEDS_SOLICITOR =
  'Only a solicitor has a practising certificate number: tick Solicitor or clear it';

const teamMemberSchema = z
  .object({
    name: requiredText('Each team member needs a name', SETTINGS_LIMITS.teamName),
    role: requiredText('Each team member needs a role', SETTINGS_LIMITS.teamRole),
    bio: optionalText(SETTINGS_LIMITS.teamBio, { multiline: true }),
    photo: optionalText(SETTINGS_LIMITS.photo).check(
      z.refine((value) => value === undefined || isSitePath(value), TEAM_PHOTO_ELSEWHERE),
    ),
    principal: z._default(z.boolean(), false),
    /**
     * A lawyer holding a current practising certificate: only a solicitor may be an
     * engagement's responsible solicitor (the disclosure prints the number). Members saved
     * before this existed are not solicitors until staff mark them.
     */
    solicitor: z._default(z.boolean('Solicitor must be true or false'), false),
    practisingCertificate: optionalText(SETTINGS_LIMITS.practisingCertificate).check(
      z.refine((value) => value === undefined || PRACTISING_CERTIFICATE.test(value), PRACTISING_CERTIFICATE_FORMAT),
    ),
  })
  .check(
    z.superRefine((member, ctx) => {
      if (member.solicitor && !member.practisingCertificate) {
        ctx.addIssue({
          code: 'custom',
          message: SOLICITOR_NEEDS_CERTIFICATE,
          path: ['practisingCertificate'],
          input: '',
        });
      } else if (!member.solicitor && member.practisingCertificate) {
        ctx.addIssue({
          code: 'custom',
          message: CERTIFICATE_NEEDS_SOLICITOR,
          path: ['practisingCertificate'],
          input: member.practisingCertificate,
        });
      }
    }),
  );

/** The team members who may be an engagement's responsible solicitor. */
export const solicitorsOf = <T extends { solicitor: boolean; practisingCertificate?: string | undefined }>(
  team: readonly T[],
): (T & { practisingCertificate: string })[] =>
  team.filter((member): member is T & { practisingCertificate: string } =>
    Boolean(member.solicitor && member.practisingCertificate),
  );

/** The reviews embed needs the provider's widget to show anything. */
const reviewsHaveWidget = (value: { reviewsEnabled: boolean; reviewsWidgetId?: string | undefined }) =>
  !value.reviewsEnabled || Boolean(value.reviewsWidgetId);
const REVIEWS_NEED_WIDGET = {
  message: 'Enter the provider widget id to switch the reviews embed on',
  path: ['reviewsWidgetId'],
};

/** The worded claims (a figure as the page prints it, e.g. '6-8 weeks'), in the form's order, with their labels. */
export const TEXT_CLAIMS = {
  typicalSettlement: 'Typical settlement (residential)',
  commercialSettlement: 'Typical settlement (commercial)',
  contractReview: 'Contract review turnaround',
  offThePlan: 'Off-the-plan purchase timeframe',
  propertiesSettled: 'Properties settled',
  yearsExperience: 'Years of experience',
  satisfaction: 'Client satisfaction',
} as const satisfies Record<keyof typeof DEFAULT_CLAIMS, string>;
export type TextClaim = keyof typeof TEXT_CLAIMS;
export const TEXT_CLAIM_KEYS = Object.keys(TEXT_CLAIMS) as TextClaim[];
export const RATING_LABEL = 'Rating';

/**
 * The day a claim was last checked: YYYY-MM-DD, not after today in Sydney (where staff
 * check it), or null while it has not been (the typed defaults).
 */
const checkedAtSchema = z.nullable(
  z.string('Use a date like 2026-11-23').check(
    dateInRange(),
    z.refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isIsoDate(value), {
      message: 'Use a date like 2026-11-23',
      abort: true,
    }),
    z.refine((value) => value <= sydneyToday(currentTime()), 'The date checked cannot be in the future'),
  ),
);
/**
 * Who checked it: the username the server records when a claim is dated or confirmed
 * (never taken from the browser). Absent for claims dated before it was recorded.
 */
const checkedBySchema = z.optional(z.string());

const textClaimSchema = (label: string) =>
  z.object({
    value: requiredText(`${label} is required`, SETTINGS_LIMITS.claim),
    checkedAt: checkedAtSchema,
    checkedBy: checkedBySchema,
  });

const ratingSchema = z.object({
  value: z.nullable(
    z.number('Enter the rating as a number from 1 to 5').check(
      z.gte(1, 'The rating is from 1 to 5'),
      z.lte(5, 'The rating is from 1 to 5'),
      z.refine(
        (value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9,
        'Give the rating to one decimal place, e.g. 4.8',
      ),
    ),
  ),
  count: z.nullable(
    z
      .number('Enter the number of reviews')
      .check(z.int('The number of reviews is a whole number'), z.gte(0, 'The number of reviews cannot be negative')),
  ),
  checkedAt: checkedAtSchema,
  checkedBy: checkedBySchema,
});

const claimsShape = {
  ...(Object.fromEntries(TEXT_CLAIM_KEYS.map((key) => [key, textClaimSchema(TEXT_CLAIMS[key])])) as Record<
    TextClaim,
    ReturnType<typeof textClaimSchema>
  >),
  rating: ratingSchema,
};

/**
 * The public claims and the day each was last checked. A figure other than the brief's
 * default must say when it was checked; the rating and its review count go together, or
 * neither (the page then shows no rating). (An "average days to settlement" figure was
 * dropped: it contradicted the typical settlement; a record that still has it reads
 * without it.)
 */
export const claimsSchema = z.object(claimsShape).check(
  z.superRefine((claims, ctx) => {
    const unchecked = (key: string) =>
      ctx.addIssue({
        code: 'custom',
        message: 'Give the date you last checked this figure',
        path: [key, 'checkedAt'],
        input: null,
      });
    for (const key of TEXT_CLAIM_KEYS) {
      if (claims[key].checkedAt === null && claims[key].value !== DEFAULT_CLAIMS[key]) unchecked(key);
    }
    const { value, count, checkedAt } = claims.rating;
    if ((value === null) !== (count === null)) {
      ctx.addIssue({
        code: 'custom',
        message:
          value === null
            ? 'Give the rating with its number of reviews, or clear both'
            : 'Give the number of reviews with the rating, or clear both',
        path: ['rating', value === null ? 'value' : 'count'],
        input: null,
      });
    } else if (value === null && checkedAt !== null) {
      ctx.addIssue({
        code: 'custom',
        message: 'There is no rating to have checked: clear the date',
        path: ['rating', 'checkedAt'],
        input: checkedAt,
      });
    } else if (
      checkedAt === null &&
      value !== null &&
      (value !== DEFAULT_RATING.value || count !== DEFAULT_RATING.count)
    ) {
      unchecked('rating');
    }
  }),
);
export type Claims = z.output<typeof claimsSchema>;
export type ClaimKey = keyof Claims;
export const CLAIM_KEYS = [...TEXT_CLAIM_KEYS, 'rating'] as const satisfies readonly ClaimKey[];
export const claimLabel = (key: ClaimKey): string => (key === 'rating' ? RATING_LABEL : TEXT_CLAIMS[key]);

/** The brief's figures, none of them checked yet. */
export const defaultClaims = (): Claims => ({
  ...(Object.fromEntries(
    TEXT_CLAIM_KEYS.map((key) => [key, { value: DEFAULT_CLAIMS[key], checkedAt: null }]),
  ) as Record<TextClaim, { value: string; checkedAt: string | null }>),
  rating: { value: DEFAULT_RATING.value, count: DEFAULT_RATING.count, checkedAt: null },
});

/**
 * The claims the public site shows that nobody has confirmed: the shipped defaults
 * (a changed figure must be dated, so an undated one is always the default). A cleared
 * rating is not shown, so there is nothing to confirm.
 */
export const uncheckedClaims = (claims: Claims): ClaimKey[] =>
  CLAIM_KEYS.filter((key) =>
    key === 'rating'
      ? claims.rating.value !== null && claims.rating.checkedAt === null
      : claims[key].checkedAt === null,
  );

/**
 * The claims with who checked each, as the server records it: a claim dated or changed in
 * this save is `by`'s; one as it was keeps who checked it before; an undated one has nobody.
 */
export function recordCheckers(next: Claims, before: Claims | undefined, by: string): Claims {
  const sameAs = (key: ClaimKey) => {
    const was = before?.[key];
    const now = next[key];
    return (
      was !== undefined &&
      JSON.stringify({ ...was, checkedBy: undefined }) === JSON.stringify({ ...now, checkedBy: undefined })
    );
  };
  const who = (key: ClaimKey): { checkedBy?: string } => {
    if (next[key].checkedAt === null) return {};
    const kept = sameAs(key) ? before?.[key].checkedBy : by;
    return kept ? { checkedBy: kept } : {};
  };
  const entries = CLAIM_KEYS.map((key) => {
    const { checkedBy: _ignored, ...claim } = next[key];
    return [key, { ...claim, ...who(key) }];
  });
  return Object.fromEntries(entries) as Claims;
}

/**
 * The rating search engines may be told: only one staff have entered and dated. The
 * default is the brief's placeholder, and structured data is taken as the practice's word.
 */
export const checkedRating = (rating: Claims['rating']): { value: number; count: number } | null =>
  rating.value !== null && rating.count !== null && rating.checkedAt !== null
    ? { value: rating.value, count: rating.count }
    : null;

/**
 * The form's field errors: a claim's fault is keyed `claims.<claim>.<part>` (shown under
 * that input); any other field's under its name, as `toFieldErrors` does.
 */
export const settingsFieldErrors = (error: z.core.$ZodError): FieldErrors => {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const [first, claim, part] = issue.path.map(String);
    const field = first === 'claims' && claim !== undefined ? `claims.${claim}.${part ?? 'value'}` : (first ?? '_');
    (result[field] ??= []).push(issue.message);
  }
  return result;
};

export const DEFAULT_ACKNOWLEDGEMENTS_PER_DAY = 200;
export const MAX_ACKNOWLEDGEMENTS_PER_DAY = 5000;
const ACKNOWLEDGEMENTS_PER_DAY_MESSAGE = `Enter a whole number of acknowledgements a day, from 1 to ${MAX_ACKNOWLEDGEMENTS_PER_DAY}`;

export const practiceSettingsInputSchema = z
  .object({
    name: requiredText('Practice name is required', SETTINGS_LIMITS.name),
    phone: requiredText('Phone is required', SETTINGS_LIMITS.phone).check(
      z.refine((value) => value === '' || isPhone(value), 'Enter an Australian phone number, e.g. (02) 5550 0123'),
    ),
    email: requiredText('E-mail is required', SETTINGS_LIMITS.email).check(
      z.refine((value) => value === '' || EMAIL.test(value), 'Enter a valid e-mail address'),
    ),
    street: requiredText('Street address is required', SETTINGS_LIMITS.street),
    locality: requiredText('Suburb is required', SETTINGS_LIMITS.locality),
    region: requiredText('State is required', SETTINGS_LIMITS.region),
    postcode: requiredText('Postcode is required', SETTINGS_LIMITS.postcode).check(
      z.refine((value) => value === '' || /^\d{4}$/.test(value), 'Postcode has four digits'),
    ),
    hours: z
      .array(openingSchema)
      .check(
        z.refine(
          (rows) => rows.length === 7 && WEEK_DAYS.every((day, i) => rows[i]?.day === day),
          'Give the hours of each day, Monday to Sunday',
        ),
      ),
    professionalStandards: z.boolean('Professional Standards must be true or false'),
    /**
     * An e-mail to everyone who sends an enquiry (needs SMTP). Defaults to on, also for
     * settings saved before the switch existed.
     */
    acknowledgeEnquiries: z._default(z.boolean('Acknowledging enquiries must be true or false'), true),
    /**
     * The most acknowledgements sent in one Sydney day: past it they stop until tomorrow and
     * staff are told once, so the form cannot be used to send the practice's e-mail to
     * strangers in bulk. The default also for settings saved before it existed.
     */
    acknowledgementsPerDay: z._default(
      z
        .number(ACKNOWLEDGEMENTS_PER_DAY_MESSAGE)
        .check(
          z.refine(
            (value) => Number.isInteger(value) && value >= 1 && value <= MAX_ACKNOWLEDGEMENTS_PER_DAY,
            ACKNOWLEDGEMENTS_PER_DAY_MESSAGE,
          ),
        ),
      DEFAULT_ACKNOWLEDGEMENTS_PER_DAY,
    ),
    reviewsEnabled: z.boolean('Reviews embed must be true or false'),
    reviewsWidgetId: z.optional(optionalText(SETTINGS_LIMITS.widgetId)),
    team: z
      .array(teamMemberSchema)
      .check(z.maxLength(SETTINGS_LIMITS.team, `At most ${SETTINGS_LIMITS.team} team members`)),
    claims: claimsSchema,
    /** The `version` the editor loaded: a save over a newer version answers 409. */
    version: z.optional(z.string()),
  })
  .check(z.refine(reviewsHaveWidget, REVIEWS_NEED_WIDGET));

export type PracticeSettingsInput = z.input<typeof practiceSettingsInputSchema>;
export type PracticeSettingsFields = Omit<z.output<typeof practiceSettingsInputSchema>, 'version'>;
export type OpeningHours = PracticeSettingsFields['hours'][number];
export type TeamMemberSettings = PracticeSettingsFields['team'][number];

/** The settings as stored in Blobs (the saved fields and their version), and as every read parses them. */
export const practiceSettingsRecordSchema = z
  .object({
    ...practiceSettingsInputSchema.def.shape,
    // Saved before the claims were settings: the brief's figures, unchecked.
    claims: z._default(claimsSchema, defaultClaims),
    version: z.string(),
    updatedAt: z.string(),
  })
  .check(z.refine(reviewsHaveWidget, REVIEWS_NEED_WIDGET));
export type StoredPracticeSettings = z.output<typeof practiceSettingsRecordSchema>;

/** The settings as the API answers them: the stored settings, or the defaults (`updatedAt` null) before any save. */
export const practiceSettingsSchema = z.object({
  ...practiceSettingsRecordSchema.def.shape,
  updatedAt: z.nullable(z.string()),
});
export type PracticeSettings = z.output<typeof practiceSettingsSchema>;

/** The typed defaults of src/content, as settings. */
export function defaultPracticeSettings(): PracticeSettingsFields {
  return {
    name: PRACTICE.name,
    phone: PRACTICE.phone.display,
    email: PRACTICE.email,
    street: PRACTICE.address.street,
    locality: PRACTICE.address.locality,
    region: PRACTICE.address.region,
    postcode: PRACTICE.address.postcode,
    hours: WEEK_DAYS.map((day) => {
      const row = BUSINESS_HOURS.find((entry) => entry.dayOfWeek.includes(day));
      return { day, open: Boolean(row), opens: row?.opens ?? '09:00', closes: row?.closes ?? '17:00' };
    }),
    professionalStandards: PROFESSIONAL_STANDARDS.enabled,
    acknowledgeEnquiries: true,
    acknowledgementsPerDay: DEFAULT_ACKNOWLEDGEMENTS_PER_DAY,
    reviewsEnabled: Boolean(REVIEWS_EMBED.widgetId),
    reviewsWidgetId: REVIEWS_EMBED.widgetId || undefined,
    team: TEAM.map((member) => ({
      name: member.name,
      role: member.role,
      bio: member.bio,
      principal: member.principal ?? false,
      // Nobody is a solicitor until staff give their practising certificate number.
      solicitor: false,
    })),
    claims: defaultClaims(),
  };
}

const formatTime = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
};
const dayRange = (days: WeekDay[]) =>
  days.length === 1 ? days[0]! : days.length === 2 ? `${days[0]} & ${days[1]}` : `${days[0]} – ${days.at(-1)}`;

/** A row of the hours table: consecutive days with the same hours, or closed together. */
export interface HoursRow extends BusinessHours {
  open: boolean;
}

/** The hours table the site prints: closed days say so. */
export function hoursTable(hours: readonly OpeningHours[]): HoursRow[] {
  const rows: HoursRow[] = [];
  let run: OpeningHours[] = [];
  const same = (a: OpeningHours, b: OpeningHours) =>
    a.open === b.open && (!a.open || (a.opens === b.opens && a.closes === b.closes));
  const flush = () => {
    if (run.length === 0) return;
    const days = run.map((row) => row.day);
    const { open, opens, closes } = run[0]!;
    rows.push({
      day: dayRange(days),
      hours: open ? `${formatTime(opens)} – ${formatTime(closes)}` : 'Closed',
      dayOfWeek: days,
      opens,
      closes,
      open,
    });
    run = [];
  };
  for (const row of hours) {
    const last = run.at(-1);
    if (last && !same(last, row)) flush();
    run.push(row);
  }
  flush();
  return rows;
}

/** The open rows, as the structured data and the lead desk's business-minute count take them. */
export const businessHoursOf = (hours: readonly OpeningHours[]): BusinessHours[] =>
  hoursTable(hours)
    .filter((row) => row.open)
    .map(({ open: _open, ...row }) => row);
