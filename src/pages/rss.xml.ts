/** The blog's RSS feed, built from the published posts. */
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { getPracticeSettings, getPublishedPosts } from '../data/published.ts';
import { postDate } from '../shared/schemas/blog-post.ts';
import { stripControlCharacters } from '../shared/schemas/fields.ts';

export async function GET(context: APIContext) {
  const [posts, practice] = await Promise.all([getPublishedPosts(), getPracticeSettings()]);
  return rss({
    // The practice's name as staff set it in Settings.
    title: `${practice.name} – Conveyancing Insights`,
    description: `Articles on buying, selling and settling property in ${practice.serviceRegion}.`,
    site: context.site ?? 'https://www.example-conveyancing.com.au',
    customData: '<language>en-AU</language>',
    items: posts.map((post) => ({
      // Input is stripped of control characters; posts stored before that could still
      // carry one, and a single one makes the whole feed unreadable XML.
      title: stripControlCharacters(post.title),
      link: `/blog/${post.slug}/`,
      pubDate: new Date(postDate(post)),
      description: post.excerpt ? stripControlCharacters(post.excerpt) : undefined,
    })),
  });
}
