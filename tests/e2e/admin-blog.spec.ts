/**
 * Blog Posts tab and the rebuild of the pre-rendered blog: a post
 * is created, edited, published, rebuilt onto /blog and its article, unpublished,
 * rebuilt away (the article shows the not-found state), and deleted.
 */
import { expect, type Page } from '@playwright/test';
import { failApi, signIn, test } from './fixtures.ts';
import { expectToast, openTab, unique, waitForPublicPage, waitForRebuild } from './admin-helpers.ts';

const form = (page: Page) => page.getByRole('region', { name: /^(Add New|Edit) Blog Post$/ });
const postItem = (page: Page, title: string) => page.getByRole('article', { name: `Blog post: ${title}`, exact: true });

async function fillNewPost(page: Page, title: string, content: string) {
  await page.getByRole('textbox', { name: 'Post Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Excerpt' }).fill(`Excerpt of ${title}`);
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(content);
}

/** Creates a post through the API (same session as the page) and returns it. */
async function createPostViaApi(page: Page, title: string, slug: string, isPublished = false) {
  const response = await page.request.post('/api/blog-posts', {
    data: {
      title,
      slug,
      excerpt: '',
      content: `Content of ${title}.`,
      featuredImage: null,
      isPublished,
      publishedAt: null,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; version: string; slug: string; title: string };
}

test.describe('admin: blog posts', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await openTab(page, 'Blog Posts');
    await expect(page.getByRole('heading', { name: 'Existing Blog Posts' })).toBeVisible();
  });

  test('create, edit, publish, rebuild, see it on /blog, unpublish, rebuild, not found, delete', async ({ page }) => {
    test.setTimeout(420_000);
    const id = unique();
    // An ordinary title that reads like markup to a careless parser: the rebuild must not fail
    // over it (the CSP integration once took "JavaScript:" in meta tags for a javascript: link).
    const title = `JavaScript: why the quote calculator needs it ${id}`;
    const slug = `javascript-why-the-quote-calculator-needs-it-${id}`;
    const paragraphs = [`First paragraph of ${id}.`, `Second paragraph of ${id}.`];

    // Create a draft; the slug follows the title.
    await expect(form(page).getByRole('heading', { name: 'Add New Blog Post' })).toBeVisible();
    await fillNewPost(page, title, paragraphs.join('\n\n'));
    await expect(page.getByRole('textbox', { name: 'URL Slug' })).toHaveValue(slug);
    await expect(page.getByRole('switch', { name: 'Published' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('button', { name: 'Add Blog Post' }).click();
    await expectToast(page, 'Success', 'Blog post created successfully');
    await expect(postItem(page, title)).toContainText(`/${slug}`);
    await expect(postItem(page, title)).toContainText('Draft');
    // Back to an empty create form.
    await expect(page.getByRole('textbox', { name: 'Post Title' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'URL Slug' })).toHaveValue('');

    // Edit: the form is filled; publish it.
    await page.getByRole('button', { name: `Edit blog post: ${title}` }).click();
    await expect(form(page).getByRole('heading', { name: 'Edit Blog Post' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Post Title' })).toHaveValue(title);
    await expect(page.getByRole('textbox', { name: 'URL Slug' })).toHaveValue(slug);
    await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue(paragraphs.join('\n\n'));
    await page.getByRole('textbox', { name: 'Excerpt' }).fill(`Edited excerpt ${id}`);
    await page.getByRole('switch', { name: 'Published' }).click();
    await page.getByRole('button', { name: 'Update Blog Post' }).click();
    await expectToast(page, 'Success', 'Blog post updated successfully');
    await expect(form(page).getByRole('heading', { name: 'Add New Blog Post' })).toBeVisible();
    await expect(postItem(page, title)).toContainText('Published');
    await expect(postItem(page, title)).toContainText(`Edited excerpt ${id}`);

    // A rebuild was requested; the tab says when.
    await expect(page.getByTestId('rebuild-last-requested')).toContainText(/Last rebuild requested: \d{1,2} \w+ \d{4}/);
    await waitForPublicPage(page.request, `/blog/${slug}`, { status: 200, text: paragraphs[1]! });
    await waitForPublicPage(page.request, '/blog', { status: 200, text: title });

    await page.goto('/blog');
    await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
    await page.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}/?$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(paragraphs[0]!)).toBeVisible();
    await expect(page.getByText(paragraphs[1]!)).toBeVisible();

    // Unpublish; after the rebuild the article is gone.
    await page.goto('/admin');
    await openTab(page, 'Blog Posts');
    await page.getByRole('button', { name: `Edit blog post: ${title}` }).click();
    await expect(page.getByRole('switch', { name: 'Published' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('switch', { name: 'Published' }).click();
    await page.getByRole('button', { name: 'Update Blog Post' }).click();
    await expectToast(page, 'Success', 'Blog post updated successfully');
    await expect(postItem(page, title)).toContainText('Draft');
    // Netlify answers 404 here; the local server's emulation answers 200, so only the text is checked.
    await waitForPublicPage(page.request, `/blog/${slug}`, { text: "We couldn't find that article" });

    await page.goto(`/blog/${slug}`);
    await expect(page.getByText("We couldn't find that article")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to blog' })).toBeVisible();
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);

    // Delete, after confirming.
    await page.goto('/admin');
    await openTab(page, 'Blog Posts');
    await page.getByRole('button', { name: `Delete blog post: ${title}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this blog post?' })
      .getByRole('button', { name: 'Delete post' })
      .click();
    await expectToast(page, 'Success', 'Blog post deleted successfully');
    await expect(postItem(page, title)).toHaveCount(0);
  });

  test('the slug follows the title until edited by hand; the validation messages show', async ({ page }) => {
    await page.getByRole('textbox', { name: 'Post Title' }).fill('Stamp Duty & You!');
    await expect(page.getByRole('textbox', { name: 'URL Slug' })).toHaveValue('stamp-duty-you');
    await page.getByRole('textbox', { name: 'URL Slug' }).fill('my-own-slug');
    await page.getByRole('textbox', { name: 'Post Title' }).fill('Something else');
    await expect(page.getByRole('textbox', { name: 'URL Slug' })).toHaveValue('my-own-slug');

    await page.getByRole('textbox', { name: 'Post Title' }).fill('');
    await page.getByRole('textbox', { name: 'URL Slug' }).fill('');
    await page.getByRole('button', { name: 'Add Blog Post' }).click();
    await expect(form(page).getByText('Title is required')).toBeVisible();
    await expect(form(page).getByText('Slug is required')).toBeVisible();
    await expect(form(page).getByText('Content is required')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Post Title' })).toBeFocused();
  });

  test('Cancel Edit returns to an empty create form', async ({ page }) => {
    const id = unique();
    const post = await createPostViaApi(page, `E2E Cancel ${id}`, `e2e-cancel-${id}`);
    await page.reload();
    await openTab(page, 'Blog Posts');
    await page.getByRole('button', { name: `Edit blog post: ${post.title}` }).click();
    await expect(page.getByRole('textbox', { name: 'Post Title' })).toHaveValue(post.title);
    await page.getByRole('textbox', { name: 'Post Title' }).fill('Changed my mind');
    await expect(page.getByRole('textbox', { name: 'URL Slug' })).toHaveValue(post.slug); // an existing slug stays put
    await page.getByRole('button', { name: 'Cancel Edit' }).click();
    // Unsaved edits: the tab asks before throwing them away.
    await page
      .getByRole('dialog', { name: 'Discard your unsaved changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(form(page).getByRole('heading', { name: 'Add New Blog Post' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Edit' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Post Title' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue('');
    await expect(postItem(page, post.title)).toBeVisible();
    await page.request.delete(`/api/blog-posts/${post.id}`);
  });

  test('a taken slug is explained and what was typed is kept', async ({ page }) => {
    const id = unique();
    const existing = await createPostViaApi(page, `E2E Taken ${id}`, `e2e-taken-${id}`);
    await page.getByRole('textbox', { name: 'Post Title' }).fill(`E2E Second ${id}`);
    await page.getByRole('textbox', { name: 'URL Slug' }).fill(existing.slug);
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill('My carefully written text.');
    await page.getByRole('button', { name: 'Add Blog Post' }).click();
    await expectToast(page, 'Error', 'Failed to create blog post');
    await expect(form(page).getByRole('alert')).toContainText('already uses that URL slug');
    await expect(form(page).getByText('This slug is already in use')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Post Title' })).toHaveValue(`E2E Second ${id}`);
    await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue('My carefully written text.');
    await page.request.delete(`/api/blog-posts/${existing.id}`);
  });

  test('a post changed by someone else meanwhile is not overwritten', async ({ page }) => {
    const id = unique();
    const post = await createPostViaApi(page, `E2E Conflict ${id}`, `e2e-conflict-${id}`);
    await page.reload();
    await openTab(page, 'Blog Posts');
    await page.getByRole('button', { name: `Edit blog post: ${post.title}` }).click();
    await expect(page.getByRole('textbox', { name: 'Post Title' })).toHaveValue(post.title);

    // Someone else saves first.
    const other = await page.request.put(`/api/blog-posts/${post.id}`, {
      data: {
        title: `${post.title} (theirs)`,
        slug: post.slug,
        content: 'Their text.',
        isPublished: false,
        version: post.version,
      },
    });
    expect(other.status()).toBe(200);

    await page.getByRole('textbox', { name: 'Content', exact: true }).fill('My text.');
    await page.getByRole('button', { name: 'Update Blog Post' }).click();
    await expectToast(page, 'Error', 'Failed to update blog post');
    await expect(form(page).getByRole('alert')).toContainText('Someone else saved this post');
    await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue('My text.');
    await expect(form(page).getByRole('heading', { name: 'Edit Blog Post' })).toBeVisible();
    await expect(postItem(page, `${post.title} (theirs)`)).toBeVisible();
    await page.request.delete(`/api/blog-posts/${post.id}`);
  });

  test('failed create, update and delete say so and keep the text', async ({ page }) => {
    const id = unique();
    await failApi(page, '**/api/blog-posts', 'POST');
    await fillNewPost(page, `E2E Fail ${id}`, 'Kept text.');
    await page.getByRole('button', { name: 'Add Blog Post' }).click();
    await expectToast(page, 'Error', 'Failed to create blog post');
    await expect(page.getByRole('textbox', { name: 'Post Title' })).toHaveValue(`E2E Fail ${id}`);
    await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue('Kept text.');
    await expect(page.getByRole('button', { name: 'Add Blog Post' })).toBeEnabled();

    const post = await createPostViaApi(page, `E2E Fail Edit ${id}`, `e2e-fail-edit-${id}`);
    await page.reload();
    await openTab(page, 'Blog Posts');
    await failApi(page, '**/api/blog-posts/*', 'PUT');
    await page.getByRole('button', { name: `Edit blog post: ${post.title}` }).click();
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill('Edited but not saved.');
    await page.getByRole('button', { name: 'Update Blog Post' }).click();
    await expectToast(page, 'Error', 'Failed to update blog post');
    await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue('Edited but not saved.');

    await failApi(page, '**/api/blog-posts/*', 'DELETE');
    await page.getByRole('button', { name: `Delete blog post: ${post.title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete post' }).click();
    await expectToast(page, 'Error', 'Failed to delete blog post');
    await expect(postItem(page, post.title)).toBeVisible();
    await page.request.delete(`/api/blog-posts/${post.id}`);
  });

  test("'Rebuild site' asks for a rebuild, and says when that fails", async ({ page }) => {
    test.setTimeout(240_000); // it waits for a real rebuild (waitForRebuild's own budget is 180 s)
    await failApi(page, '**/api/site-builds', 'POST');
    await page.getByRole('button', { name: 'Rebuild site' }).click();
    await expectToast(page, 'Error', 'Failed to request a rebuild');
    await page.unroute('**/api/site-builds');

    await page.getByRole('button', { name: 'Rebuild site' }).click();
    await expectToast(page, 'Rebuild requested', 'The public blog updates when the rebuild finishes.');
    await expect(page.getByTestId('rebuild-last-requested')).toContainText('Last rebuild requested:');
    await waitForRebuild(page.request);
    await page.getByRole('button', { name: 'Check status' }).click();
    await expect(page.getByTestId('rebuild-state')).toHaveText('The public blog is up to date with the last rebuild.');
  });

  test('shows a failed rebuild request, and never says up to date while it stands', async ({ page }) => {
    // The local build hook never fails, so the server's own status is given the failure the
    // API reports when Netlify's hook refuses a call (tests/functions/site/rebuild.test.ts).
    const at = new Date().toISOString();
    await page.route('**/api/site-builds', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const real = await (await route.fetch()).json();
      await route.fulfill({
        json: { ...real, pending: true, lastFailure: { at, reason: 'The build hook answered 502' } },
      });
    });
    await page.getByRole('button', { name: 'Check status' }).click();
    const state = page.getByTestId('rebuild-state');
    await expect(state).toContainText('The last rebuild request failed (');
    await expect(state).toContainText(
      'The build hook answered 502. The public blog does not show the latest changes yet',
    );
    await expect(state).not.toContainText('up to date');

    await page.unroute('**/api/site-builds');
    await page.getByRole('button', { name: 'Check status' }).click();
    await expect(state).not.toContainText('failed');
  });
});
