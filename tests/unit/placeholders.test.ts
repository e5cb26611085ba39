/**
 * Demo text is never public: a team member whose name is still the shipped placeholder and a
 * review marked sample are left out of the landing page, and so is their section when
 * nothing real is left in it (src/content/placeholders.ts, read by src/data/published.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  emptyLandingSections,
  isPlaceholderName,
  isSampleReview,
  PLACEHOLDER_NAME_MARK,
} from '#src/content/placeholders.ts';
import { TEAM } from '#src/content/team.ts';
import { DEMO_TESTIMONIALS } from '#scripts/seed/demo-content.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';

const real = { name: 'Priya Natarajan' };
const review = { title: 'Sam and Alex, Castle Hill' };

describe('placeholders', () => {
  it('marks every shipped team member and every demo review as a placeholder', () => {
    expect(TEAM.every((member) => member.name.endsWith(PLACEHOLDER_NAME_MARK))).toBe(true);
    expect(TEAM.every((member) => isPlaceholderName(member.name))).toBe(true);
    expect(defaultPracticeSettings().team.every((member) => isPlaceholderName(member.name))).toBe(true);
    expect(DEMO_TESTIMONIALS.every(isSampleReview)).toBe(true);
  });

  it('tells a real name and a real review from a placeholder', () => {
    expect(isPlaceholderName(real.name)).toBe(false);
    expect(isPlaceholderName('Senior Conveyancer (Name to be confirmed)')).toBe(true);
    expect(isPlaceholderName('  ')).toBe(true);
    expect(isSampleReview(review)).toBe(false);
    expect(isSampleReview({ title: ' sample review: first home buyers' })).toBe(true);
    // A real client may well write the word "sample" in a title that is not the mark.
    expect(isSampleReview({ title: 'Great service, not a sample review' })).toBe(false);
  });

  it('leaves a section out only when nothing real is left in it', () => {
    const none = { rating: null, reviewsEmbed: null };
    expect(emptyLandingSections({ team: TEAM, testimonials: DEMO_TESTIMONIALS, ...none })).toEqual(
      new Set(['team', 'testimonials']),
    );
    expect(
      emptyLandingSections({ team: [...TEAM, real], testimonials: [...DEMO_TESTIMONIALS, review], ...none }),
    ).toEqual(new Set());
    // A rating or the reviews embed is something real to show without a review.
    expect(
      emptyLandingSections({ team: [real], testimonials: [], rating: { value: 4.9 }, reviewsEmbed: null }),
    ).toEqual(new Set());
    expect(
      emptyLandingSections({ team: [real], testimonials: [], rating: null, reviewsEmbed: { widgetId: 'w' } }),
    ).toEqual(new Set());
  });
});
