/**
 * What search engines read: one address per page (canonical tags, sitemap, RSS and the
 * site's own links agree, and the other forms redirect there), the sitemap's lastmod, the
 * articles' structured data and every page's social-card alt text.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures.ts';

/** The sitemap's entries: path (the site's own origin is the configured public one) and lastmod. */
async function sitemap(request: APIRequestContext) {
  const xml = await (await request.get('/sitemap-0.xml')).text();
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, entry]) => ({
    path: new URL(/<loc>([^<]+)<\/loc>/.exec(entry!)![1]!).pathname,
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(entry!)?.[1],
  }));
}

const meta = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

test('every page has one address: canonical, sitemap, RSS and links agree, and the other forms redirect to it', async ({
  request,
}) => {
  const pages = await sitemap(request);
  expect(pages.length).toBeGreaterThan(5);
  const paths = new Set(pages.map((page) => page.path));

  for (const { path, lastmod } of pages) {
    expect(path, 'sitemap addresses end in a slash').toMatch(/\/$/);
    expect(lastmod, `${path} has a lastmod`).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const canonical = meta(html, /<link rel="canonical" href="([^"]+)"/);
    expect(canonical && new URL(canonical).pathname, `${path}'s canonical`).toBe(path);

    // The same page by its other names: one 301 to the address above.
    const others = [`${path}index.html`, ...(path === '/' ? [] : [path.slice(0, -1)])];
    for (const other of others) {
      const moved = await request.get(other, { maxRedirects: 0 });
      expect(moved.status(), other).toBe(301);
      expect(new URL(moved.headers().location!, 'http://x').pathname, other).toBe(path);
    }

    // The site's own links to pages use that same form (files such as /rss.xml aside).
    for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)) {
      if (/\.[a-z0-9]+$/i.test(href!)) continue;
      expect(href, `a link on ${path}`).toMatch(/\/$/);
    }
  }

  const feed = await (await request.get('/rss.xml')).text();
  const links = [...feed.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map(([, link]) => new URL(link!).pathname);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(paths, `RSS link ${link}`).toContain(link);
});

test("articles' structured data names the publisher's logo, and the post's own image only", async ({ request }) => {
  const logo = await request.get('/logo.png');
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');

  const articles = (await sitemap(request)).filter((page) => /^\/blog\/(?!tag\/)[^/]+\/$/.test(page.path));
  expect(articles.length).toBeGreaterThan(0);
  for (const { path } of articles) {
    const html = await (await request.get(path)).text();
    const data = JSON.parse(meta(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/)!);
    expect(data.publisher.logo, path).toMatchObject({
      '@type': 'ImageObject',
      url: expect.stringMatching(/\/logo\.png$/),
    });
    const card = meta(html, /<meta property="og:image" content="([^"]+)"/)!;
    if (card.endsWith('/og-image.png')) expect(data, `${path} has no image of its own`).not.toHaveProperty('image');
    else expect(data.image, path).toBe(card);
  }
});

test('every page gives its social-card image an alt text', async ({ request }) => {
  for (const { path } of await sitemap(request)) {
    const html = await (await request.get(path)).text();
    expect(meta(html, /<meta name="twitter:image:alt" content="([^"]+)"/), path).toBeTruthy();
  }
});
