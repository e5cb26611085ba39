/**
 * Public pages load no framework until someone reaches for an island (client:interaction),
 * and what they do before it hydrates counts exactly once: a submit waits for the island and
 * is sent once, a filter tap is applied, the calculator's link carries its quote (the first
 * tap on each, at both widths: public-first-tap.spec.ts).
 */
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { holdIsland, PAGE_KINDS, watchEnquiryPosts, watchScripts } from './public-helpers.ts';

/** Loads `path` and reads it to the end without touching it (scrolling is not reaching for anything). */
async function readUntouched(page: Page, path: string) {
  const scripts = watchScripts(page);
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.evaluate(() => scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
  return scripts;
}

// One test that reads every page, at desktop width only: the pages' HTML and scripts are the
// same at every width and no public island wakes on being seen, so the weight cannot differ.
// The menu (a phone's only island of its own) wakes on its first tap in csp.spec.ts.
test('every public page loads at most 10 KB of JavaScript before any interaction, and its islands work when reached for', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Every page is read as a first visit: routing turns the browser's cache off, so a script an
  // earlier page loaded is fetched (and counted) again rather than taken from the cache.
  await page.route('**/*', (route) => route.continue());
  for (const path of PAGE_KINDS) {
    await test.step(path, async () => {
      const scripts = await readUntouched(page, path);
      const untouched = await scripts();
      expect(untouched.bytes, `${path} scripts: ${untouched.paths.join(', ')}`).toBeLessThanOrEqual(10 * 1024);
      expect(
        untouched.paths.filter((name) => /react|client|Form|Faq|Quote|Toaster|MobileNav/i.test(name)),
        path,
      ).toEqual([]);
      await expect(page.locator('astro-island:not([ssr])'), path).toHaveCount(0);

      if (path === '/') {
        const hero = page.locator('#hero-form form');
        await hero.getByLabel('First name').fill('Alex');
        await expect(hero.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr');
        await hero.getByRole('button', { name: 'Get My Free Quote' }).click();
        // The hydrated form checks in the page: the other required fields are named.
        // Under its field (the error summary at the form's top says it too).
        await expect(hero.locator('#hero-lastName-error')).toHaveText('Last name is required');
        await expect(hero.getByLabel('First name')).toHaveValue('Alex');
        const faq = page.locator('#faq');
        await faq.getByRole('button', { name: 'Process', exact: true }).click();
        await expect(faq.getByRole('button', { name: 'Process', exact: true })).toHaveAttribute('aria-pressed', 'true');
      }
      if (path === '/quote') {
        const price = page.getByLabel('Property price');
        await price.fill('1000000');
        await expect(
          page
            .locator('[data-quote-outputs] dt', { hasText: 'Transfer duty' })
            .locator('xpath=following-sibling::dd[1]'),
        ).toHaveText('$39,412');
      }
    });
  }
});

test('the pre-rendered FAQ is readable before (and without) the island: every question, and each answer opens', async ({
  page,
}) => {
  await page.goto('/');
  const faq = page.locator('#faq');
  await expect(faq.locator('astro-island')).toHaveAttribute('ssr');
  await expect(faq.locator('summary')).toHaveCount(9);
  const first = faq.locator('summary').first();
  const answer = faq.locator('details').first().locator('p').last();
  await expect(answer).toBeHidden();
  await first.click();
  await expect(answer).toBeVisible();
  await expect(answer).not.toHaveText('');
});

test('a submit clicked before the form hydrated waits for it, and the island sends it once', async ({ page }) => {
  test.setTimeout(120_000); // the first form post may load the function cold
  const island = await holdIsland(page, /\/_astro\/HeroForm\.[\w-]+\.js$/);
  const posts = watchEnquiryPosts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const form = page.locator('#hero-form form');
  await form.getByLabel('First name').fill('Early');
  await form.getByLabel('Last name').fill('Clicker');
  await form.getByLabel('Email').fill('early.clicker@example.com');
  await form.getByLabel('Phone').fill('0400 000 004');
  await form.getByLabel('Service').selectOption({ label: 'Residential Conveyancing' });
  await expect.poll(island.requested, { message: 'typing starts loading the island' }).toBe(true);
  await form.getByRole('button', { name: 'Get My Free Quote' }).click();
  // Held while the island loads: no plain post, no page change.
  await expect(form.locator('xpath=ancestor::astro-island[1]')).toHaveAttribute('ssr');
  expect(posts).toEqual([]);
  await island.release();
  // The island sends what was typed before it woke, once, and the toaster (woken with it) says so.
  await expect(page.getByText('Quote Request Submitted')).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue('');
  await expect(page).toHaveURL(/\/$/);
  expect(posts).toEqual(['POST application/json']);
});

test('an FAQ filter tapped before the island hydrated is applied once it has', async ({ page }) => {
  const island = await holdIsland(page, /\/_astro\/FaqFilter\.[\w-]+\.js$/);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const faq = page.locator('#faq');
  const process = faq.getByRole('button', { name: 'Process', exact: true });
  await process.click();
  await expect.poll(island.requested, { message: 'the tap starts loading the island' }).toBe(true);
  await expect(process).toHaveAttribute('aria-pressed', 'false');
  await island.release();
  await expect(process).toHaveAttribute('aria-pressed', 'true');
  await expect(faq.locator('li[data-faq-category]:not([data-faq-category="Process"])')).toHaveCount(0);
});

test("'Email me this quote' pressed before the calculator hydrated sends the quote once, as typed", async ({
  page,
}) => {
  const island = await holdIsland(page, /\/_astro\/QuoteCalculator\.[\w-]+\.js$/);
  await page.goto('/quote', { waitUntil: 'domcontentloaded' });
  const email = `held.${Date.now().toString(36)}@example.com`;
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) posts.push(request.headers()['content-type'] ?? '');
  });
  await page.getByRole('button', { name: 'Email me this quote' }).click();
  await expect.poll(island.requested, { message: 'the tap starts loading the island' }).toBe(true);
  // Held, not posted as the plain form (which would leave the page).
  await expect(page).toHaveURL(/\/quote\/?$/);
  await island.release();
  await expect(page.getByRole('status').filter({ hasText: email })).toContainText('We have e-mailed your quote');
  expect(posts).toEqual(['application/json']);
});
