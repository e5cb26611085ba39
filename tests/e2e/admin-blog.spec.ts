/**
 * Blog Posts tab and the rebuild of the pre-rendered blog: a post is created, edited,
 * published, rebuilt onto /blog and its article (the panel following the build by itself, the
 * saved notice's link opening it), unpublished, rebuilt away (the article shows the not-found
 * state), and deleted, then 'Rebuild site'. The form's own states (slug, messages, Cancel Edit,
 * failures, a taken slug, a save over someone else's) and the rebuild panel's failures are
 * tests/components/admin/blog/blog-posts-tab.test.tsx's; a real 409 through the browser is
 * admin-blog-editor.spec.ts's.
 */
import { expect, type Page, type Request } from '@playwright/test';
import { signIn, test } from './fixtures.ts';
import { expectToast, openTab, unique, waitForPublicPage } from './admin-helpers.ts';

const form = (page: Page) => page.getByRole('region', { name: /^(Add New|Edit) Blog Post$/ });
const postItem = (page: Page, title: string) => page.getByRole('article', { name: `Blog post: ${title}`, exact: true });

async function fillNewPost(page: Page, title: string, content: string) {
  await page.getByRole('textbox', { name: 'Post Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Excerpt' }).fill(`Excerpt of ${title}`);
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(content);
}

test.describe('admin: blog posts', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await openTab(page, 'Blog Posts');
    await expect(page.getByRole('heading', { name: 'Existing Blog Posts' })).toBeVisible();
  });

  test("create, edit, publish, rebuild, see it on /blog, unpublish, rebuild, not found, delete, then 'Rebuild site'", async ({
    page,
  }) => {
    test.setTimeout(900_000); // four real rebuilds (publish, unpublish, delete, 'Rebuild site')
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
    // Published through the switch's words, its label.
    await page.getByText('Make this post visible on the website', { exact: true }).click();
    await expect(page.getByRole('switch', { name: 'Published' })).toHaveAttribute('aria-checked', 'true');
    // From here the status is read only by the panel's own timer: count its reads.
    const statusReads: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/site-builds')
        statusReads.push(request);
    });
    await page.getByRole('button', { name: 'Update Blog Post' }).click();
    await expectToast(page, 'Success', 'Blog post updated successfully');
    await expect(form(page).getByRole('heading', { name: 'Add New Blog Post' })).toBeVisible();
    await expect(postItem(page, title)).toContainText('Published');
    await expect(postItem(page, title)).toContainText(`Edited excerpt ${id}`);

    // A rebuild was requested; the tab says when, and follows it by itself, with nobody pressing
    // "Check status", until the post is live (the notice's words are blog-posts-tab.test.tsx's).
    await expect(page.getByTestId('rebuild-last-requested')).toContainText(/Last rebuild requested: \d{1,2} \w+ \d{4}/);
    await expect(page.getByTestId('rebuild-state')).toHaveText('The public blog is up to date with the last rebuild.', {
      timeout: 240_000,
    });
    expect(statusReads.length).toBeGreaterThan(1);
    await waitForPublicPage(page.request, `/blog/${slug}`, { status: 200, text: paragraphs[1]! });
    await waitForPublicPage(page.request, '/blog', { status: 200, text: title });

    // The saved notice's link opens the live article.
    const [live] = await Promise.all([
      page.waitForEvent('popup'),
      page
        .getByTestId('saved-post')
        .getByRole('link', { name: /View the post on the website/ })
        .click(),
    ]);
    await expect(live.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await live.close();

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

    // 'Rebuild site' asks the server for one (a request during a build schedules exactly one more:
    // scripts/lib/server.ts), and Check status says when it is done. Waiting here also keeps this
    // journey's rebuilds out of the next spec's time. Its failures are blog-posts-tab.test.tsx's.
    await page.getByRole('button', { name: 'Rebuild site' }).click();
    await expectToast(page, 'Rebuild requested', 'The public blog updates when the rebuild finishes.');
    await expect(page.getByTestId('rebuild-last-requested')).toContainText('Last rebuild requested:');
    // Read through the panel's own timed reads, which ride out the local server's restart while
    // it rebundles (a direct poll of /api/site-builds met ECONNRESET there).
    await expect(page.getByTestId('rebuild-state')).toHaveText('The public blog is up to date with the last rebuild.', {
      timeout: 300_000,
    });
    await page.getByRole('button', { name: 'Check status' }).click();
    await expect(page.getByTestId('rebuild-state')).toHaveText('The public blog is up to date with the last rebuild.');
  });
});
