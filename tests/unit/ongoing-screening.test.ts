/**
 * When a verified matter is due for sanctions re-screening: more than 90 days after the last
 * screening, or from a week before a known settlement; unknown screening dates are due now.
 * The days are written out, not computed with the code under test.
 */
import { describe, expect, it } from 'vitest';
import { screeningDue } from '#src/shared/ongoing-screening.ts';
import { addCalendarDays } from '#src/shared/sydney-time.ts';

describe('screeningDue', () => {
  it('is due from the 91st day after the last screening, not on the 90th', () => {
    // 2026-08-01 + 90 days = 2026-10-30 (31 in August, 30 in September, 29 more in October).
    expect(screeningDue({ lastScreenedOn: '2026-08-01' }, '2026-10-30')).toEqual({
      dueOn: '2026-10-31',
      reason: 'interval',
      due: false,
    });
    expect(screeningDue({ lastScreenedOn: '2026-08-01' }, '2026-10-31').due).toBe(true);
    expect(screeningDue({ lastScreenedOn: '2026-08-01' }, '2027-03-01').due).toBe(true);
  });

  it('is due at once when the last screening is not on record', () => {
    expect(screeningDue({ lastScreenedOn: null }, '2026-11-26')).toEqual({
      dueOn: null,
      reason: 'unrecorded',
      due: true,
    });
  });

  it('brings the screening forward to a week before settlement, until settlement day', () => {
    const screened = { lastScreenedOn: '2026-11-01', settlementOn: '2026-12-15' };
    expect(screeningDue(screened, '2026-12-07')).toEqual({ dueOn: '2026-12-08', reason: 'settlement', due: false });
    expect(screeningDue(screened, '2026-12-08').due).toBe(true);
    expect(screeningDue(screened, '2026-12-15').due).toBe(true);
    // Settled: the 90 days apply again (2026-11-01 + 91 days).
    expect(screeningDue(screened, '2026-12-16')).toEqual({ dueOn: '2027-01-31', reason: 'interval', due: false });
    // Screened within the week before settlement: nothing more before it.
    expect(screeningDue({ lastScreenedOn: '2026-12-09', settlementOn: '2026-12-15' }, '2026-12-12').due).toBe(false);
    // A settlement after the 90 days changes nothing.
    expect(screeningDue({ lastScreenedOn: '2026-08-01', settlementOn: '2027-02-01' }, '2026-10-31').reason).toBe(
      'interval',
    );
  });

  it('adds calendar days across months and leap years', () => {
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
