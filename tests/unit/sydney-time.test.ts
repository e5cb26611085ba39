/** Sydney time in one module: today, NSW business days, and waiting times in Settings' hours. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { waitingMinutes } from '../../src/islands/admin/desk/useDesk.ts';
import { businessHoursOf, defaultPracticeSettings } from '../../src/shared/schemas/settings.ts';
import { addNswBusinessDays, isNswBusinessDay, sydneyInstant, sydneyToday } from '../../src/shared/sydney-time.ts';

describe('Sydney time', () => {
  it('says what day it is in Sydney, on both sides of UTC midnight and of daylight saving', () => {
    // 23 Nov 2026, 13:30 UTC is 00:30 on the 24th in Sydney (daylight time, +11).
    expect(sydneyToday(Date.parse('2026-11-23T13:30:00Z'))).toBe('2026-11-24');
    expect(sydneyToday(Date.parse('2026-11-23T12:59:00Z'))).toBe('2026-11-23');
    // 15 June: standard time (+10).
    expect(sydneyToday(Date.parse('2026-06-15T13:30:00Z'))).toBe('2026-06-15');
    expect(sydneyToday(Date.parse('2026-06-15T14:00:00Z'))).toBe('2026-06-16');
  });

  it('counts NSW business days: weekends and NSW public holidays out', async () => {
    expect(await isNswBusinessDay('2026-11-23')).toBe(true); // a Monday
    expect(await isNswBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(await isNswBusinessDay('2026-12-25')).toBe(false); // Christmas Day, a Friday
    expect(await isNswBusinessDay('2026-10-05')).toBe(false); // Labour Day (NSW: first Monday of October)
    expect(await isNswBusinessDay('2026-03-09')).toBe(true); // Labour Day in Victoria, not NSW
    // "2 business days" from Thursday 24 Dec: Friday and Monday are holidays (Christmas,
    // Boxing Day's substitute), so Tuesday 29 then Wednesday 30.
    expect(await addNswBusinessDays('2026-12-24', 2)).toBe('2026-12-30');
    expect(await addNswBusinessDays('2026-11-20', 2)).toBe('2026-11-24');
  });

  it('measures the desk’s waiting time in the hours saved in Settings, as the metrics do', () => {
    const settings = defaultPracticeSettings();
    // Staff saved Monday's hours as 13:00–17:00.
    const hours = businessHoursOf(
      settings.hours.map((row) => (row.day === 'Monday' ? { ...row, opens: '13:00', closes: '17:00' } : row)),
    );
    const arrived = { status: 'new' as const, createdAt: new Date(sydneyInstant(2026, 11, 23, 10, 0)).toISOString() };
    // At 13:10 on that Monday the practice has been open 10 minutes, not 4 h 10 min.
    expect(waitingMinutes(arrived, sydneyInstant(2026, 11, 23, 13, 10), hours)).toBe(10);
    expect(waitingMinutes({ ...arrived, status: 'contacted' }, sydneyInstant(2026, 11, 23, 13, 10), hours)).toBeNull();
    expect(waitingMinutes(arrived, sydneyInstant(2026, 11, 23, 13, 10), null)).toBeNull();
  });

  it('is the only place that names the zone', () => {
    const found = execFileSync('grep', ['-rln', 'Australia/Sydney', 'src', 'netlify', 'scripts'], { encoding: 'utf8' });
    expect(found.trim().split('\n')).toEqual(['src/shared/sydney-time.ts']);
  });
});
