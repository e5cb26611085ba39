import { describe, expect, it } from 'vitest';
import { erasedMessage, formatCallback, formatMinutes } from '../../src/islands/admin/kit/format.ts';

describe('formatCallback', () => {
  const now = new Date('2026-11-21T00:00:00Z');
  it('reads as a person would say it', () => {
    expect(formatCallback('2026-11-25', 'Morning', now)).toBe('Wed 25 Nov, morning');
    expect(formatCallback('2026-12-01', undefined, now)).toBe('Tue 1 Dec');
  });
  it('names the year only when it is not this year', () => {
    expect(formatCallback('2027-01-04', 'Evening', now)).toBe('Mon 4 Jan 2027, evening');
  });
  it('keeps a time without a date, and passes odd dates through', () => {
    expect(formatCallback(undefined, 'Afternoon', now)).toBe('afternoon');
    expect(formatCallback('soon', 'Morning', now)).toBe('soon, morning');
  });
});

describe('formatMinutes', () => {
  it('shortens long waits', () => {
    expect(formatMinutes(4.6)).toBe('4 min');
    expect(formatMinutes(125)).toBe('2 h 5 min');
    expect(formatMinutes(60 * 24 * 3 + 120)).toBe('3 d 2 h');
  });
});

describe('erasedMessage', () => {
  it('counts what an erasure deleted, and says plainly when nothing was stored', () => {
    expect(erasedMessage(0)).toBe('Nothing was stored for that address: no contact requests erased');
    expect(erasedMessage(1)).toBe('1 contact request erased successfully');
    expect(erasedMessage(2)).toBe('2 contact requests erased successfully');
  });
});
