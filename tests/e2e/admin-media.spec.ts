/**
 * Featured images: an editor uploads an image, cannot save it without alt text,
 * publishes, and after the rebuild the article shows the image, sized and described, from
 * this site under the strict CSP; the blog index shows it small.
 */
import { expect } from '@playwright/test';
import { png, svg } from '../functions/fixtures/images.ts';
import { signIn, test } from './fixtures.ts';
import { expectNoAxeViolations, expectToast, openTab, unique, waitForPublicPage } from './admin-helpers.ts';

test('upload a featured image, describe it, publish, and see it on the article', async ({ page }) => {
  test.setTimeout(300_000);
  const id = unique();
  const title = `E2E Image ${id}`;
  const slug = `e2e-image-${id}`;
  const alt = `A signed contract on a desk (${id})`;
  // A colour of its own, so this run's upload is new to the store.
  const now = Date.now();
  const image = png(640, 360, [now % 256, (now >> 8) % 256, (now >> 16) % 256]);

  await signIn(page);
  await openTab(page, 'Blog Posts');
  await page.getByRole('textbox', { name: 'Post Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(`The article of ${id}.`);
  const upload = page.getByLabel('Upload an image');

  // An SVG is refused, whatever its name says, and the editor says why in plain words.
  await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: svg });
  await expect(page.getByRole('alert').filter({ hasText: 'not a JPEG, PNG, WebP or AVIF image' })).toBeVisible();

  await upload.setInputFiles({ name: 'contract.png', mimeType: 'image/png', buffer: image });
  await expect(page.getByRole('status').filter({ hasText: 'Image uploaded (640 × 360 pixels)' })).toBeVisible();
  await expect(page.getByTestId('featured-image-preview')).toHaveJSProperty('complete', true);
  expect(await page.getByTestId('featured-image-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(
    640,
  );

  // No alt text: the form refuses, says why at the field, and takes the editor there.
  await page.getByRole('switch', { name: 'Published' }).click();
  await page.getByRole('button', { name: 'Add Blog Post' }).click();
  const altField = page.getByRole('textbox', { name: 'Alt text' });
  await expect(page.getByText('Describe the image for people who cannot see it')).toBeVisible();
  await expect(altField).toBeFocused();
  await expect(altField).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'form');

  await altField.fill(alt);
  await page.getByRole('button', { name: 'Add Blog Post' }).click();
  await expectToast(page, 'Success', 'Blog post created successfully');

  // The library lists the upload for the next post.
  await page.getByRole('button', { name: 'Choose from the library' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Uploaded images' })
      .getByRole('button', { name: /Use image 640 × 360/ })
      .first(),
  ).toBeVisible();

  await waitForPublicPage(page.request, `/blog/${slug}`, { status: 200, text: alt });

  // The article, watched for CSP violations from its first byte.
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  page.on('console', (message) => {
    if (message.text().startsWith('CSP violation')) violations.push(message.text());
  });
  await page.goto(`/blog/${slug}`);
  const shown = page.getByRole('img', { name: alt });
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute('width', '640');
  await expect(shown).toHaveAttribute('height', '360');
  await expect(shown).toHaveAttribute('fetchpriority', 'high');
  await expect(shown).toHaveJSProperty('complete', true);
  // Shown through the image CDN at the column's width (tests/e2e/images.spec.ts); the social
  // card names the upload itself.
  expect(await shown.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe('/.netlify/images');
  const src = new URL((await shown.getAttribute('src'))!, 'http://x').searchParams.get('url');
  expect(src).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`${src}$`));
  const served = await page.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await served.body()).equals(image)).toBe(true);

  // The blog index shows it small and lazily.
  await page.goto('/blog');
  const card = page.locator('[data-post-card]').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  const thumbnail = card.locator('img');
  await expect(thumbnail).toHaveAttribute('src', new RegExp(`^/\\.netlify/images\\?url=${encodeURIComponent(src!)}&`));
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  await thumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(violations).toEqual([]);
});
