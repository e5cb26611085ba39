/** The blog's RSS feed, built from the published posts. */
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { getPracticeSettings, getPublishedPosts } from '../data/published.ts';
import { postDate, tagLabel } from '../shared/schemas/blog-post.ts';
import { stripControlCharacters } from '../shared/schemas/fields.ts';

export async function GET(context: APIContext) {
  const [posts, practice] = await Promise.all([getPublishedPosts(), getPracticeSettings()]);
  const site = context.site ?? 'https://www.example-conveyancing.com.au';
  // The feed's own address, so readers can tell where it lives (RSS Advisory Board's advice).
  const self = new URL('/rss.xml', site).href;
  // When the feed's content last changed: a post edited, or a scheduled one coming out.
  const changed = Math.max(
    ...posts.flatMap((post) => [Date.parse(post.updatedAt), Date.parse(postDate(post))]).filter(Number.isFinite),
  );
  const lastBuildDate = Number.isFinite(changed)
    ? `<lastBuildDate>${new Date(changed).toUTCString()}</lastBuildDate>`
    : '';
  return rss({
    // The practice's name as staff set it in Settings.
    title: `${practice.name} – Conveyancing Insights`,
    description: `Articles on buying, selling and settling property in ${practice.serviceRegion}.`,
    site,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<language>en-AU</language><atom:link href="${self}" rel="self" type="application/rss+xml"/>${lastBuildDate}`,
    items: posts.map((post) => ({
      // Input is stripped of control characters; posts stored before that could still
      // carry one, and a single one makes the whole feed unreadable XML.
      title: stripControlCharacters(post.title),
      link: `/blog/${post.slug}/`,
      pubDate: new Date(postDate(post)),
      description: post.excerpt ? stripControlCharacters(post.excerpt) : undefined,
      categories: post.tags?.map(tagLabel),
    })),
  });
}
