/**
 * Practice settings: the details the public site prints, edited in the portal's
 * Settings tab and read by the build. One record; the typed defaults in src/content apply
 * until staff first save.
 */
import * as z from 'zod/mini';
import {
  BUSINESS_HOURS,
  PRACTICE,
  PROFESSIONAL_STANDARDS,
  REVIEWS_EMBED,
  type BusinessHours,
} from '../../content/practice.ts';
import { TEAM } from '../../content/team.ts';
import { isSitePath, optionalText, requiredText } from './fields.ts';

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

const teamMemberSchema = z.object({
  name: requiredText('Each team member needs a name', SETTINGS_LIMITS.teamName),
  role: requiredText('Each team member needs a role', SETTINGS_LIMITS.teamRole),
  bio: optionalText(SETTINGS_LIMITS.teamBio, { multiline: true }),
  photo: optionalText(SETTINGS_LIMITS.photo).check(
    z.refine((value) => value === undefined || isSitePath(value), TEAM_PHOTO_ELSEWHERE),
  ),
  principal: z._default(z.boolean(), false),
});

/** The reviews embed needs the provider's widget to show anything. */
const reviewsHaveWidget = (value: { reviewsEnabled: boolean; reviewsWidgetId?: string | undefined }) =>
  !value.reviewsEnabled || Boolean(value.reviewsWidgetId);
const REVIEWS_NEED_WIDGET = {
  message: 'Enter the provider widget id to switch the reviews embed on',
  path: ['reviewsWidgetId'],
};

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
    reviewsEnabled: z.boolean('Reviews embed must be true or false'),
    reviewsWidgetId: z.optional(optionalText(SETTINGS_LIMITS.widgetId)),
    team: z
      .array(teamMemberSchema)
      .check(z.maxLength(SETTINGS_LIMITS.team, `At most ${SETTINGS_LIMITS.team} team members`)),
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
    version: z.string(),
    updatedAt: z.string(),
  })
  .check(z.refine(reviewsHaveWidget, REVIEWS_NEED_WIDGET));
export type StoredPracticeSettings = z.output<typeof practiceSettingsRecordSchema>;

/** What GET /api/settings answers: the stored settings, or the defaults (`updatedAt` null) before any save. */
export interface PracticeSettings extends Omit<StoredPracticeSettings, 'updatedAt'> {
  updatedAt: string | null;
}

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
    reviewsEnabled: Boolean(REVIEWS_EMBED.widgetId),
    reviewsWidgetId: REVIEWS_EMBED.widgetId || undefined,
    team: TEAM.map((member) => ({
      name: member.name,
      role: member.role,
      bio: member.bio,
      principal: member.principal ?? false,
    })),
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
