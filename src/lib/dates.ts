/** Dates as the public pages show them: en-AU, in Sydney's time zone. */
import { sydneyFormat } from '../shared/sydney-time.ts';

const longDate = sydneyFormat('en-AU', { dateStyle: 'long' });
const yearOnly = sydneyFormat('en-AU', { year: 'numeric' });

const parse = (value: string | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** '21 November 2026', or null for a missing or invalid date. */
export const formatLongDate = (value: string | undefined): string | null => {
  const date = parse(value);
  return date ? longDate.format(date) : null;
};

/** The calendar year in Sydney, or null. */
export const yearOf = (value: string | undefined): number | null => {
  const date = parse(value);
  return date ? Number(yearOnly.format(date)) : null;
};

/** Groups items by year (newest year first), keeping each group's order. */
export function groupByYear<T>(items: readonly T[], dateOf: (item: T) => string | undefined) {
  const groups = new Map<number | null, T[]>();
  for (const item of items) {
    const year = yearOf(dateOf(item));
    groups.set(year, [...(groups.get(year) ?? []), item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (b ?? -Infinity) - (a ?? -Infinity))
    .map(([year, posts]) => ({ year, posts }));
}

/** The first paragraph-ish part of a text, trimmed to `max` characters on a word boundary. */
export function trimExcerpt(text: string | undefined, max = 180): string | null {
  const clean = text?.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max * 0.6)).replace(/[\s,.;:–-]+$/, '')}…`;
}
