/**
 * The first tap on a public island does what it would do on a hydrated one. The islands
 * hydrate on first interaction (src/directives/interaction.ts), so the tap that wakes an
 * island arrives before its code: a Submit must wait for the island and be checked in the
 * page (not posted as the no-JavaScript form), an FAQ chip must filter, the calculator's
 * button must show the estimate (not reload /quote with the fields in the address).
 *
 * Each test holds the island's code until after the tap, so the tap always comes first
 * (on a fast machine a plain tap might otherwise find the code already there). It taps on
 * the mobile project (touch) and clicks on desktop.
 */
import { test } from './fixtures.ts';
import { expect, type Locator, type TestInfo } from '@playwright/test';
import { holdIsland, watchEnquiryPosts } from './public-helpers.ts';

const MESSAGES = [
  'First name is required',
  'Last name is required',
  'Please enter a valid email address',
  'Phone number is required',
  'Please select a service',
];

/** Taps on a touch project, clicks otherwise: what a visitor at that width does. */
async function press(target: Locator, testInfo: TestInfo) {
  if (testInfo.project.use.hasTouch) await target.tap();
  else await target.click();
}

const FORMS = [
  { name: 'hero', chunk: /\/_astro\/HeroForm\.[\w-]+\.js$/, form: '#hero-form form', submit: 'Get My Free Quote' },
  { name: 'contact', chunk: /\/_astro\/ContactForm\.[\w-]+\.js$/, form: '#contact form', submit: 'Send Enquiry' },
] as const;

// One landing page for its three islands: each held apart (its own code), so each tap is the
// first its island gets, and none wakes another.
test(
  'on the landing page, Submit tapped first on the empty hero and contact forms waits for the island and shows every message in place, and an FAQ category tapped first filters the questions',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const islands = {
      hero: await holdIsland(page, FORMS[0].chunk),
      contact: await holdIsland(page, FORMS[1].chunk),
      faq: await holdIsland(page, /\/_astro\/FaqFilter\.[\w-]+\.js$/),
    };
    const posts = watchEnquiryPosts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    for (const spec of FORMS) {
      await test.step(`Submit tapped first on the empty ${spec.name} form waits for the island and shows every message in place`, async () => {
        const island = islands[spec.name];
        const form = page.locator(spec.form);
        await expect(form.locator('xpath=ancestor::astro-island[1]')).toHaveAttribute('ssr');
        await press(form.getByRole('button', { name: spec.submit }), testInfo);
        await expect.poll(island.requested, { message: 'the tap starts loading the island' }).toBe(true);
        // Held, not posted: the page stays, nothing is sent while the island loads.
        await expect(page).toHaveURL(/\/$/);
        await island.release();
        await expect(form.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr');
        // Each message twice: in the error summary and under its field.
        for (const message of MESSAGES) await expect(form.getByText(message, { exact: true })).toHaveCount(2);
        // The error summary has the focus, as after a submit on a hydrated form.
        await expect(form.locator('[data-error-summary]')).toBeFocused();
        await expect(page).toHaveURL(/\/$/);
        expect(posts).toEqual([]);
      });
    }
    await test.step('an FAQ category tapped first filters the questions', async () => {
      const faq = page.locator('#faq');
      await expect(faq.locator('xpath=.//astro-island[1]')).toHaveAttribute('ssr');
      const process = faq.getByRole('button', { name: 'Process', exact: true });
      await press(process, testInfo);
      await expect.poll(islands.faq.requested, { message: 'the tap starts loading the island' }).toBe(true);
      await islands.faq.release();
      await expect(process).toHaveAttribute('aria-pressed', 'true');
      await expect(faq.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'false');
      await expect(faq.locator('li[data-faq-category]:not([data-faq-category="Process"])')).toHaveCount(0);
      await expect(faq.locator('li[data-faq-category="Process"]').first()).toBeVisible();
    });
  },
);

test(
  'a Submit tapped before the island could load is posted as the plain form, once',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    // The island's code cannot be fetched (a dropped connection, twice: Astro retries once).
    await page.route(/\/_astro\/HeroForm\.[\w-]+\.js(\?.*)?$/, (route) => route.abort());
    const posts = watchEnquiryPosts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await press(page.locator('#hero-form form').getByRole('button', { name: 'Get My Free Quote' }), testInfo);
    // The no-JavaScript path: the server answers with the form again, naming the missing fields.
    await expect(page).toHaveURL(/\/api\/contact$/);
    await expect(page.getByRole('alert').getByRole('link', { name: 'First name is required' })).toBeVisible();
    expect(posts).toEqual(['POST application/x-www-form-urlencoded']);
  },
);

test(
  "the calculator's 'See my estimate' tapped first shows the estimate in place",
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const island = await holdIsland(page, /\/_astro\/QuoteCalculator\.[\w-]+\.js$/);
    await page.goto('/quote', { waitUntil: 'domcontentloaded' });
    await press(page.getByRole('button', { name: 'See my estimate' }), testInfo);
    await expect.poll(island.requested, { message: 'the tap starts loading the island' }).toBe(true);
    await island.release();
    // The hydrated form takes the visitor to the estimate; it never reloads the page with a query.
    await expect(page.getByRole('region', { name: 'Your estimate' })).toBeFocused();
    await expect(page).toHaveURL(/\/quote\/?$/);
  },
);

test(
  'a calculator box ticked as the first tap counts in the estimate',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const island = await holdIsland(page, /\/_astro\/QuoteCalculator\.[\w-]+\.js$/);
    await page.goto('/quote', { waitUntil: 'domcontentloaded' });
    const box = page.getByLabel('First home buyer');
    await press(box, testInfo);
    await expect.poll(island.requested, { message: 'the tap starts loading the island' }).toBe(true);
    await island.release();
    await expect(page.locator('astro-island:has([data-quote-outputs])')).not.toHaveAttribute('ssr');
    await expect(box).toBeChecked();
    // The exemption or the concession, whichever this year's thresholds give the default price.
    await expect(page.locator('[data-quote-outputs]')).toContainText(/first home buyer (exemption|concession)/i);
  },
);
