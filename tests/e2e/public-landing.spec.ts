/** Landing page content: quick facts, services, FAQ, testimonials, structured data. */
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { SERVICES } from '#src/content/services.ts';
import { PROCESS_STEPS } from '#src/content/process.ts';

// What the built landing page holds, read on one visit (a step each, not a context and a
// page start each; desktop only: the same HTML at every width, and nothing here is layout).
test('the landing page: quick facts, services, process, about, testimonials, structured data and SEO metadata', async ({
  page,
}) => {
  await page.goto('/');
  await test.step('quick facts open and close on click, several at once', async () => {
    const facts = page.locator('[data-quick-fact]');
    expect(await facts.count()).toBeGreaterThan(1);
    await facts.nth(0).locator('summary').click();
    await facts.nth(1).locator('summary').click();
    await expect(facts.nth(0)).toHaveAttribute('open');
    await expect(facts.nth(1)).toHaveAttribute('open');
    await facts.nth(0).locator('summary').click();
    await expect(facts.nth(0)).not.toHaveAttribute('open');
    await expect(facts.nth(1)).toHaveAttribute('open');
  });

  await test.step('six service cards show their first 3 features and + N more', async () => {
    const cards = page.locator('#services [data-service-card]');
    await expect(cards).toHaveCount(6);
    for (const [index, service] of SERVICES.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(service.title);
      const features = card.locator('ul > li');
      await expect(features).toHaveCount(3);
      await expect(features).toHaveText(service.features.slice(0, 3).map((feature) => feature));
      await expect(card.getByText(`+ ${service.features.length - 3} more`)).toBeVisible();
    }
  });

  await test.step('the process has 11 steps, and no invented people: the placeholder team is left out', async () => {
    await expect(page.locator('#process ol > li')).toHaveCount(PROCESS_STEPS.length);
    expect(PROCESS_STEPS).toHaveLength(11);
    // The shipped team is roles only (src/content/team.ts): nobody to show until Settings names them.
    await expect(page.locator('#team')).toHaveCount(0);
  });

  await test.step('about has its statistics and buttons to contact and testimonials', async () => {
    const about = page.locator('#about');
    for (const figure of ['500+', '15+', '98%', '6-8 weeks'])
      await expect(about.getByText(figure, { exact: true })).toBeVisible();
    await expect(about.getByRole('link', { name: 'Talk to us' })).toHaveAttribute('href', '#contact');
    await expect(about.getByRole('link', { name: 'Read client reviews' })).toHaveAttribute('href', '#testimonials');
  });

  await test.step('testimonials show the active real ones when no reviews embed is configured', async () => {
    const section = page.locator('#testimonials');
    await section.scrollIntoViewIfNeeded();
    // The demo reviews are marked samples: active or not, never shown (src/content/placeholders.ts).
    await expect(section.getByText('The team explained every step of our first purchase')).toHaveCount(0);
    await expect(section.getByText('Hidden until staff switch it on')).toHaveCount(0);
    await expect(section).not.toContainText('Sample review');
    await expect(section).toContainText('4.9');
    await expect(section).toContainText('127 reviews');
    // No third-party request is made without the embed.
    expect(await page.locator('script[src^="http"]').count()).toBe(0);
  });

  await test.step('the structured data has the practice and four FAQ entries with the practice values', async () => {
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((text) => JSON.parse(text) as Record<string, any>);
    const business = data.find((item) => item['@type'] === 'LegalService');
    expect(business).toBeDefined();
    expect(business!.address['@type']).toBe('PostalAddress');
    expect(business!.address.addressRegion).toBe('NSW');
    expect(business!.address.addressCountry).toBe('AU');
    expect(business!.telephone).toBe('+61255500123');
    // The default rating is the brief's placeholder: search engines get one only once staff dated it in Settings.
    expect(business!.aggregateRating).toBeUndefined();
    const hours = business!.openingHoursSpecification as { dayOfWeek: string[]; opens: string; closes: string }[];
    expect(hours).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'],
          opens: '09:00',
          closes: '21:00',
        }),
        expect.objectContaining({ dayOfWeek: ['Friday', 'Saturday', 'Sunday'], opens: '09:00', closes: '22:00' }),
      ]),
    );
    const faq = data.find((item) => item['@type'] === 'FAQPage');
    expect(faq!.mainEntity).toHaveLength(4);
    const answers = (faq!.mainEntity as { acceptedAnswer: { text: string } }[]).map(
      (entry) => entry.acceptedAnswer.text,
    );
    expect(answers.some((text) => text.includes('6-8 weeks'))).toBe(true);
  });

  await test.step('the landing page has unique SEO metadata', async () => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-AU');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /summary/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /conveyancing/i);
  });
});

// The FAQ's filter and its items opening independently: tests/components/faq-filter.test.tsx
// (decision 049); the no-JavaScript filter and the hydration on first tap stay in e2e.

// Once, at desktop width: the embed follows the section's box through observers whose margins
// are shares of the screen, the same code at every width.
test('a configured reviews embed loads in view, is removed out of view, and falls back on failure', async ({
  page,
}) => {
  // Configure the embed in the served page as a build with REVIEWS_EMBED set would.
  await page.route(/\/$/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<div data-reviews-embed[^>]*>/,
      '<div data-reviews-embed data-embed-script="/__reviews/embed.js" data-embed-attribute="data-widget-id" data-embed-widget="w-1" class="mt-8">',
    );
    await route.fulfill({ response, body: html });
  });
  let fail = false;
  let requests = 0;
  await page.route('**/__reviews/embed.js', (route) =>
    ++requests && fail
      ? route.fulfill({ status: 503, body: '' })
      : route.fulfill({
          contentType: 'text/javascript',
          body: `document.querySelector('[data-widget-id="w-1"]').innerHTML = '<p>Widget review from the provider</p>';`,
        }),
  );
  await page.goto('/');
  const script = page.locator('script[src="/__reviews/embed.js"]');
  // The practice's own testimonials (or the rating) beside the embed; the demo ones are samples, never shown.
  const fallback = page.locator('[data-reviews-fallback]');
  await expect(script).toHaveCount(0);
  await page.locator('#testimonials').scrollIntoViewIfNeeded();
  await expect(page.getByText('Widget review from the provider')).toBeVisible();
  await expect(script).toHaveCount(1);
  await expect(fallback).toBeHidden();
  // Something above grows and pushes the section just below the screen, as the sections
  // around it do when they render with their real heights (content-visibility, global.css):
  // the widget stays, neither unloaded nor fetched again. (Scroll anchoring would hide the
  // push; it cannot always, e.g. when what grows is below the part on screen.)
  await page.evaluate(() => {
    document.documentElement.style.overflowAnchor = 'none';
    const section = document.getElementById('testimonials')!;
    const spacer = document.createElement('div');
    spacer.style.height = `${innerHeight - section.getBoundingClientRect().top + 40}px`;
    section.before(spacer);
  });
  await expect
    .poll(() => page.evaluate(() => document.getElementById('testimonials')!.getBoundingClientRect().top))
    .toBeGreaterThan(await page.evaluate(() => innerHeight));
  // An observer's callback is queued as a frame is rendered: after two more frames and a task,
  // any callback for the push has run.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))),
  );
  await expect(page.getByText('Widget review from the provider')).toHaveCount(1);
  await expect(script).toHaveCount(1);
  expect(requests).toBe(1);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(script).toHaveCount(0);
  await expect(page.getByText('Widget review from the provider')).toHaveCount(0);

  fail = true;
  await page.locator('#testimonials').scrollIntoViewIfNeeded();
  await expect(fallback).toBeVisible();
  await expect(script).toHaveCount(0);
});

test(
  'decorative effects run only where they belong, and never under reduced motion',
  { tag: '@phone' },
  async ({ page, isMobile }) => {
    await page.goto('/');
    // Cursor trail: 12 dots, only wider than 1024 px without touch.
    await expect(page.locator('.cursor-dot')).toHaveCount(isMobile ? 0 : 12);
    await expect(page.locator('html')).toHaveClass(/reveal-ready/);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(page.locator('#home')).toBeVisible();
    await expect(page.locator('.cursor-dot')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveClass(/reveal-ready/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
  },
);

// The page is ~15,000 px tall on a phone: laying it all out at load was most of its Total
// Blocking Time (npm run bench:web). Below the fold, sections render only near the viewport,
// until the first press makes them all render (a jump to a section needs their real heights).
test(
  'sections below the fold skip rendering until the first key or pointer press',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/');
    const skipped = (id: string) =>
      page.evaluate((target) => !document.getElementById(target)!.checkVisibility({ contentVisibilityAuto: true }), id);
    expect(await skipped('home-title')).toBe(false);
    for (const id of ['faq-title', 'contact-title', 'blog-title']) expect(await skipped(id)).toBe(true);
    await page.keyboard.press('Shift');
    await expect.poll(() => skipped('faq-title')).toBe(false);
    expect(await skipped('blog-title')).toBe(false);
  },
);
