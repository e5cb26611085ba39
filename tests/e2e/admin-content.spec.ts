/**
 * Services and testimonials managed from the admin: added and edited in the
 * Services and Testimonials tabs, reaching the landing page through a real rebuild of the
 * production build, in one journey and one rebuild (a seeded service switched off leaving it in
 * the same one; the seeded site is put back after); axe on both tabs with their forms open; and
 * two defects seen on the way (the tab bar on a phone, toasts over Logout). The forms' own
 * states, the consent rule, a save over a newer version and the off switch's words are
 * tests/components/admin/site-content/'s; the server's side of them tests/functions/site/'s.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectToast, openTab, unique } from './admin-helpers.ts';
import { failApi, restoreSeededSite, signIn, test } from './fixtures.ts';

/** Polls the landing page's HTML until `check` holds: the rebuild a change asked for is live. */
async function waitForLanding(request: APIRequestContext, check: (html: string) => boolean, message: string) {
  await expect
    .poll(async () => check(await (await request.get('/')).text()), {
      timeout: 180_000,
      intervals: [1000, 2000],
      message,
    })
    .toBe(true);
}

const article = (page: Page, Noun: string, title: string): Locator =>
  page.getByRole('article', { name: `${Noun}: ${title}`, exact: true });

/** A service's card on the landing page. */
const serviceCard = (page: Page, title: string): Locator =>
  page
    .locator('#services [data-service-card]')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

const boxesOverlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('admin: site content', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('a service added and edited, and a testimonial given consent, reach the rebuilt landing page; the service switched off leaves it', async ({
    page,
  }) => {
    test.setTimeout(240_000); // a real rebuild of the production build
    const name = `Strata Advice ${unique()}`;
    const renamed = `${name} (edited)`;
    // A seeded service on the landing page now, switched off below: the same rebuild drops it.
    const switchedOff = 'Off-the-Plan Purchases';
    await page.goto('/');
    await expect(serviceCard(page, switchedOff)).toHaveCount(1);
    await page.goto('/admin');
    try {
      const services = await openTab(page, 'Services');

      // The service form's own messages, pending labels and failures are service-form.test.tsx's.
      await services.getByRole('button', { name: 'Add service' }).click();
      const serviceForm = page.getByTestId('service-form');
      await expect(serviceForm.getByLabel('Title')).toBeFocused();
      await serviceForm.getByLabel('Title').fill(name);
      await serviceForm.getByLabel('Description').fill('By-laws, levies and strata reports explained before you buy.');
      await serviceForm.getByLabel('Icon').selectOption({ label: 'Shield' });
      await serviceForm
        .getByLabel('Features')
        .fill('Strata report review\nLevy and sinking fund checks\nBy-law advice\nSpecial levy warnings');
      await serviceForm.getByLabel('Time frame').fill('3-5 days');
      await serviceForm.getByLabel('Service areas').fill('Castle Hill\nNorwest');
      await serviceForm.getByRole('button', { name: 'Add Service' }).click();
      await expectToast(page, 'Success', 'Service created successfully');
      await expect(serviceForm).toHaveCount(0);
      await expect(services.getByRole('button', { name: 'Add service' })).toBeFocused();
      const service = article(page, 'Service', name);
      await expect(service).toContainText('3-5 days');

      await service.getByRole('button', { name: `Edit service: ${name}` }).click();
      await expect(serviceForm.getByLabel('Title')).toHaveValue(name);
      await serviceForm.getByLabel('Title').fill(renamed);
      await serviceForm.getByRole('button', { name: 'Update Service' }).click();
      await expectToast(page, 'Success', 'Service updated successfully');
      await expect(page.getByRole('button', { name: `Edit service: ${renamed}` })).toBeFocused();

      // A service switched off leaves the landing page at the next rebuild: one of the seeded ones.
      await page.getByRole('switch', { name: `Show on website: ${switchedOff}`, exact: true }).click();
      await expectToast(page, 'Success', 'Service updated successfully');
      await expect(article(page, 'Service', switchedOff).getByTestId('status-badge')).toHaveText('Inactive');

      // A testimonial, in the same rebuild, given consent and switched on as it is added. The consent
      // rule is testimonial-form.test.tsx's (the form) and site-content.test.ts's (the server); the
      // card's consent words are toggle-items-tab.test.tsx's.
      const title = `Priya ${unique()}, Kellyville`;
      const quote = `Calm, clear advice from exchange to settlement ${unique()}.`;
      const testimonials = await openTab(page, 'Testimonials');
      await testimonials.getByRole('button', { name: 'Add testimonial' }).click();
      const form = page.getByTestId('testimonial-form');
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Content').fill(quote);
      await form.getByLabel('Source').fill('Google review');
      await form.getByLabel('Date received').fill('2026-10-01');
      await form.getByRole('checkbox', { name: /The client agreed/ }).check();
      await form.getByRole('switch', { name: 'Show on website' }).click();
      await form.getByRole('button', { name: 'Add Testimonial' }).click();
      await expectToast(page, 'Success', 'Testimonial created successfully');
      const item = article(page, 'Testimonial', title);
      await expect(item).toContainText('Consent recorded');
      await expect(item.getByTestId('status-badge')).toHaveText('Active');

      // One rebuild shows both: the edited card, with its first 3 features and '+ 1 more', and the quote.
      await waitForLanding(
        page.request,
        (html) => html.includes(renamed) && html.includes(quote),
        `the landing page showing "${renamed}" and the testimonial`,
      );
      await page.goto('/');
      const card = page.locator('#services [data-service-card]').filter({ hasText: renamed });
      await expect(card.locator('ul > li')).toHaveText([
        'Strata report review',
        'Levy and sinking fund checks',
        'By-law advice',
      ]);
      await expect(card).toContainText('+ 1 more');
      await expect(card).toContainText('Castle Hill, Norwest');
      const fallback = page.locator('#testimonials [data-reviews-fallback]');
      await fallback.scrollIntoViewIfNeeded();
      await expect(fallback.getByText(quote)).toBeVisible();
      await expect(fallback.getByText(title)).toBeVisible();
      // The build that shows the testimonial read the data after the switch-off.
      await expect(serviceCard(page, switchedOff)).toHaveCount(0);
    } finally {
      // The seeded site again, store and build, for the tests after (fixtures.ts).
      await restoreSeededSite(page.request);
    }
  });

  for (const tab of ['Testimonials', 'Services'] as const) {
    test(`axe finds nothing on the ${tab} tab, with its form open`, { tag: '@phone' }, async ({ page }) => {
      // The tab as it loads is admin-tabs.spec.ts's axe check; this one is the open form's.
      const panel = await openTab(page, tab);
      await expect(panel.getByRole('switch').first()).toBeVisible();
      await panel.getByRole('button', { name: tab === 'Services' ? 'Add service' : 'Add testimonial' }).click();
      await panel.getByRole('button', { name: /^Add (Service|Testimonial)$/ }).click();
      await expect(panel.getByText('Title is required')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('on a phone every tab is on screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(7);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(375);
    }
    await openTab(page, 'Settings');
  });

  for (const width of [1280, 375]) {
    test(`a toast leaves the Logout button free (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await openTab(page, 'Services');
      await failApi(page, '**/api/services/*', 'PUT');
      await page
        .getByRole('switch', { name: /^Show on website: / })
        .first()
        .click();
      const shown = page.getByTestId('toast');
      await expect(shown).toBeVisible();
      const logout = page.getByRole('button', { name: 'Logout' });
      expect(boxesOverlap((await shown.boundingBox())!, (await logout.boundingBox())!)).toBe(false);
      await logout.click({ trial: true }); // nothing on top of it
    });
  }
});
