/**
 * The suspicious-matter register, end to end: a member of staff records a suspicion from an
 * enquiry's detail (the dialog warns against tipping off), and the principal finds it in the
 * register at the top of Lead Management with its clock, and records the report to AUSTRAC.
 * Axe-clean with the dialog open and with the register shown.
 */
import { expect } from '@playwright/test';
import { createEnquiry, expectNoAxeViolations, expectToast, openTab, unique } from './admin-helpers.ts';
import { signIn, test } from './fixtures.ts';

test('records a suspicion from an enquiry and the principal records its report', async ({ page }) => {
  // A journey of several accounts and pages: 40–60 s on a loaded 2-core machine (decision 050).
  test.slow();
  const firstName = `Sus${unique()}`;
  const lastName = 'Picion';
  await signIn(page);
  await createEnquiry(page.request, firstName, lastName);
  await page.reload();

  const tab = await openTab(page, 'Contact Requests');
  const card = tab.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` });
  await card.getByRole('button', { name: `Open enquiry: ${firstName} ${lastName}` }).click();
  await card.getByRole('button', { name: 'Record a suspicion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a suspicion' });
  await expect(dialog).toContainText('tipping off');
  await expectNoAxeViolations(page);

  // Nothing chosen: the server's messages under the fields.
  await dialog.getByRole('button', { name: 'Record the suspicion' }).click();
  await expect(dialog.getByText('Please give the grounds for the suspicion')).toBeVisible();
  await dialog.getByLabel('What the suspicion is about').selectOption('money-laundering');
  const grounds = `Cash deposits split under the threshold (${firstName})`;
  await dialog.getByLabel('Grounds').fill(grounds);
  await dialog.getByRole('button', { name: 'Record the suspicion' }).click();
  await expectToast(page, 'Success', /Suspicion recorded\. A principal must report it to AUSTRAC by/);
  await expect(dialog).toBeHidden();

  const management = await openTab(page, 'Lead Management');
  const register = management.getByRole('region', { name: 'Suspicious matter register' });
  const row = register.getByTestId('suspicion-row').filter({ hasText: grounds });
  await expect(row).toContainText('Report due');
  await expect(row).toContainText('Money laundering');
  await expectNoAxeViolations(page);

  await row.getByLabel('Reported to AUSTRAC on').fill('2026-11-20');
  await row.getByLabel('AUSTRAC reference').fill('SMR-0042');
  await row.getByRole('button', { name: 'Record the report' }).click();
  await expectToast(page, 'Success', 'Report recorded');
  await expect(row).toContainText('Reported on 20 Nov 2026, reference SMR-0042');
});
