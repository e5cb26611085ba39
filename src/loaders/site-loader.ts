/**
 * Astro content-layer loaders: everything the pre-rendered pages show from Netlify Blobs
 * (published posts with their image sizes and rendered text, the landing page's services
 * and testimonials, the practice settings) enters Astro's data store here, through the
 * repositories, and pages read it with `getCollection` / `getEntry` (src/data/published.ts).
 * Nothing under src/ reads Blobs. See docs/decisions/018-site-content-loader.md.
 *
 * Astro runs `load()` on every `astro build` (and, in `astro dev`, on each page load:
 * src/integrations/content-refresh.mjs), so each build reads Blobs afresh; the data store
 * Astro keeps between builds (.astro/data-store.json) is brought in line with it, entries
 * gone from Blobs deleted. Unchanged entries keep their digest, so the dev server only
 * reloads what changed.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { listPublishedPosts } from '#server/repositories/blog-posts-store.ts';
import { buildNow } from '../shared/clock.ts';
import { listAddedDutyYears } from '#server/repositories/duty-indexation-store.ts';
import { getMediaInfo } from '#server/repositories/media-store.ts';
import { listServices, servicesSeeded } from '#server/repositories/services-store.ts';
import { getSettings } from '#server/repositories/settings-store.ts';
import { listTestimonials } from '#server/repositories/testimonials-store.ts';
import { SERVICES } from '../content/services.ts';
import { SHIPPED_DUTY_INDEXATIONS, type DutyIndexation } from '../content/transfer-duty.ts';
import { renderMarkdown } from '../shared/markdown.ts';
import { sydneyToday } from '../shared/sydney-time.ts';
import { mediaKeyOf, mediaUrlsIn, type MediaItem } from '../shared/media.ts';
import { practiceView, type PracticeView } from '../shared/practice-view.ts';
import type { PublicService } from '../shared/schemas/service.ts';
import type { Testimonial } from '../shared/schemas/testimonial.ts';
import { PRACTICE_ENTRY, type Ordered, type PublishedPost } from '../shared/site-content.ts';

interface Entry {
  id: string;
  data: Record<string, unknown>;
  rendered?: { html: string };
}

/**
 * Makes the collection hold exactly `entries`. Astro keeps a collection sorted by id, so each
 * entry's data carries its `listIndex` in the repository's order (newest first, or the
 * staff's). The records were parsed with their resource's schema as the repositories read
 * them, so the collections' schemas only carry the types. An entry whose data did not change
 * keeps its digest and is left as it is: `astro dev` then reloads nothing.
 */
function replaceAll({ store, generateDigest }: LoaderContext, entries: Entry[]): void {
  const wanted = new Set(entries.map((entry) => entry.id));
  for (const id of store.keys()) if (!wanted.has(id)) store.delete(id);
  entries.forEach((entry, listIndex) => {
    const data = { ...entry.data, listIndex };
    store.set({ ...entry, data, digest: generateDigest(JSON.stringify([data, entry.rendered?.html ?? null])) });
  });
}

/**
 * `astro sync` and `astro check` load the collections too, for their types, where no Blobs
 * is configured: the collection is left as it is. A build without Blobs fails before it
 * gets here (src/integrations/site-content.mjs).
 */
function fromBlobs(name: string, load: (context: LoaderContext) => Promise<void>): Loader['load'] {
  return async (context) => {
    try {
      await load(context);
    } catch (error) {
      if ((error as { name?: unknown }).name !== 'MissingBlobsEnvironmentError') throw error;
      context.logger.warn(`No Netlify Blobs here: the ${name} were not read (only a build needs them).`);
    }
  };
}

/** Reads each uploaded image's details once per load: an image may appear in many posts. */
function mediaLookup(): (url: string) => Promise<MediaItem | null> {
  const found = new Map<string, Promise<MediaItem | null>>();
  return (url) => {
    const key = mediaKeyOf(url);
    if (!key) return Promise.resolve(null);
    let info = found.get(key);
    if (!info) found.set(key, (info = getMediaInfo(key)));
    return info;
  };
}

/**
 * Published posts (by slug), each with its featured image and its text rendered by the one
 * sanitising renderer the editor's preview uses too (src/shared/markdown.ts), uploaded images
 * in the text given their width and height. Rendered here, at build time: no Markdown code
 * reaches visitors.
 */
export const postsLoader = {
  name: 'blobs-posts',
  schema: z.custom<Ordered<PublishedPost>>(),
  load: fromBlobs('posts', async (context) => {
    const media = mediaLookup();
    const entries = await Promise.all(
      (await listPublishedPosts(buildNow())).map(async (post): Promise<Entry> => {
        const featured = post.featuredImage && post.featuredImageAlt ? await media(post.featuredImage) : null;
        const sizes = new Map<string, { width: number; height: number }>();
        for (const url of mediaUrlsIn(post.content)) {
          const info = await media(url);
          if (info) sizes.set(url, { width: info.width, height: info.height }); // a deleted image shows nothing
        }
        const data: PublishedPost = {
          ...post,
          image: featured
            ? { src: featured.url, alt: post.featuredImageAlt!, width: featured.width, height: featured.height }
            : null,
        };
        return {
          id: post.slug,
          data: { ...data },
          rendered: { html: renderMarkdown(post.content, (src) => sizes.get(src)) },
        };
      }),
    );
    replaceAll(context, entries);
  }),
} satisfies Loader;

/**
 * Every NSW transfer duty year, oldest first: those shipped with the code and those
 * principals added (the ratio of each, Duties Act s 33AC). /quote and the contact form make
 * each year's table from them by the same rule the functions use (src/shared/duty-tables.ts),
 * so a quote on the page and the figures the server stores agree. A build that cannot read
 * them fails (the live site keeps its previous build) rather than quote a year's duty
 * without its thresholds.
 */
export const dutyIndexationLoader = {
  name: 'blobs-duty-indexation',
  schema: z.custom<Ordered<DutyIndexation>>(),
  load: fromBlobs('duty indexation', async (context) => {
    const added = (await listAddedDutyYears()).map(({ year, ratio, source, addedAt }): DutyIndexation => ({
      year,
      ratio,
      source,
      checked: sydneyToday(Date.parse(addedAt)),
    }));
    replaceAll(
      context,
      [...SHIPPED_DUTY_INDEXATIONS, ...added].map((data): Entry => ({ id: String(data.year), data: { ...data } })),
    );
  }),
} satisfies Loader;

/**
 * The landing page's services: the store's active ones in their order, or the defaults in
 * src/content while the store was never seeded (a new site before staff first open the
 * Services tab). Once seeded, the store alone decides, even when it is empty. A build that
 * cannot read them fails (the live site keeps its previous build) rather than advertise
 * services the practice may have withdrawn.
 */
export const servicesLoader = {
  name: 'blobs-services',
  schema: z.custom<Ordered<PublicService>>(),
  load: fromBlobs('services', async (context) => {
    const services = (await servicesSeeded())
      ? await listServices()
      : SERVICES.map((service) => ({
          ...service,
          features: [...service.features],
          serviceAreas: [...service.serviceAreas],
        }));
    const shown = services
      .filter((service) => service.isActive)
      .map(({ id, title, description, icon, features, timeFrame, serviceAreas, isActive }): Entry => {
        const data: PublicService = { id, title, description, icon, features, timeFrame, serviceAreas, isActive };
        return { id, data: { ...data } };
      });
    replaceAll(context, shown);
  }),
} satisfies Loader;

/**
 * Testimonials staff marked active (and so consented to). If they cannot be read the
 * landing page shows the rating alone: never a testimonial from an earlier build, whose
 * consent may have been withdrawn since.
 */
export const testimonialsLoader = {
  name: 'blobs-testimonials',
  schema: z.custom<Ordered<Testimonial>>(),
  load: fromBlobs('testimonials', async (context) => {
    let active: Testimonial[] = [];
    try {
      active = (await listTestimonials()).filter((testimonial) => testimonial.isActive);
    } catch (error) {
      if ((error as { name?: unknown }).name === 'MissingBlobsEnvironmentError') throw error;
      context.logger.error(`Could not read testimonials; the landing page shows the rating only. ${String(error)}`);
    }
    replaceAll(
      context,
      active.map((testimonial) => ({ id: testimonial.id, data: { ...testimonial } })),
    );
  }),
} satisfies Loader;

/** The practice details staff saved in Settings over the typed defaults of src/content. */
export const settingsLoader = {
  name: 'blobs-settings',
  schema: z.custom<PracticeView>(),
  load: fromBlobs('settings', async (context) => {
    replaceAll(context, [{ id: PRACTICE_ENTRY, data: { ...practiceView(await getSettings()) } }]);
  }),
} satisfies Loader;
