/**
 * Uploaded images (the `media` store): what is accepted and how an image is addressed.
 * Shared by the editor (file picker, messages) and the functions (checks, routes).
 */
import type * as z from 'zod/mini';
import type { mediaItemSchema, uploadedMediaSchema } from './schemas/media.ts';

/** The four types browsers show everywhere; SVG is refused because it can carry script. */
export const MEDIA_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
} as const;
export type MediaType = keyof typeof MEDIA_TYPES;

/** 4 MB: a generous photo; Netlify's synchronous functions take at most 6 MB of request. */
export const MEDIA_MAX_BYTES = 4 * 1024 * 1024;

/** `{sha256 of the bytes}.{ext}`: the same bytes always get the same address. */
const MEDIA_KEY = String.raw`[0-9a-f]{64}\.(?:jpg|png|webp|avif)`;
export const MEDIA_KEY_PATTERN = new RegExp(`^${MEDIA_KEY}$`);
const MEDIA_PATH_PATTERN = new RegExp(`^/media/(${MEDIA_KEY})$`);

export const isMediaKey = (value: string): boolean => MEDIA_KEY_PATTERN.test(value);
export const mediaUrl = (key: string): string => `/media/${key}`;
/** The key of a `/media/{key}` path on this site; null for anything else. */
export const mediaKeyOf = (url: string): string | null => MEDIA_PATH_PATTERN.exec(url)?.[1] ?? null;
/** Every `/media/{key}` path a text names (a post's Markdown), each once. */
export const mediaUrlsIn = (text: string): string[] => [
  ...new Set(text.match(new RegExp(`/media/${MEDIA_KEY}`, 'g')) ?? []),
];

/** What `POST /api/media` answers, and one image as `GET /api/media` lists it (their schemas: schemas/media.ts). */
export type UploadedMedia = z.output<typeof uploadedMediaSchema>;
export type MediaItem = z.output<typeof mediaItemSchema>;

/**
 * Where the image at `url` shows on the website: in posts (drafts too: publishing one later
 * would bring back a post without its image), as featured image or in the text, and as a
 * team member's photo. One line each, for the delete confirmation.
 */
export function imageUses(
  url: string,
  posts: readonly { title: string; featuredImage?: string | null; content: string }[],
  team: readonly { name: string; photo?: string }[] = [],
): string[] {
  return [
    ...posts
      .filter((post) => post.featuredImage === url || post.content.includes(url))
      .map((post) => `Blog post: ${post.title}`),
    ...team.filter((member) => member.photo === url).map((member) => `Team section: ${member.name}'s photo`),
  ];
}
