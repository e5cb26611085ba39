/**
 * The blog editor as staff meet it (issue 25): the Published switch's words are its label,
 * a save says what it did with a link to the post (or that it is a draft), the rebuild's
 * state follows the build by itself, and Preview shows the article as visitors will see it
 * (title, date and reading time, featured image, the body in the article's styles).
 * Desktop only: nothing here depends on the width.
 */
import { expect, type Page, type Request } from '@playwright/test';
import { png } from '../functions/fixtures/images.ts';
import { signIn, test } from './fixtures.ts';
import { expectNoAxeViolations, expectToast, openTab, unique } from './admin-helpers.ts';

// Decided before the hook, so the phone neither signs in nor opens the tab for these.

test.beforeEach(async ({ page }) => {
  await signIn(page); // one real sign-in per worker (fixtures.ts)
  await openTab(page, 'Blog Posts');
  await expect(page.getByRole('heading', { name: 'Existing Blog Posts' })).toBeVisible();
});

const form = (page: Page) => page.locator('#blog-post-form');
const publishedSwitch = (page: Page) => page.getByRole('switch', { name: 'Published' });

test('the words beside the Published switch are its label: clicking them turns it on and off', async ({ page }) => {
  const words = page.getByText('Make this post visible on the website', { exact: true });
  await expect(words).toBeVisible();
  // Named by its words, so a screen reader says what the switch does.
  await expect(page.getByRole('switch', { name: /Make this post visible on the website/ })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await words.click();
  await expect(publishedSwitch(page)).toHaveAttribute('aria-checked', 'true');
  await form(page).getByText('Published', { exact: true }).click();
  await expect(publishedSwitch(page)).toHaveAttribute('aria-checked', 'false');
  await expectNoAxeViolations(page, '#blog-post-form');
});

test('a save says what it did: a draft is not on the website; a published post links to its article, live once the rebuild the panel follows by itself is done', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const id = unique();
  const title = `Saved notice ${id}`;
  const slug = `saved-notice-${id}`;
  await page.getByRole('textbox', { name: 'Post Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(`Body of ${id}.`);
  await page.getByRole('button', { name: 'Add Blog Post' }).click();
  await expectToast(page, 'Success', 'Blog post created successfully');

  const notice = page.getByTestId('saved-post');
  await expect(notice).toContainText(`Saved “${title}”.`);
  await expect(notice).toContainText('Draft: not on the website.');
  await expect(notice.getByRole('link')).toHaveCount(0);
  await expect(notice).toBeFocused();
  await expectNoAxeViolations(page, '#blog-post-form');

  // Back into the post from the notice; publish it through the switch's words.
  await notice.getByRole('button', { name: 'Edit it again' }).click();
  await expect(form(page).getByRole('heading', { name: 'Edit Blog Post' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Post Title' })).toHaveValue(title);
  await expect(notice).toHaveCount(0);
  await page.getByText('Make this post visible on the website', { exact: true }).click();

  // From here the status is read only by the panel's own timer: count its reads.
  const statusReads: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/site-builds') statusReads.push(request);
  });
  await page.getByRole('button', { name: 'Update Blog Post' }).click();
  await expectToast(page, 'Success', 'Blog post updated successfully');
  await expect(notice).toContainText(`Saved “${title}”.`);
  const link = notice.getByRole('link', { name: /View the post on the website/ });
  await expect(link).toHaveAttribute('href', `/blog/${slug}/`);

  // The rebuild's state changes by itself, announced politely, with nobody pressing "Check status".
  const state = page.getByTestId('rebuild-state');
  await expect(state).toHaveText(/A rebuild is under way or queued/);
  await expect(state.locator('xpath=ancestor::*[@aria-live="polite"]')).toHaveCount(1);
  await expect(state).toHaveText('The public blog is up to date with the last rebuild.', { timeout: 240_000 });
  expect(statusReads.length).toBeGreaterThan(1);

  // The link opens the live article.
  const [article] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await article.close();
  await page.request.delete(`/api/blog-posts/${await postIdOf(page, title)}`);
});

test('Preview shows the article as visitors will: title, date, reading time, featured image and the styled body', async ({
  page,
}) => {
  const id = unique();
  const title = `Preview article ${id}`;
  const alt = `A front door with a brass knocker (${id})`;
  const uploaded = await page.request.post('/api/media', {
    data: png(640, 360, [Math.floor(Math.random() * 256), 90, 60]),
    headers: { 'content-type': 'image/png' },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const created = await page.request.post('/api/blog-posts', {
    data: {
      title,
      slug: `preview-article-${id}`,
      excerpt: '',
      content: `Opening words of ${id}.\n\n## What to check ${id}\n\n- Searches\n- Finance`,
      featuredImage: url,
      featuredImageAlt: alt,
      isPublished: false,
      publishedAt: '2026-12-01',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.reload();
  await openTab(page, 'Blog Posts');
  await page.getByRole('button', { name: `Edit blog post: ${title}` }).click();
  await page.getByRole('button', { name: 'Preview', exact: true }).click();

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(preview.getByText(/^Published 1 December 2026 · 1 min read$/)).toBeVisible();
  // The featured image as the article serves it: from the image CDN, sized from the upload.
  const image = preview.getByRole('img', { name: alt });
  await expect(image).toHaveAttribute('srcset', new RegExp(`/\\.netlify/images\\?url=${encodeURIComponent(url)}`));
  await expect(image).toHaveAttribute('width', '640');
  await expect(image).toHaveJSProperty('complete', true);
  // The body in the article's reading styles.
  await expect(
    preview.locator('.article-body').getByRole('heading', { level: 2, name: `What to check ${id}` }),
  ).toBeVisible();
  await expect(preview.locator('.article-body').getByRole('listitem')).toHaveText(['Searches', 'Finance']);
  // Edits show at once: the title as typed.
  await page.getByRole('button', { name: 'Write', exact: true }).click();
  await page.getByRole('textbox', { name: 'Post Title' }).fill(`${title} (edited)`);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(preview.getByRole('heading', { level: 1, name: `${title} (edited)` })).toBeVisible();
  await expectNoAxeViolations(page, '#blog-post-form');
  await page.request.delete(`/api/blog-posts/${created.ok() ? ((await created.json()) as { id: string }).id : ''}`);
});

async function postIdOf(page: Page, title: string): Promise<string> {
  const posts = (await (await page.request.get('/api/admin/blog-posts')).json()) as { id: string; title: string }[];
  return posts.find((post) => post.title === title)!.id;
}
