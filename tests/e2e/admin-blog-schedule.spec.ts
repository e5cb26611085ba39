/**
 * Scheduled posts (issue 10): a post published for a time a minute ahead is nowhere public
 * (API, article, index, sitemap, RSS) after the rebuild its save asked for, and everywhere
 * once it is due and the scheduled function's rebuild has gone live.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ONCE, signIn } from './fixtures.ts';
import { openTab, unique, waitForPublicPage, waitForRebuild } from './admin-helpers.ts';

/** Everywhere a visitor (or a crawler) can find a post, and whether the post is there. */
async function publicPlaces(request: APIRequestContext, slug: string, title: string) {
  const text = async (path: string) => (await request.get(path)).text();
  const list = (await (await request.get('/api/blog-posts?published=true')).json()) as { slug: string }[];
  return {
    api: list.some((post) => post.slug === slug),
    apiArticle: (await request.get(`/api/blog-posts/${slug}`)).status(),
    article: (await request.get(`/blog/${slug}`)).status(),
    index: (await text('/blog')).includes(title),
    sitemap: (await text('/sitemap-0.xml')).includes(`/blog/${slug}`),
    rss: (await text('/rss.xml')).includes(title),
  };
}

test('a scheduled post stays out of every public place until it is due, then appears after the due rebuild', async ({ page, isMobile }) => {
  test.skip(isMobile, ONCE);
  test.setTimeout(300_000);
  await signIn(page);
  const id = unique();
  const title = `Scheduled ${id}`;
  const slug = `scheduled-${id}`;
  const dueAt = Date.now() + 75_000;
  const created = await page.request.post('/api/blog-posts', {
    data: { title, slug, content: `Scheduled content ${id}.`, isPublished: true, publishedAt: new Date(dueAt).toISOString() },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Staff see it as scheduled, with its Sydney time.
  await openTab(page, 'Blog Posts');
  const item = page.getByRole('article', { name: `Blog post: ${title}`, exact: true });
  await expect(item.getByTestId('status-badge')).toHaveText('Scheduled');
  await item.getByRole('button', { name: `Edit blog post: ${title}` }).click();
  const editor = page.locator('#blog-post-form');
  await expect(editor.getByLabel('Publish date and time (Sydney time)')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await expect(editor.getByText(/^Scheduled for \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) \(Sydney time\)$/)).toBeVisible();
  await expect(item).toContainText('Scheduled for');

  // The rebuild the save asked for has gone live...
  await waitForRebuild(page.request);
  expect(Date.now(), 'the checks below must run before the post is due').toBeLessThan(dueAt);
  // ...and the scheduled post is nowhere public.
  expect(await publicPlaces(page.request, slug, title)).toEqual({
    api: false,
    apiArticle: 404,
    article: 404,
    index: false,
    sitemap: false,
    rss: false,
  });

  // Once due, the scheduled function asks for a rebuild, and the post appears everywhere.
  await waitForPublicPage(page.request, `/blog/${slug}`, { status: 200, text: `Scheduled content ${id}.` }, 200_000);
  expect(Date.now()).toBeGreaterThanOrEqual(dueAt);
  expect(await publicPlaces(page.request, slug, title)).toEqual({
    api: true,
    apiArticle: 200,
    article: 200,
    index: true,
    sitemap: true,
    rss: true,
  });
});
