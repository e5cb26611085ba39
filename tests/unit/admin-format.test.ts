import { describe, expect, it } from 'vitest';
import { formatDateTime, fullName, telHref } from '#src/islands/admin/kit/format.ts';

describe('formatDateTime', () => {
  it('shows the moment in Sydney time with the en-AU order', () => {
    // 05:30 UTC on 21 Nov 2026 is 4:30 pm in Sydney (daylight saving, UTC+11).
    expect(formatDateTime('2026-11-21T05:30:00.000Z')).toBe('21 Nov 2026, 4:30 pm');
    // August is standard time (UTC+10).
    expect(formatDateTime('2026-08-23T00:05:00Z')).toBe('23 Aug 2026, 10:05 am');
  });

  it('passes unreadable values through and blanks missing ones', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('telHref', () => {
  it('keeps digits and a leading plus only', () => {
    expect(telHref('(02) 5550 0123')).toBe('tel:0255500123');
    expect(telHref(' +61 2 5550-0123 ')).toBe('tel:+61255500123');
  });
});

describe('fullName', () => {
  it('joins first and last names', () => {
    expect(fullName({ firstName: 'Jane', lastName: 'Citizen' })).toBe('Jane Citizen');
  });
});
