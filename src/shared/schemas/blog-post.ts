/** Blog posts: the staff form, the API's create/update payload and the stored record. */
import * as z from 'zod/mini';
import { mediaKeyOf } from '../media.ts';
import { publishInstant, normalisePublishedAt } from '../publish-time.ts';
import { dateInRange, optionalText, requiredText } from './fields.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BLOG_LIMITS = { title: 200, slug: 120, excerpt: 500, content: 100_000, url: 2048, imageAlt: 300 } as const;

/**
 * Slugs a post may not take because the site has (or keeps for) a page of its own at
 * `/blog/{slug}`: a post there would be shadowed by, or shadow, that page. Every static
 * page under src/pages/blog must be listed (a unit test checks it).
 */
export const RESERVED_SLUGS: readonly string[] = [
  'not-found',
  'index',
  'page',
  'tag',
  'tags',
  'category',
  'rss',
  'feed',
  'search',
  'archive',
];

/** A well-formed slug within the length limit: safe to use in a storage key and a URL. */
export const isSlug = (value: string): boolean => value.length <= BLOG_LIMITS.slug && SLUG_PATTERN.test(value);

export const IMAGE_ALT_REQUIRED = 'Describe the image for people who cannot see it';

/** The search fields: a description that fits a results page, and a few short tags. */
export const SEO_LIMITS = { metaDescription: 160, tags: 10, tag: 40 } as const;

/** A tag as it appears in `/blog/tag/{tag}`: the slug rule, so it is safe in a URL. */
export const isTag = (value: string): boolean => value.length <= SEO_LIMITS.tag && SLUG_PATTERN.test(value);

/** The editor's comma-separated text as tags: "First home buyers, stamp duty" is `first-home-buyers`, `stamp-duty`. */
export const tagsFromText = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map(slugify)
      .filter((tag) => tag !== ''),
  ),
];

/** How a tag reads in a sentence: `stamp-duty` is "stamp duty". */
export const tagLabel = (tag: string): string => tag.replace(/-/g, ' ');

const TAG_MESSAGE = `Tags use lowercase letters, numbers and single hyphens, up to ${SEO_LIMITS.tag} characters each`;

export const blogPostInputSchema = z
  .object({
    title: requiredText('Title is required', BLOG_LIMITS.title),
    slug: requiredText('Slug is required', BLOG_LIMITS.slug).check(
      // An empty slug already has its message; only a non-empty one is judged on form.
      z.refine(
        (value) => value === '' || SLUG_PATTERN.test(value),
        'Use lowercase letters, numbers and single hyphens only',
      ),
      z.refine(
        (value) => !RESERVED_SLUGS.includes(value),
        'This address is used by the site itself: please choose another slug',
      ),
    ),
    excerpt: z.optional(z.nullable(optionalText(BLOG_LIMITS.excerpt, { multiline: true }))),
    content: requiredText('Content is required', BLOG_LIMITS.content, { multiline: true }),
    /** For search results and social cards; the excerpt stands in when there is none. */
    metaDescription: z.optional(z.nullable(optionalText(SEO_LIMITS.metaDescription))),
    /** Repeats are dropped; each must already be in tag form (`tagsFromText` makes it so). */
    tags: z.optional(
      z.nullable(
        z
          .pipe(
            z.array(z.string(TAG_MESSAGE).check(z.trim(), z.refine(isTag, TAG_MESSAGE)), 'Tags must be a list'),
            z.transform((tags) => [...new Set(tags)]),
          )
          .check(z.maxLength(SEO_LIMITS.tags, `Use at most ${SEO_LIMITS.tags} tags`)),
      ),
    ),
    /** An uploaded image (`/media/{key}`): the pages' CSP allows images from this site only. */
    featuredImage: z.optional(
      z.nullable(
        optionalText(BLOG_LIMITS.url).check(
          z.refine(
            (value) => value === undefined || mediaKeyOf(value) !== null,
            'Choose an image uploaded to this site',
          ),
        ),
      ),
    ),
    featuredImageAlt: z.optional(z.nullable(optionalText(BLOG_LIMITS.imageAlt))),
    isPublished: z._default(z.boolean('Published must be true or false'), false),
    // A day, or a date and time in Sydney; stored in one form (src/shared/publish-time.ts).
    publishedAt: z.optional(
      z.nullable(
        z.pipe(
          z.string().check(
            z.trim(),
            dateInRange(),
            z.refine(
              (value) => value === '' || normalisePublishedAt(value) !== null,
              'Use a date like 2026-03-31, or a date and time like 2026-03-31T09:00',
            ),
          ),
          z.transform((value) => (value === '' ? undefined : (normalisePublishedAt(value) ?? undefined))),
        ),
      ),
    ),
    /**
     * Optional: the `version` the editor loaded. When sent, an update made by someone
     * else in the meantime is refused with 409 instead of being overwritten.
     */
    version: z.optional(z.string()),
  })
  .check(
    z.refine((post) => !post.featuredImage || Boolean(post.featuredImageAlt), {
      message: IMAGE_ALT_REQUIRED,
      path: ['featuredImageAlt'],
    }),
  );

export type BlogPostInput = z.input<typeof blogPostInputSchema>;
export type BlogPostData = z.output<typeof blogPostInputSchema>;

/**
 * A post as stored in Blobs, and as every read parses it. Every write (createPost,
 * updatePost, the seed) sets each field not marked optional, so a record missing one is
 * refused (logged and skipped).
 */
export const blogPostRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.optional(z.string()),
  content: z.string(),
  metaDescription: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  featuredImage: z.optional(z.string()),
  featuredImageAlt: z.optional(z.string()),
  isPublished: z.boolean(),
  publishedAt: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Changes with every save; send it back with an update to detect conflicts. */
  version: z.string(),
  /** The staff member who saved this version (the seed names itself). */
  updatedBy: z.string(),
  /**
   * How many saves came before this one (0 for a new post). It names this version's
   * revision once it is replaced: two saves racing over one version name the same
   * revision, so it is kept once.
   */
  sequence: z.number(),
});

export type BlogPost = z.output<typeof blogPostRecordSchema>;

/** What the public list answers: no drafts, no content. */
export type BlogPostSummary = Pick<BlogPost, 'id' | 'slug' | 'title' | 'excerpt' | 'publishedAt' | 'createdAt'>;

/** The date a post is dated by in public: its publication date, else its creation. */
export const postDate = (post: Pick<BlogPost, 'publishedAt' | 'createdAt'>): string =>
  post.publishedAt ?? post.createdAt;

/** Newest first by `publishedAt` (a day counts from its start in Sydney), else `createdAt`. */
export const byNewest = (a: Pick<BlogPost, 'publishedAt' | 'createdAt'>, b: typeof a) =>
  publishInstant(b) - publishInstant(a);

/** A URL slug suggested from a title: "Stamp Duty & You!" becomes "stamp-duty-you". */
export const slugify = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/, '');
