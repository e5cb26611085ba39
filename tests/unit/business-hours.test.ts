import { describe, expect, it } from 'vitest';
import { BUSINESS_HOURS } from '#src/content/practice.ts';
import { businessMinutesBetween as between, sydneyInstant } from '#src/shared/sydney-time.ts';

/** The practice's default hours (Settings starts from them). */
const businessMinutesBetween = (start: Date, end: Date) => between(start, end, BUSINESS_HOURS);

// Opening hours from the content module: Mon–Thu 9:00–21:00, Fri–Sun 9:00–22:00 (Sydney).
const at = (y: number, m: number, d: number, h: number, min = 0) => new Date(sydneyInstant(y, m, d, h, min));

describe('businessMinutesBetween', () => {
  it('counts plain minutes inside opening hours', () => {
    // Wednesday 25 Nov 2026, 10:00 → 10:04 (AEDT).
    expect(businessMinutesBetween(at(2026, 11, 25, 10), at(2026, 11, 25, 10, 4))).toBe(4);
  });

  it('measures an 11 pm enquiry from opening the next morning', () => {
    // Tuesday 23:00 → Wednesday 9:03 is 3 business minutes.
    expect(businessMinutesBetween(at(2026, 11, 24, 23), at(2026, 11, 25, 9, 3))).toBe(3);
  });

  it('counts the evening close and next opening only', () => {
    // Thursday 20:50 → Friday 9:10: 10 minutes before 21:00 close, 10 after 9:00 open.
    expect(businessMinutesBetween(at(2026, 11, 26, 20, 50), at(2026, 11, 27, 9, 10))).toBe(20);
  });

  it('uses the longer weekend hours (open until 10 pm)', () => {
    // Saturday 21:30 → Sunday 9:00: 30 minutes until 22:00, then closed.
    expect(businessMinutesBetween(at(2026, 11, 28, 21, 30), at(2026, 11, 29, 9))).toBe(30);
  });

  it('is right across the daylight-saving change', () => {
    // AEST → AEDT on Sunday 4 Oct 2026 at 2 am: Saturday 22:00 → Sunday 9:05 is 5 minutes,
    // though 11 h 5 min of clock time (10 h 5 min of real time) passed.
    const start = at(2026, 10, 3, 22);
    const end = at(2026, 10, 4, 9, 5);
    expect((end.getTime() - start.getTime()) / 60_000).toBe(10 * 60 + 5);
    expect(businessMinutesBetween(start, end)).toBe(5);
    // AEDT → AEST on Sunday 5 Apr 2026: Sunday 9:00 → 10:00 is an hour of business.
    expect(businessMinutesBetween(at(2026, 4, 5, 9), at(2026, 4, 5, 10))).toBe(60);
    // A whole Sunday on the change day is its 13 opening hours.
    expect(businessMinutesBetween(at(2026, 4, 5, 0), at(2026, 4, 6, 0))).toBe(13 * 60);
  });

  it('answers 0 for an end before the start', () => {
    expect(businessMinutesBetween(at(2026, 11, 25, 10), at(2026, 11, 25, 9))).toBe(0);
  });

  it('sums whole days across a week', () => {
    // Monday 0:00 → next Monday 0:00: 4 × 12 h + 3 × 13 h.
    expect(businessMinutesBetween(at(2026, 11, 23, 0), at(2026, 11, 30, 0))).toBe((4 * 12 + 3 * 13) * 60);
  });
});
