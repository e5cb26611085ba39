/** Sydney time in one module: today, NSW business days, and waiting times in Settings' hours. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { waitingMinutes } from '#src/islands/admin/desk/useDesk.ts';
import { businessHoursOf, defaultPracticeSettings } from '#src/shared/schemas/settings.ts';
import {
  addCalendarDays,
  addNswBusinessDays,
  isNswBusinessDay,
  nswBusinessDaysBefore,
  sydneyInstant,
  sydneyToday,
  whenText,
} from '#src/shared/sydney-time.ts';

/**
 * Every weekday that is not a NSW business day, 2026 to 2028: the public holidays throughout
 * NSW (Public Holidays Act 2010, with the additional days and the Anzac Monday orders of 2026
 * and 2027, as LGNSW lists them) and the Bank Holiday, the first Monday in August (Retail
 * Trading Act 2008 s 14B). No local holiday of one area (a show day) is among them.
 */
const WEEKDAY_HOLIDAYS = {
  2026: [
    '2026-01-01', // New Year's Day
    '2026-01-26', // Australia Day
    '2026-04-03', // Good Friday
    '2026-04-06', // Easter Monday
    '2026-04-27', // Anzac Day was a Saturday: the additional Monday
    '2026-06-08', // King's Birthday
    '2026-08-03', // Bank Holiday
    '2026-10-05', // Labour Day
    '2026-12-25', // Christmas Day
    '2026-12-28', // Boxing Day was a Saturday: the additional Monday
  ],
  2027: [
    '2027-01-01',
    '2027-01-26',
    '2027-03-26', // Good Friday
    '2027-03-29', // Easter Monday
    '2027-04-26', // Anzac Day was a Sunday: the additional Monday
    '2027-06-14',
    '2027-08-02', // Bank Holiday
    '2027-10-04',
    '2027-12-27', // Christmas Day was a Saturday
    '2027-12-28', // Boxing Day was a Sunday
  ],
  2028: [
    '2028-01-03', // New Year's Day was a Saturday
    '2028-01-26',
    '2028-04-14', // Good Friday
    '2028-04-17', // Easter Monday
    '2028-04-25', // Anzac Day, a Tuesday
    '2028-06-12',
    '2028-08-07', // Bank Holiday
    '2028-10-02',
    '2028-12-25',
    '2028-12-26',
  ],
} as const;

describe('Sydney time', () => {
  it('says what day it is in Sydney, on both sides of UTC midnight and of daylight saving', () => {
    // 23 Nov 2026, 13:30 UTC is 00:30 on the 24th in Sydney (daylight time, +11).
    expect(sydneyToday(Date.parse('2026-11-23T13:30:00Z'))).toBe('2026-11-24');
    expect(sydneyToday(Date.parse('2026-11-23T12:59:00Z'))).toBe('2026-11-23');
    // 15 June: standard time (+10).
    expect(sydneyToday(Date.parse('2026-06-15T13:30:00Z'))).toBe('2026-06-15');
    expect(sydneyToday(Date.parse('2026-06-15T14:00:00Z'))).toBe('2026-06-16');
  });

  it('counts NSW business days: weekends, NSW public holidays and bank holidays out', async () => {
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

  it('leaves out exactly the NSW public holidays and the Bank Holiday on weekdays, 2026 to 2028', async () => {
    for (const [year, expected] of Object.entries(WEEKDAY_HOLIDAYS)) {
      const found: string[] = [];
      for (let day = `${year}-01-01`; day.startsWith(year); day = addCalendarDays(day, 1)) {
        const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
        if (weekday !== 0 && weekday !== 6 && !(await isNswBusinessDay(day))) found.push(day);
      }
      expect(found, year).toEqual(expected);
    }
  });

  it('counts and moves business days over the Bank Holiday, Easter, Anzac Mondays and Christmas', async () => {
    // The case: 5 business days from Friday 31 July 2026 skip Monday 3 August.
    expect(await addNswBusinessDays('2026-07-31', 5)).toBe('2026-08-10');
    expect(await addNswBusinessDays('2027-07-30', 1)).toBe('2027-08-03');
    expect(await nswBusinessDaysBefore('2028-08-08', 1)).toBe('2028-08-04');
    // Easter 2027: Thursday 25 March, then Tuesday 30 March.
    expect(await addNswBusinessDays('2027-03-25', 1)).toBe('2027-03-30');
    // Anzac Monday 2026 (27 April) and 2027 (26 April).
    expect(await addNswBusinessDays('2026-04-24', 1)).toBe('2026-04-28');
    expect(await addNswBusinessDays('2027-04-23', 1)).toBe('2027-04-27');
    // Christmas 2027: Friday 24 December, then Wednesday 29 December.
    expect(await addNswBusinessDays('2027-12-24', 1)).toBe('2027-12-29');
    // Weekend days are never business days, holiday or not (Easter Saturday 2026).
    expect(await isNswBusinessDay('2026-04-04')).toBe(false);
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

  it('says a day, and a time of day, in words (the matter pages and e-mails)', () => {
    expect(whenText({ date: '2026-12-02' })).toBe('Wednesday 2 December 2026');
    expect(whenText({ date: '2026-12-02', time: '17:00' })).toBe('Wednesday 2 December 2026 at 5:00 pm');
    expect(whenText({ date: '2027-01-01', time: '00:05' })).toBe('Friday 1 January 2027 at 12:05 am');
    expect(whenText({ date: '2027-01-01', time: '12:30' })).toBe('Friday 1 January 2027 at 12:30 pm');
  });
});
