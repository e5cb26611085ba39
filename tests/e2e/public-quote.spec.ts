/** /quote: the instant quote and NSW transfer duty calculator, at both widths. */
import { expect, type Page, type Route } from '@playwright/test';
import { expectNoSidewaysScroll, test } from './fixtures.ts';
import { expectNoAxeViolations, hydrated } from './public-helpers.ts';

/** The value printed beside an output's label. */
const output = (page: Page, label: string) =>
  page.locator('[data-quote-outputs] dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

async function openCalculator(page: Page) {
  await page.goto('/quote');
  const price = page.getByLabel('Property price');
  await hydrated(price);
  return price;
}

test('is reached from the hero, the services section and the lead promo block', async ({ page }) => {
  await page.goto('/');
  for (const section of ['#home', '#services', 'section[aria-labelledby="lead-promo-title"]']) {
    await expect(page.locator(section).locator('a[href="/quote/"]')).toHaveCount(1);
  }
  await page.locator('#services a[href="/quote/"]').click();
  await expect(page).toHaveURL(/\/quote\/?$/);
});

// One visit for the page's own head and its pre-rendered body (they were two tests, two visits).
test('has its own title, description and canonical URL, is in the sitemap, and shows the pre-rendered estimate, the rates date and the estimate sentence', async ({
  page,
  request,
}) => {
  await openCalculator(page);
  await expect(page).toHaveTitle(/^Conveyancing quote and NSW stamp duty calculator \| /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conveyancing quote and NSW stamp duty calculator');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /stamp\) duty/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/quote\/$/);
  expect(await (await request.get('/sitemap-0.xml')).text()).toMatch(/<loc>[^<]*\/quote\/<\/loc>/);
  await expect(page.getByLabel('Property price')).toHaveValue('800,000');
  await expect(output(page, 'Professional fee')).toHaveText('$1,850');
  await expect(output(page, 'Disbursements')).toHaveText('typically $800 to $1,500');
  await expect(output(page, 'Transfer duty')).toHaveText('$30,412');
  await expect(output(page, 'Estimated total')).toHaveText('$33,062 to $33,762');
  // Today is in 2026-27, whose indexation the shipped years do not have: the page says the
  // duty is on last year's thresholds rather than print 2025's rates as if current.
  await expect(page.locator('[data-duty-rates]')).toHaveText(
    "The transfer duty is an estimate on last year's thresholds (2025-26, in force from 1 July 2025): the 2026-27 thresholds are not in this calculator yet.",
  );
  await expect(page.getByRole('link', { name: 'Revenue NSW, Transfer duty' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.revenue\.nsw\.gov\.au\//,
  );
  await expect(page.getByText(/^This is an estimate only/)).toBeVisible();
});

// What each output says as the person types, chooses and ticks is a component test:
// tests/components/quote-calculator.test.tsx (decision 049). Here: the page's layout holds
// with the longest of those states showing.
test('nothing is wider than the screen with the longest outputs and both field errors showing', async ({ page }) => {
  const price = await openCalculator(page);
  await page.getByLabel('Contract date (optional)').fill('2025-11-23');
  await page.getByLabel('Property type').selectOption({ label: 'Off-the-plan' });
  await page.getByLabel('Settlement in under 2 weeks').check();
  await page.getByLabel('Foreign purchaser').check();
  await page.getByLabel("Foreign buyers' share of the property (%)").fill('50');
  await expect(page.getByText(/Includes \$36,000 foreign purchaser surcharge/)).toBeVisible();
  await expect(output(page, 'Cooling-off')).toHaveText('10 business days');
  await expectNoSidewaysScroll(page);

  await page.getByLabel("Foreign buyers' share of the property (%)").fill('0');
  await price.fill('eight hundred');
  await expect(page.getByText('Please enter a price in dollars, like 800,000')).toBeVisible();
  await expect(page.getByText('Please enter a percentage from 1 to 100')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('keeps what was typed and ticked before the calculator hydrated', async ({ page }) => {
  // A first, ordinary visit warms the server, so the held visit below waits only on the hold.
  await openCalculator(page);
  // Hold the island's code (the handler returns at once, so other requests go on).
  const held: Route[] = [];
  await page.route(/\/_astro\/QuoteCalculator\.[\w-]+\.js$/, (route) => {
    held.push(route);
  });
  const release = () => Promise.all(held.map((route) => route.continue()));
  // The held script also holds the load event.
  await page.goto('/quote', { waitUntil: 'domcontentloaded' });
  const price = page.getByLabel('Property price');
  await price.fill('1,500,000');
  await page.getByLabel('Foreign purchaser').check();
  await page.getByLabel('Property type').selectOption({ label: 'Vacant land' });
  await expect(price.locator('xpath=ancestor::astro-island[1]')).toHaveAttribute('ssr');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await release();
  await page.waitForLoadState('load');
  await hydrated(price);
  await expect(output(page, 'Transfer duty')).toHaveText('$199,512');
  await expect(price).toHaveValue('1,500,000');
});

test(
  'has no axe violations, as loaded and with the concession, the share and the rates notice showing',
  { tag: '@phone' },
  async ({ page }) => {
    const price = await openCalculator(page);
    await expectNoAxeViolations(page);
    await page.getByLabel('Contract date (optional)').fill('2026-07-01');
    await page.getByLabel('First home buyer').check();
    await page.getByLabel('Foreign purchaser').check();
    // One of two buyers foreign: the other is eligible for the first-home concession.
    await page.getByLabel("Foreign buyers' share of the property (%)").fill('50');
    await price.fill('900000');
    await expect(output(page, 'Transfer duty')).toHaveText('$60,206');
    await expect(page.locator('[data-rates-notice]')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Foreign buyers' share of the property (%)").fill('abc');
    await price.fill('abc');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
  },
);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the labels, a typical estimate, and says the calculator needs JavaScript', async ({ page }) => {
    await page.goto('/quote');
    await expect(page.getByLabel('Property price')).toHaveValue('800,000');
    // Playwright's text search skips <noscript>; its content is shown all the same.
    const notice = page.locator('noscript p');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('The calculator needs JavaScript to update as you type.');
    await expect(notice).toContainText(
      "established home at $800,000; for your own figures enter them and choose 'See my estimate', or call us on (02)",
    );
    await expect(notice.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(output(page, 'Transfer duty')).toHaveText('$30,412');
  });
});
