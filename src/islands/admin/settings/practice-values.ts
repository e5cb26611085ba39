/**
 * The practice-details form's values as typed, and how they turn into the API's body and
 * back: numbers stay text until saved, so the schema can say what is wrong with them.
 */
import {
  TEXT_CLAIM_KEYS,
  TEXT_CLAIMS,
  type Claims,
  type PracticeSettings as Settings,
  type PracticeSettingsFields,
  type PracticeSettingsInput,
  type TextClaim,
  type TeamMemberSettings,
} from '#src/shared/schemas/settings.ts';

/** A claim as typed: its value and the day it was last checked ('' while it has not been). */
export interface ClaimValues {
  value: string;
  checkedAt: string;
}
export type ClaimName = keyof Claims;

/** Text fields as typed: the schema trims and checks them on save. */
export type PracticeValues = Omit<PracticeSettingsFields, 'reviewsWidgetId' | 'team' | 'claims'> & {
  reviewsWidgetId: string;
  team: {
    name: string;
    role: string;
    bio: string;
    photo: string;
    principal: boolean;
    solicitor: boolean;
    practisingCertificate: string;
  }[];
  claims: Record<Exclude<ClaimName, 'rating'>, ClaimValues> & { rating: ClaimValues & { count: string } };
};

/** The claims in the form's order, with their labels. */
export const CLAIM_FIELDS: { key: Exclude<ClaimName, 'rating'>; label: string }[] = TEXT_CLAIM_KEYS.map((key) => ({
  key,
  label: TEXT_CLAIMS[key],
}));
export const claimField = (claim: ClaimName, part: 'value' | 'count' | 'checkedAt') => `claims.${claim}.${part}`;

export const claimsValues = (claims: Claims): PracticeValues['claims'] => ({
  ...(Object.fromEntries(
    CLAIM_FIELDS.map(({ key }) => [key, { value: String(claims[key].value), checkedAt: claims[key].checkedAt ?? '' }]),
  ) as Record<Exclude<ClaimName, 'rating'>, ClaimValues>),
  rating: {
    value: claims.rating.value === null ? '' : String(claims.rating.value),
    count: claims.rating.count === null ? '' : String(claims.rating.count),
    checkedAt: claims.rating.checkedAt ?? '',
  },
});

/** A number as typed: empty is none; anything else a number (NaN, which the schema refuses with its message). */
const numberOrNull = (typed: string) => (typed.trim() === '' ? null : Number(typed));

/** The claims as the API takes them. */
export const claimsBody = (claims: PracticeValues['claims']): PracticeSettingsInput['claims'] => ({
  ...(Object.fromEntries(
    CLAIM_FIELDS.map(({ key }) => [key, { value: claims[key].value, checkedAt: claims[key].checkedAt || null }]),
  ) as Record<TextClaim, { value: string; checkedAt: string | null }>),
  rating: {
    value: numberOrNull(claims.rating.value),
    count: numberOrNull(claims.rating.count),
    checkedAt: claims.rating.checkedAt || null,
  },
});

/** The fields top to bottom, for focus on the first fault. */
export const FIELD_ORDER = [
  'name',
  'phone',
  'email',
  'street',
  'locality',
  'region',
  'postcode',
  'hours',
  'acknowledgementsPerDay',
  'reviewsWidgetId',
  'team',
  ...CLAIM_FIELDS.flatMap(({ key }) => [claimField(key, 'value'), claimField(key, 'checkedAt')]),
  claimField('rating', 'value'),
  claimField('rating', 'count'),
  claimField('rating', 'checkedAt'),
];

export const toValues = ({ version: _v, updatedAt: _u, ...settings }: Settings): PracticeValues => ({
  ...settings,
  reviewsWidgetId: settings.reviewsWidgetId ?? '',
  team: settings.team.map((member: TeamMemberSettings) => ({
    name: member.name,
    role: member.role,
    bio: member.bio ?? '',
    photo: member.photo ?? '',
    principal: member.principal,
    solicitor: member.solicitor,
    practisingCertificate: member.practisingCertificate ?? '',
  })),
  claims: claimsValues(settings.claims),
});
