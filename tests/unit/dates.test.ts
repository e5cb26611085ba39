import { describe, expect, it } from 'vitest';
import { formatLongDate, groupByYear, trimExcerpt, yearOf } from '#src/lib/dates.ts';

describe('dates', () => {
  it('formats long en-AU dates in Sydney time', () => {
    expect(formatLongDate('2026-03-31')).toBe('31 March 2026');
    // 31 Dec 14:00 UTC is already 1 January in Sydney.
    expect(formatLongDate('2025-12-31T14:00:00Z')).toBe('1 January 2026');
    expect(formatLongDate(undefined)).toBeNull();
    expect(formatLongDate('nope')).toBeNull();
  });
  it('groups by Sydney year, newest year first, order kept', () => {
    const posts = [{ d: '2026-05-01' }, { d: '2026-01-01' }, { d: '2024-06-01' }, { d: '2025-12-31T14:00:00Z' }];
    const groups = groupByYear(posts, (post) => post.d);
    expect(groups.map((group) => group.year)).toEqual([2026, 2024]);
    expect(groups[0]?.posts).toHaveLength(3);
    expect(yearOf('2024-06-01')).toBe(2024);
  });
  it('trims excerpts on a word boundary', () => {
    expect(trimExcerpt('  short  text ')).toBe('short text');
    expect(trimExcerpt('')).toBeNull();
    const long = trimExcerpt('word '.repeat(100), 50);
    expect(long?.endsWith('…')).toBe(true);
    expect(long!.length).toBeLessThanOrEqual(51);
  });
});
