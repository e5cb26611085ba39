/**
 * Scheduled posts: a post published for tomorrow is nowhere public (API, article,
 * index, sitemap, RSS) after the rebuild its save asked for, and everywhere once the site's
 * clock has passed its time and the scheduled function's rebuild has gone live. The test
 * moves the e2e server's clock (scripts/lib/server.ts, `testClock`) instead of waiting for
 * the wall clock (the functions and the next build both read it), and puts it back after, with
 * the seeded site.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { restoreSeededSite, signIn, test } from './fixtures.ts';
import { openTab, unique, waitForPublicPage, waitForRebuild } from './admin-helpers.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The e2e server's clock, in ms: set to `to` first when given, or back to the real time with
 * 'real'. The token comes from playwright.config.ts, which gives the same one to the server.
 */
async function siteClock(request: APIRequestContext, to?: number | 'real'): Promise<number> {
  const token = process.env.E2E_CLOCK_TOKEN;
  if (!token) throw new Error('E2E_CLOCK_TOKEN is not set: run the tests through playwright.config.ts');
  const path = `/.netlify/local/clock/${token}`;
  const response =
    to === undefined
      ? await request.get(path)
      : to === 'real'
        ? await request.delete(path)
        : await request.post(path, { data: { to: new Date(to).toISOString() } });
  expect(response.status(), await response.text()).toBe(200);
  return Date.parse(((await response.json()) as { now: string }).now);
}

// The clock goes back to the real time after the test, passed or failed, so no later test
// runs a day ahead (the server also brings the rebuild state back with it); then the seeded
// site, without the post built as due a day early (fixtures.ts).
test.afterEach(async ({ request }) => {
  const now = await siteClock(request, 'real');
  expect(Math.abs(now - Date.now())).toBeLessThan(60_000);
  await restoreSeededSite(request);
});

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

test('a scheduled post stays out of every public place until it is due, then appears after the due rebuild', async ({
  page,
}) => {
  test.setTimeout(240_000); // two rebuilds of the site on a shared machine
  await signIn(page);
  const id = unique();
  const title = `Scheduled ${id}`;
  const slug = `scheduled-${id}`;
  // Tomorrow by the site's clock.
  const dueAt = (await siteClock(page.request)) + DAY;
  const created = await page.request.post('/api/blog-posts', {
    data: {
      title,
      slug,
      content: `Scheduled content ${id}.`,
      isPublished: true,
      publishedAt: new Date(dueAt).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Staff see it as scheduled, with its Sydney time.
  await openTab(page, 'Blog Posts');
  const item = page.getByRole('article', { name: `Blog post: ${title}`, exact: true });
  await expect(item.getByTestId('status-badge')).toHaveText('Scheduled');
  await item.getByRole('button', { name: `Edit blog post: ${title}` }).click();
  const editor = page.locator('#blog-post-form');
  await expect(editor.getByLabel('Publish date and time (Sydney time)')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await expect(
    editor.getByText(/^Scheduled for \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) \(Sydney time\)$/),
  ).toBeVisible();
  await expect(item).toContainText('Scheduled for');

  // The rebuild the save asked for has gone live, and the scheduled post is nowhere public.
  await waitForRebuild(page.request);
  expect(await publicPlaces(page.request, slug, title)).toEqual({
    api: false,
    apiArticle: 404,
    article: 404,
    index: false,
    sitemap: false,
    rss: false,
  });

  // The site's clock passes the due time: the scheduled function (run by the server's
  // scheduler, as on Netlify) asks for a rebuild, and the post appears everywhere.
  expect(await siteClock(page.request, dueAt + MINUTE)).toBeGreaterThan(dueAt);
  await waitForPublicPage(page.request, `/blog/${slug}`, { status: 200, text: `Scheduled content ${id}.` }, 150_000);
  expect(await publicPlaces(page.request, slug, title)).toEqual({
    api: true,
    apiArticle: 200,
    article: 200,
    index: true,
    sitemap: true,
    rss: true,
  });
});
