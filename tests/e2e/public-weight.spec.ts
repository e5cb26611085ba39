/** JavaScript stays small: islands below the fold wait until visible; articles need no React at desktop. */
import { expect, test } from '@playwright/test';
import { SEEDED } from './public-helpers.ts';

test('below-the-fold islands hydrate only when they come into view', async ({ page }) => {
  await page.goto('/');
  const island = page.locator('#contact form').locator('xpath=ancestor::astro-island[1]');
  await expect(island).toHaveAttribute('client', 'visible');
  await expect(island).toHaveAttribute('ssr');
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
});

test('an article at desktop width loads no framework JavaScript', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the mobile menu island loads React below 768 px');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`/blog/${SEEDED.newest.slug}`, { waitUntil: 'networkidle' });
  expect(scripts).toEqual([]);
});
