/**
 * JavaScript stays small: islands wait until reached for; articles need no React at desktop.
 * The inline stylesheet carries no class only the staff portal uses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from './fixtures.ts';
import { expect } from '@playwright/test';
import { hydrated, SEEDED, watchScripts } from './public-helpers.ts';

test('the contact form hydrates when reached for, not when it comes into view', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/');
  const island = page.locator('#contact form').locator('xpath=ancestor::astro-island[1]');
  await expect(island).toHaveAttribute('client', 'interaction');
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await expect(island).toHaveAttribute('ssr');
  await page.locator('#contact form').getByLabel('First name').focus();
  await expect(island).not.toHaveAttribute('ssr');
});

test('an article at desktop width loads no framework JavaScript', async ({ page }) => {
  // Desktop only: the mobile menu island loads React below 768 px.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`/blog/${SEEDED.newest.slug}`, { waitUntil: 'networkidle' });
  expect(scripts).toEqual([]);
});

test.describe('a phone reading an article', { tag: '@phone-only' }, () => {
  // Phone only: the drawer exists below 1024 px.

  test('loads at most 10 KB of JavaScript until the menu is opened, and the first tap opens it', async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto(`/blog/${SEEDED.newest.slug}`, { waitUntil: 'networkidle' });
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    const reading = await scripts();
    expect(reading.bytes, `scripts: ${reading.paths.join(', ')}`).toBeLessThanOrEqual(10 * 1024);

    const hamburger = page.getByRole('button', { name: 'Open menu' });
    await hamburger.tap();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect((await scripts()).paths.some((path) => path.includes('MobileNav'))).toBe(true);
  });

  for (const key of ['Enter', 'Space'] as const) {
    test(`${key} on the menu button opens the drawer even while the island is still loading`, async ({ page }) => {
      // Hold the island's code back until the key has been pressed, so the press lands
      // before hydration, as it can on a slow connection.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested = false;
      await page.route(/\/_astro\/MobileNav\.[\w-]+\.js$/, async (route) => {
        requested = true;
        await held;
        await route.continue();
      });
      await page.goto(`/blog/${SEEDED.newest.slug}`);
      const hamburger = page.getByRole('button', { name: 'Open menu' });
      await hamburger.focus();
      await expect.poll(() => requested, { message: 'focus starts loading the island' }).toBe(true);
      await page.keyboard.press(key);
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await expect(drawer).toBeHidden();
      release();
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(hamburger).toBeFocused();
    });
  }
});

test(
  '/quote loads at most 90 KB of JavaScript (gzip) once the calculator is used, React included',
  { tag: '@phone' },
  async ({ page }) => {
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    await page.goto('/quote', { waitUntil: 'networkidle' });
    await hydrated(page.getByLabel('Property price'));
    await page.waitForLoadState('networkidle');
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')].map(
        (script) => script.textContent ?? '',
      ),
    );
    let bytes = inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
    for (const url of scripts) bytes += gzipSync(await (await page.request.get(url)).body(), { level: 9 }).length;
    test.info().annotations.push({ type: 'quote-js-gzip-bytes', description: String(bytes) });
    console.log(`/quote JavaScript: ${(bytes / 1000).toFixed(1)} KB gzip in ${scripts.size} files plus inline`);
    expect(bytes).toBeLessThanOrEqual(90_000);
  },
);

test('the public pages inline none of the staff portal’s own classes, and its page has them', async ({ request }) => {
  // Class names written in the portal's islands and in no other file the public stylesheet is
  // built from (decision 041); plain names only, so they read the same in CSS.
  const texts = (directory: string, skip?: string) =>
    (readdirSync(directory, { recursive: true }) as string[])
      .filter((name) => /\.(tsx?|astro)$/.test(name) && !(skip && path.join(directory, name).startsWith(skip)))
      .map((name) => readFileSync(path.join(directory, name), 'utf8'));
  const written = texts('src/islands/admin').flatMap((text) =>
    [...text.matchAll(/className="([^"]+)"/g)].flatMap((match) => match[1]!.split(/\s+/)),
  );
  const elsewhere = [...texts('src', 'src/islands/admin'), ...texts('netlify/functions/_shared/pages')].join('\n');
  const portalOnly = [...new Set(written)].filter(
    (name) => /^[a-z][a-z0-9-]*$/.test(name) && !new RegExp(`(^|[^\\w-])${name}([^\\w-]|$)`).test(elsewhere),
  );
  const inlineCss = async (url: string) =>
    [...(await (await request.get(url)).text()).matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
      .map((match) => match[1])
      .join('');
  const [home = '', quote = '', article = '', admin = ''] = await Promise.all(
    ['/', '/quote/', `/blog/${SEEDED.newest.slug}/`, '/admin/'].map(inlineCss),
  );
  const rule = (name: string) => new RegExp(`\\.${name}(?![\\w-])`);
  const inPortal = portalOnly.filter((name) => rule(name).test(admin));
  expect(inPortal.length, 'the portal page has its own classes').toBeGreaterThan(20);
  for (const [page, css] of Object.entries({ home, quote, article })) {
    expect(
      inPortal.filter((name) => rule(name).test(css)),
      `${page} inlines the portal's classes`,
    ).toEqual([]);
  }
});
