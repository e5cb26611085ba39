/**
 * The blog editor as staff meet it (issue 25): Preview shows the article as visitors will see
 * it (title, date and reading time, featured image from the image CDN, the body in the
 * article's styles). The Published switch's words and the notice a save leaves are
 * tests/components/admin/blog/blog-posts-tab.test.tsx's; the rebuild's state following a real
 * build by itself, and the notice's link to the live article, are admin-blog.spec.ts's journey.
 * Desktop only: nothing here depends on the width.
 */
import { expect } from '@playwright/test';
import { png } from '../functions/fixtures/images.ts';
import { signIn, test } from './fixtures.ts';
import { expectNoAxeViolations, openTab, unique } from './admin-helpers.ts';

// Decided before the hook, so the phone neither signs in nor opens the tab for these.

test.beforeEach(async ({ page }) => {
  await signIn(page); // one real sign-in per worker (fixtures.ts)
  await openTab(page, 'Blog Posts');
  await expect(page.getByRole('heading', { name: 'Existing Blog Posts' })).toBeVisible();
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
