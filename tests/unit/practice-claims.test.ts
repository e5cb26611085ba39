/**
 * The public claims in Settings: each with the day it was last checked (never a future
 * one), a changed figure dated, the rating and its review count together, and the
 * structured data's rating only once staff have dated one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLAIMS, DEFAULT_RATING } from '#src/content/practice.ts';
import { practiceView } from '#src/shared/practice-view.ts';
import { DATE_RANGE_MESSAGE } from '#src/shared/schemas/fields.ts';
import {
  claimsSchema,
  defaultClaims,
  defaultPracticeSettings,
  practiceSettingsInputSchema,
  practiceSettingsRecordSchema,
  settingsFieldErrors,
  type Claims,
} from '#src/shared/schemas/settings.ts';
import { sydneyInstant } from '#src/shared/sydney-time.ts';

/** The field errors of these claims, as the form and the API key them. */
const errorsOf = (claims: Claims) => {
  const parsed = practiceSettingsInputSchema.safeParse({ ...defaultPracticeSettings(), claims });
  return parsed.success ? {} : settingsFieldErrors(parsed.error);
};
const withClaim = <K extends keyof Claims>(key: K, patch: Partial<Claims[K]>): Claims => {
  const claims = defaultClaims();
  return { ...claims, [key]: { ...claims[key], ...patch } };
};

beforeEach(() => {
  // 23 Nov 2026, 10 am in Sydney (still 22 Nov in UTC).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(sydneyInstant(2026, 11, 23, 10, 0));
});
afterEach(() => vi.useRealTimers());

describe('public claims', () => {
  it("defaults to the brief's figures, none of them checked", () => {
    const claims = defaultClaims();
    expect(claims.typicalSettlement).toEqual({ value: DEFAULT_CLAIMS.typicalSettlement, checkedAt: null });
    expect(claims).not.toHaveProperty('averageDaysToSettlement');
    expect(claims.rating).toEqual({ ...DEFAULT_RATING, checkedAt: null });
    expect(claimsSchema.safeParse(claims).success).toBe(true);
  });

  it('takes today in Sydney as a day checked, and refuses tomorrow, a slip of the year and a non-date', () => {
    expect(errorsOf(withClaim('satisfaction', { value: '97%', checkedAt: '2026-11-23' }))).toEqual({});
    expect(errorsOf(withClaim('satisfaction', { checkedAt: '2026-11-24' }))).toEqual({
      'claims.satisfaction.checkedAt': ['The date checked cannot be in the future'],
    });
    expect(errorsOf(withClaim('satisfaction', { checkedAt: '9999-12-31' }))).toEqual({
      'claims.satisfaction.checkedAt': [DATE_RANGE_MESSAGE],
    });
    expect(errorsOf(withClaim('satisfaction', { checkedAt: '23/11/2026' }))).toEqual({
      'claims.satisfaction.checkedAt': ['Use a date like 2026-11-23'],
    });
  });

  it('asks when a changed figure was checked, and for a value', () => {
    expect(errorsOf(withClaim('propertiesSettled', { value: '650+' }))).toEqual({
      'claims.propertiesSettled.checkedAt': ['Give the date you last checked this figure'],
    });
    expect(errorsOf(withClaim('yearsExperience', { value: ' ', checkedAt: '2026-11-01' }))).toEqual({
      'claims.yearsExperience.value': ['Years of experience is required'],
    });
  });

  it('takes the rating and its review count together or not at all, 1 to 5 to one decimal', () => {
    const rating = (value: number | null, count: number | null, checkedAt: string | null = '2026-11-20') =>
      errorsOf(withClaim('rating', { value, count, checkedAt }));
    expect(rating(4.8, 131)).toEqual({});
    expect(rating(null, null, null)).toEqual({});
    expect(rating(4.8, null)).toEqual({
      'claims.rating.count': ['Give the number of reviews with the rating, or clear both'],
    });
    expect(rating(null, 131)).toEqual({
      'claims.rating.value': ['Give the rating with its number of reviews, or clear both'],
    });
    expect(rating(null, null)).toEqual({
      'claims.rating.checkedAt': ['There is no rating to have checked: clear the date'],
    });
    expect(rating(5.5, 10)).toEqual({ 'claims.rating.value': ['The rating is from 1 to 5'] });
    expect(rating(0.5, 10)).toEqual({ 'claims.rating.value': ['The rating is from 1 to 5'] });
    expect(rating(4.85, 10)).toEqual({ 'claims.rating.value': ['Give the rating to one decimal place, e.g. 4.8'] });
    expect(rating(4.8, 10.5)).toEqual({ 'claims.rating.count': ['The number of reviews is a whole number'] });
    expect(rating(4.8, -1)).toEqual({ 'claims.rating.count': ['The number of reviews cannot be negative'] });
    expect(rating(4.7, 90, null)).toEqual({
      'claims.rating.checkedAt': ['Give the date you last checked this figure'],
    });
  });

  it('reads settings saved before the claims existed with the default claims', () => {
    const { claims: _claims, ...older } = defaultPracticeSettings();
    const parsed = practiceSettingsRecordSchema.parse({ ...older, version: 'v1', updatedAt: '2026-01-01T00:00:00Z' });
    expect(parsed.claims).toEqual(defaultClaims());
  });

  it('gives the pages the claims, and the structured data a rating only once staff dated one', () => {
    const defaults = practiceView(defaultPracticeSettings());
    expect(defaults.claims).toEqual(DEFAULT_CLAIMS);
    expect(defaults.rating).toEqual({ value: 4.9, count: 127, best: 5 });
    expect(defaults.structuredRating).toBeNull();

    const dated = practiceView({
      ...defaultPracticeSettings(),
      claims: withClaim('rating', { value: 4.7, count: 140, checkedAt: '2026-11-20' }),
    });
    expect(dated.rating).toEqual({ value: 4.7, count: 140, best: 5 });
    expect(dated.structuredRating).toEqual({ value: 4.7, count: 140, best: 5 });

    const cleared = practiceView({
      ...defaultPracticeSettings(),
      claims: withClaim('rating', { value: null, count: null, checkedAt: null }),
    });
    expect(cleared.rating).toBeNull();
    expect(cleared.structuredRating).toBeNull();
  });
});
