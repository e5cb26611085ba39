/** /admin's seven tabs: keyboard operation, and axe on every tab (the desk open, Lead Management's metrics and guide). */
import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, signIn, test } from './fixtures.ts';
import { createEnquiry, expectNoAxeViolations, openTab, unique } from './admin-helpers.ts';

const TAB_NAMES = [
  'Contact Requests',
  'Matters',
  'Testimonials',
  'Services',
  'Blog Posts',
  'Lead Management',
  'Settings',
];

/** The admin, signed in. Called after a test's own skip (a hook would run before it, at both widths). */
async function openAdmin(page: Page) {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Content Management' })).toBeVisible();
}

test.describe('admin tabs', () => {
  test('are ARIA tabs that work with the keyboard alone', async ({ page }) => {
    await openAdmin(page);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(TAB_NAMES);
    const selected = page.getByRole('tab', { selected: true });
    await expect(selected).toHaveText('Contact Requests');

    // Tab from the top of the page until the selected tab has focus: only it is in the tab order.
    await page.locator('body').focus();
    for (let presses = 0; presses < 15; presses++) {
      await page.keyboard.press('Tab');
      if (await selected.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(page.getByRole('tab', { name: 'Contact Requests' })).toBeFocused();

    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Matters' })).toBeFocused();
    await expect(page.getByRole('tab', { selected: true })).toHaveText('Matters');
    await expect(page.getByRole('tabpanel', { name: 'Matters' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Contact Requests' })).toBeHidden();

    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Settings' })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Settings' })).toContainText('Practice details');
    await expect(
      page
        .getByRole('tabpanel', { name: 'Settings' })
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Staff accounts' }),
    ).toBeVisible();

    await page.keyboard.press('ArrowRight'); // wraps to the first
    await expect(page.getByRole('tab', { name: 'Contact Requests' })).toBeFocused();
    await page.keyboard.press('ArrowLeft'); // wraps to the last
    await expect(page.getByRole('tab', { name: 'Settings' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'Contact Requests' })).toBeFocused();
    for (let presses = 0; presses < 4; presses++) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { selected: true })).toHaveText('Blog Posts');

    // Tab leaves the tab list for the panel.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Blog Posts' })).toBeFocused();
  });

  /*
   * One axe run per tab and state, never two over the same DOM (decision 049, second round).
   * Contact Requests is checked with an enquiry open (the desk's detail under its card, which
   * the list alone does not show), Lead Management with its metrics above the guide.
   * At 375 px the DOM is the same (no island reads the width) and the CSS that axe weighs
   * changes in two places only: the tab list (a grid of bordered, filled buttons, not the
   * underlined row of lg:), shown above every tab alike, and Settings' opening hours (the
   * day's short name shows, its long one is only for screen readers). So the phone runs axe on
   * Contact Requests (the tab list and the one-column desk); Settings opens on Practice details,
   * not the hours, and the hours and the audit log at 375 px are admin-settings.spec.ts's axe
   * test (@phone). Every tab is still checked there for nothing wider than the screen.
   */
  test(
    'have no axe violations on any tab, and none is wider than the screen',
    { tag: '@phone' },
    async ({ page, isMobile }) => {
      test.setTimeout(120_000); // up to seven full-page axe runs; the Settings form is the largest
      const firstName = `Tabs${unique()}`;
      await createEnquiry(page.request, firstName, 'Desk');
      await openAdmin(page);
      const axeAtThisWidth = (name: string) => !isMobile || name === 'Contact Requests';
      for (const name of TAB_NAMES) {
        const panel = await openTab(page, name);
        // Wait for the tab's list (if any) to finish loading before checking.
        await expect(panel.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        if (name === 'Contact Requests') {
          const card = panel.getByRole('article', { name: `Contact request from ${firstName} Desk` });
          await card.getByRole('button', { name: `Open enquiry: ${firstName} Desk` }).click();
          await expect(card.getByText('Enquiry received through the website')).toBeVisible();
        }
        if (name === 'Lead Management') await expectLeadManagement(panel);
        if (axeAtThisWidth(name)) await expectNoAxeViolations(page);
        await expectNoSidewaysScroll(page);
      }
    },
  );
});

/** Lead Management: the metrics above the guide, and the guide's figures. */
async function expectLeadManagement(panel: Locator) {
  const metrics = panel.getByTestId('lead-metrics');
  await expect(metrics.getByRole('heading', { name: 'Last 30 days' })).toBeVisible();
  await expect(metrics.getByRole('heading', { name: 'Last 90 days' })).toBeVisible();
  await expect(metrics).toContainText('Median first call (target 5 min)');
  await expect(metrics).toContainText('Conversion (target 30%)');
  const guide = panel.getByRole('heading', { name: 'Lead Management Guide' });
  expect((await metrics.boundingBox())!.y).toBeLessThan((await guide.boundingBox())!.y);
  for (const figure of [
    '$1,850',
    '$800 to $1,500',
    '$2,650 to $3,350',
    'including GST',
    '+$500',
    '+$350',
    '+$250',
    // The one settlement figure, from Settings (the shipped default in the test store).
    '6-8 weeks',
    '5 business days',
    '0.25%',
    'at auction',
    'within 5 minutes',
    '3 to 5 attempts',
    'within 24 hours',
    '24 to 48 hours',
    '30% target',
    'within 30 minutes',
  ]) {
    await expect(panel, figure).toContainText(figure);
  }
  await expect(panel.getByText('Coming soon')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Call-back script' })).toBeVisible();
}
