/** JavaScript stays small: islands below the fold wait until visible; articles need no React at desktop. */
import { gzipSync } from 'node:zlib';
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

test('/quote loads at most 90 KB of JavaScript (gzip), React included', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  await page.goto('/quote', { waitUntil: 'networkidle' });
  await expect(page.getByLabel('Property price').locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr');
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')].map((script) => script.textContent ?? ''),
  );
  let bytes = inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
  for (const url of scripts) bytes += gzipSync(await (await page.request.get(url)).body(), { level: 9 }).length;
  test.info().annotations.push({ type: 'quote-js-gzip-bytes', description: String(bytes) });
  console.log(`/quote JavaScript: ${(bytes / 1000).toFixed(1)} KB gzip in ${scripts.size} files plus inline`);
  expect(bytes).toBeLessThanOrEqual(90_000);
});
