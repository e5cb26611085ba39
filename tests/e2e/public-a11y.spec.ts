/** axe on every public page, at both widths (the two projects). */
import { test } from './fixtures.ts';
import { expectNoAxeViolations, hydrated, SEEDED } from './public-helpers.ts';

const PAGES = [
  ['blog index', '/blog'],
  ['article', `/blog/${SEEDED.newest.slug}`],
  ['privacy policy', '/privacy'],
  ['article not found', '/blog/no-such-article'],
  ['page not found', '/no/such/page'],
] as const;

// One test per width that visits the pages in turn (a step each), rather than a test, a
// context and a page start for each page; the landing page is scanned twice on one visit,
// as loaded and then with its islands woken.
test(
  'the landing page (as loaded, and with its islands hydrated and the FAQ open), blog index, article, privacy policy and both not-found pages have no axe violations',
  { tag: '@phone' },
  async ({ page }) => {
    await test.step('landing page', async () => {
      await page.goto('/');
      await expectNoAxeViolations(page);
    });
    await test.step('landing page with its islands hydrated and the FAQ open', async () => {
      await hydrated(page.locator('#contact form').getByLabel('First name'));
      const faq = page.locator('#faq').getByRole('button', { name: 'All', exact: true });
      await hydrated(faq);
      await page.locator('#faq summary', { hasText: /conveyancing and why/ }).click();
      await page.locator('#contact form').getByRole('button', { name: 'Send Enquiry' }).click();
      await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
      await expectNoAxeViolations(page);
    });
    for (const [name, path] of PAGES) {
      await test.step(name, async () => {
        await page.goto(path);
        await expectNoAxeViolations(page);
      });
    }
  },
);
