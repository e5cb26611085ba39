/** The RSS feed as feed validators want it: its own address, when it last changed, the posts' tags. */
import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import blogPosts from '#functions/blog-posts.ts';
import { GET as rssFeed } from '#src/pages/rss.xml.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

const SITE = 'https://www.example-conveyancing.com.au';

describe('rss.xml', () => {
  it('has atom:link rel="self", lastBuildDate from the newest change, and each post’s tags as categories', async () => {
    const { cookie } = await signedInStaff();
    const older = await call(blogPosts, 'POST', '/api/blog-posts', {
      body: {
        title: 'Older',
        slug: 'rss-older',
        content: 'Body.',
        isPublished: true,
        publishedAt: '2026-01-05',
        tags: ['stamp-duty', 'buying'],
      },
      cookie,
    });
    const newer = await call(blogPosts, 'POST', '/api/blog-posts', {
      body: { title: 'Newer', slug: 'rss-newer', content: 'Body.', isPublished: true, publishedAt: '2026-02-05' },
      cookie,
    });
    expect([older.status, newer.status]).toEqual([201, 201]);

    const feed = await (await rssFeed({ site: new URL(SITE) } as APIContext)).text();
    expect(feed).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(feed).toContain(`<atom:link href="${SITE}/rss.xml" rel="self" type="application/rss+xml"/>`);
    // Both were saved just now, after their publication days: the last save is the last change.
    const lastBuild = /<lastBuildDate>([^<]+)<\/lastBuildDate>/.exec(feed)?.[1];
    expect(lastBuild).toBe(new Date(newer.json.updatedAt).toUTCString());

    const item = (slug: string) => feed.split('<item>').find((part) => part.includes(`/blog/${slug}/`)) ?? '';
    expect(item('rss-older')).toContain('<category>stamp duty</category><category>buying</category>');
    expect(item('rss-newer')).not.toContain('<category>');
  });
});
