/**
 * Build-time data: what the pre-rendered pages show from Netlify Blobs, read from Astro's
 * content collections (src/content.config.ts). The build's loaders filled them once for
 * this build, so every page of a build shows one snapshot. Runs only inside `astro build`
 * (and `astro dev`), never in the browser.
 */
import { getCollection, getEntry } from 'astro:content';
import { PRACTICE_ENTRY, type PublishedPost } from '../shared/site-content.ts';
import type { PublicService } from '../shared/schemas/service.ts';
import { fillClaimTokens } from '../shared/claim-tokens.ts';
import type { PracticeView } from '../shared/practice-view.ts';
import type { Testimonial } from '../shared/schemas/testimonial.ts';
import { SHIPPED_DUTY_INDEXATIONS, type DutyIndexation } from '../content/transfer-duty.ts';
import {
  emptyLandingSections,
  isPlaceholderName,
  isSampleReview,
  type OptionalSection,
} from '../content/placeholders.ts';

export type { FeaturedImage, PublishedPost } from '../shared/site-content.ts';

/** A collection's entries in the repository's order (Astro returns them by id). */
const inOrder = <E extends { data: { listIndex: number } }>(entries: E[]): E[] =>
  entries.sort((a, b) => a.data.listIndex - b.data.listIndex);

/** The records of a list, in order, as the repository gave them. */
const recordsOf = <T>(entries: { data: T & { listIndex: number } }[]): T[] =>
  inOrder(entries).map(({ data: { listIndex: _listIndex, ...record } }) => record as T);

/** Published posts' entries, newest first (by publishedAt, else createdAt), as the repository lists them. */
export const getPostEntries = async () => inOrder(await getCollection('posts'));

/** Published posts, newest first. */
export const getPublishedPosts = async (): Promise<PublishedPost[]> => recordsOf(await getCollection('posts'));

/** The practice details staff saved in Settings over the typed defaults of src/content. */
export async function getPracticeSettings(): Promise<PracticeView> {
  const entry = await getEntry('settings', PRACTICE_ENTRY);
  if (!entry) throw new Error('The practice settings were not loaded (src/content.config.ts)');
  return entry.data;
}

/**
 * The landing page's active services, in the staff's order, each time frame's claim token
 * ("{typical settlement}") replaced with the figure saved in Settings.
 */
export async function getActiveServices(): Promise<PublicService[]> {
  const { claims } = await getPracticeSettings();
  return recordsOf<PublicService>(await getCollection('services')).map((service) => ({
    ...service,
    timeFrame: fillClaimTokens(service.timeFrame, claims),
  }));
}

/**
 * Testimonials staff marked active (and so consented to), for the landing page; never a
 * review marked sample (src/content/placeholders.ts), active or not.
 */
export const getActiveTestimonials = async (): Promise<Testimonial[]> =>
  recordsOf<Testimonial>(await getCollection('testimonials')).filter((testimonial) => !isSampleReview(testimonial));

/** The team as visitors see it: only the members with a real name (not a placeholder). */
export async function getPublicTeam(): Promise<PracticeView['team']> {
  const { team } = await getPracticeSettings();
  return team.filter((member) => !isPlaceholderName(member.name));
}

/**
 * The landing sections with nothing real left to show, so they, and the links to them (the
 * menu, the footer, About's button), are left out: the team with no real name, the
 * testimonials with no real review, no rating and no reviews embed.
 */
export async function getEmptyLandingSections(): Promise<Set<OptionalSection>> {
  const [{ team, rating, reviewsEmbed }, testimonials] = await Promise.all([
    getPracticeSettings(),
    getActiveTestimonials(),
  ]);
  return emptyLandingSections({ team, testimonials, rating, reviewsEmbed });
}

/**
 * Every transfer duty year, the shipped ones and those principals added, oldest first. The
 * shipped years stand in where the build read no Blobs (`astro check`).
 */
export async function getDutyIndexations(): Promise<DutyIndexation[]> {
  const years = recordsOf<DutyIndexation>(await getCollection('dutyIndexation'));
  return years.length > 0 ? years : [...SHIPPED_DUTY_INDEXATIONS];
}
