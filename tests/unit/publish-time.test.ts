import { describe, expect, it } from 'vitest';
import {
  isPublic,
  isScheduled,
  normalisePublishedAt,
  publishInstant,
  toDateTimeLocal,
} from '#src/shared/publish-time.ts';

const at = (iso: string) => Date.parse(iso);
const post = (publishedAt: string | undefined, isPublished = true) => ({
  isPublished,
  publishedAt,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('publishedAt: what is stored', () => {
  it('keeps a day as a day, and writes a Sydney wall-clock time with its offset', () => {
    expect(normalisePublishedAt('2026-03-31')).toBe('2026-03-31');
    // Summer (daylight time, +11) and winter (+10).
    expect(normalisePublishedAt('2026-12-01T09:00')).toBe('2026-12-01T09:00:00+11:00');
    expect(normalisePublishedAt('2026-07-01T09:00')).toBe('2026-07-01T09:00:00+10:00');
    // An instant from an API client is written in Sydney's time.
    expect(normalisePublishedAt('2026-11-30T22:00:00Z')).toBe('2026-12-01T09:00:00+11:00');
    expect(normalisePublishedAt('2026-12-01T09:00:00+11:00')).toBe('2026-12-01T09:00:00+11:00');
  });

  it('refuses what names no real date or time', () => {
    for (const bad of [
      '2026-02-30',
      '2026-13-01',
      '2026-12-01T25:00',
      '2026-12-01T09:60',
      'next tuesday',
      '2026-12-01 09:00',
      '',
    ]) {
      expect(normalisePublishedAt(bad), bad).toBeNull();
    }
  });

  it('reads the hour daylight saving skips (4 Oct 2026, 2→3 am) one hour later', () => {
    expect(normalisePublishedAt('2026-10-04T01:59')).toBe('2026-10-04T01:59:00+10:00');
    expect(normalisePublishedAt('2026-10-04T02:30')).toBe('2026-10-04T03:30:00+11:00');
    expect(normalisePublishedAt('2026-10-04T03:00')).toBe('2026-10-04T03:00:00+11:00');
    expect(publishInstant(post('2026-10-04T02:30'))).toBe(at('2026-10-03T16:30:00Z'));
  });

  it('reads the hour April repeats (5 Apr 2026, 3→2 am) as its first occurrence', () => {
    expect(normalisePublishedAt('2026-04-05T02:30')).toBe('2026-04-05T02:30:00+11:00');
    expect(normalisePublishedAt('2026-04-05T03:00')).toBe('2026-04-05T03:00:00+10:00');
    // The second 2:30 am, given as an instant, keeps its own offset.
    expect(normalisePublishedAt('2026-04-04T16:30:00Z')).toBe('2026-04-05T02:30:00+10:00');
  });
});

describe('publishInstant, isScheduled, isPublic', () => {
  it('starts a day at midnight in Sydney, in summer and winter', () => {
    expect(publishInstant(post('2026-12-01'))).toBe(at('2026-11-30T13:00:00Z'));
    expect(publishInstant(post('2026-07-01'))).toBe(at('2026-06-30T14:00:00Z'));
    // Daylight saving starts at 2 am: that day's midnight is still standard time.
    expect(publishInstant(post('2026-10-04'))).toBe(at('2026-10-03T14:00:00Z'));
  });

  it('falls back to createdAt for a post without a date', () => {
    expect(publishInstant(post(undefined))).toBe(at('2026-01-01T00:00:00.000Z'));
  });

  it('is scheduled until the instant, then public; a draft is neither', () => {
    const scheduled = post(normalisePublishedAt('2026-12-01T09:00')!);
    const due = at('2026-11-30T22:00:00Z');
    expect(isScheduled(scheduled, due - 1)).toBe(true);
    expect(isPublic(scheduled, due - 1)).toBe(false);
    expect(isScheduled(scheduled, due)).toBe(false);
    expect(isPublic(scheduled, due)).toBe(true);
    const draft = post('2020-01-01', false);
    expect(isScheduled(draft, due)).toBe(false);
    expect(isPublic(draft, due)).toBe(false);
    // A day: public from its first minute in Sydney, not from midnight UTC.
    expect(isPublic(post('2026-12-01'), at('2026-11-30T13:00:00Z'))).toBe(true);
    expect(isPublic(post('2026-12-01'), at('2026-11-30T12:59:59Z'))).toBe(false);
  });

  it('gives the editor Sydney wall-clock time back', () => {
    expect(toDateTimeLocal('2026-12-01T09:00:00+11:00')).toBe('2026-12-01T09:00');
    expect(toDateTimeLocal('2026-11-30T22:00:00Z')).toBe('2026-12-01T09:00');
    expect(toDateTimeLocal('2026-12-01')).toBe('2026-12-01T00:00');
    expect(toDateTimeLocal(undefined)).toBe('');
  });
});
