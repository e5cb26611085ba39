/**
 * How a shipped placeholder is marked, once, and how the site tells one: a team member whose
 * name is not yet a real person's, and a review that is a sample, are never shown to
 * visitors (the landing page leaves them out, and their section when nothing real is left),
 * and Settings lists what is hidden until staff fill it in.
 */

/** Ends each shipped team member's name (src/content/team.ts) until staff enter the real one. */
export const PLACEHOLDER_NAME_MARK = '(name to be confirmed)';

/** Starts the title of each shipped demo review (scripts/seed/demo-content.ts). */
export const SAMPLE_REVIEW_MARK = 'Sample review';

/** A name that is still the placeholder (or empty): no real person to show. */
export const isPlaceholderName = (name: string): boolean =>
  name.trim() === '' || name.toLowerCase().includes(PLACEHOLDER_NAME_MARK.slice(1, -1));

/** A review whose title marks it a sample. */
export const isSampleReview = ({ title }: { title: string }): boolean =>
  title.trim().toLowerCase().startsWith(SAMPLE_REVIEW_MARK.toLowerCase());

/** A landing section that may be left out. */
export type OptionalSection = 'team' | 'testimonials';

/**
 * The landing sections with nothing real left to show: the team when no member has a real
 * name, the testimonials when no review is real and there is no rating and no reviews embed.
 */
export function emptyLandingSections(shown: {
  team: readonly { name: string }[];
  testimonials: readonly { title: string }[];
  rating: unknown;
  reviewsEmbed: unknown;
}): Set<OptionalSection> {
  const empty = new Set<OptionalSection>();
  if (!shown.team.some((member) => !isPlaceholderName(member.name))) empty.add('team');
  if (!shown.testimonials.some((review) => !isSampleReview(review)) && !shown.rating && !shown.reviewsEmbed)
    empty.add('testimonials');
  return empty;
}
