/**
 * The yearly duty indexation, end to end: the desk tells the principal the year in force has
 * no indexation, the principal adds 2026-27's ratio in Settings, and after the rebuild /quote
 * prints that year's rates and figures. The seeded site is put back afterwards (the store and
 * the build), so the specs after this one see the shipped years only.
 */
import { expect } from '@playwright/test';
import { expectToast, openSettingsSection, openTab, waitForPublicPage } from './admin-helpers.ts';
import { restoreSeededSite, signIn, test } from './fixtures.ts';
import { hydrated } from './public-helpers.ts';

const STALE = "The transfer duty is an estimate on last year's thresholds";

// Whatever happened, the seeded site again (2026-27 gone, /quote on the shipped years), without
// a rebuild that would prove nothing the first did not (fixtures.ts).
test.afterEach(async ({ request }) => {
  await restoreSeededSite(request);
});

test('a principal adds the 2026-27 indexation and /quote uses it after the rebuild', async ({ page }) => {
  test.setTimeout(180_000); // a rebuild of the site on a shared machine

  await page.goto('/quote');
  await expect(page.locator('[data-duty-rates]')).toContainText(STALE);

  await signIn(page);
  const desk = await openTab(page, 'Contact Requests');
  await expect(desk.getByTestId('duty-indexation-missing')).toContainText('Add the 2026-27 duty indexation');

  const settings = await openSettingsSection(page, 'Transfer duty indexation');
  const panel = settings.getByRole('region', { name: 'Transfer duty indexation' });
  const form = panel.getByRole('form', { name: "Add a year's duty indexation" });
  await expect(form.getByLabel('Year starting 1 July')).toHaveValue('2026');
  // A ratio below 2025-26's, refused under the field, is duty-indexation.test.ts's (the server)
  // and duty-indexation-panel.test.tsx's (the field error).
  await form.getByLabel('Ratio (A/B)').fill('1.260');
  await form.getByLabel('Source').fill('Notice of Adjusted Amounts under Section 33AF of Duties Act 1997 (2026)');
  await form.getByRole('button', { name: 'Save indexation' }).click();
  await expectToast(page, 'Success', 'The 2026-27 duty indexation was saved; the public site is being rebuilt');
  const row = panel.getByTestId('duty-year-row').filter({ hasText: '2026-27' });
  await expect(row).toContainText('$18,000 / $38,000 / $102,000 / $383,000 / $1,276,000');
  await expect(row).toContainText('$3,830,000 ($192,135)');
  await expect(panel.getByText('Add the 2026-27 duty indexation')).toBeHidden();

  await waitForPublicPage(page.request, '/quote/', { text: 'Rates effective 1 July 2026.' });
  await page.goto('/quote');
  await expect(page.locator('[data-duty-rates]')).toHaveText('Rates effective 1 July 2026.');
  await hydrated(page.getByLabel('Property price'));
  await page.getByLabel('Contract date (optional)').fill('2026-11-25');
  const duty = page
    .locator('[data-quote-outputs] dt', { hasText: 'Transfer duty' })
    .locator('xpath=following-sibling::dd[1]');
  // $800,000 on the 2026-27 table: $11,480 + 4,170 × $4.50 (2025-26's table gave $30,412).
  await expect(duty).toHaveText('$30,245');
  await expect(page.locator('[data-rates-notice]')).toBeHidden();
});
