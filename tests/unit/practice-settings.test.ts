import { describe, expect, it } from 'vitest';
import { practiceView } from '#src/shared/practice-view.ts';
import {
  businessHoursOf,
  defaultPracticeSettings,
  hoursTable,
  isPhone,
  phoneLinks,
} from '#src/shared/schemas/settings.ts';

describe('practice settings helpers', () => {
  it('groups consecutive days with the same hours, and says which days are closed', () => {
    const hours = defaultPracticeSettings().hours.map((row) =>
      row.day === 'Saturday'
        ? { ...row, opens: '10:00', closes: '14:00' }
        : row.day === 'Sunday'
          ? { ...row, open: false }
          : row,
    );
    expect(hoursTable(hours).map(({ day, hours: text }) => [day, text])).toEqual([
      ['Monday – Thursday', '9:00 am – 9:00 pm'],
      ['Friday', '9:00 am – 10:00 pm'],
      ['Saturday', '10:00 am – 2:00 pm'],
      ['Sunday', 'Closed'],
    ]);
    expect(businessHoursOf(hours).map((row) => row.dayOfWeek)).toEqual([
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday'],
      ['Friday'],
      ['Saturday'],
    ]);
  });

  it('dials Australian numbers in E.164 and refuses what is not a phone number', () => {
    expect(phoneLinks('(02) 5550 0123')).toEqual({ href: 'tel:+61255500123', e164: '+61255500123' });
    expect(phoneLinks('+61 2 5550 0123').e164).toBe('+61255500123');
    expect(['(02) 5550 0123', '0412 345 678', '1300 123 456', '13 22 11'].every(isPhone)).toBe(true);
    expect(['12345', '(02) 5550 012', 'call us', '02 5550 0123 ext 4'].some(isPhone)).toBe(false);
  });

  it('prints only team photos on this site: one elsewhere would be blocked by the CSP', () => {
    const team = [
      { name: 'A', role: 'Principal Solicitor', photo: '/media/abc.jpg', principal: true, solicitor: false },
      { name: 'B', role: 'Conveyancer', photo: 'https://example.com/b.jpg', principal: false, solicitor: false },
      { name: 'C', role: 'Clerk', principal: false, solicitor: false },
    ];
    const view = practiceView({ ...defaultPracticeSettings(), team });
    expect(view.team.map((member) => member.photo)).toEqual(['/media/abc.jpg', undefined, undefined]);
  });

  it('shows only the social links that have an address: never a "#" link', () => {
    const view = practiceView(defaultPracticeSettings());
    expect(view.social.every((link) => /^https:\/\//.test(link.href))).toBe(true);
    expect(view.social.map((link) => link.href)).not.toContain('#');
  });
});
