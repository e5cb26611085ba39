/**
 * The cash register, end to end: a principal sets Settings › Cash to accept cash, a receipt
 * of $10,000 or more is recorded from an enquiry's detail (its errors under the fields first),
 * and the principal finds it in the cash register in Lead Management with its report due, and
 * records the threshold transaction report. Axe-clean with the dialog open and with the
 * register shown. The policy goes back to none at the end, as every other test expects.
 */
import { expect } from '@playwright/test';
import {
  createEnquiry,
  expectNoAxeViolations,
  expectToast,
  openSettingsSection,
  openTab,
  unique,
} from './admin-helpers.ts';
import { signIn, test } from './fixtures.ts';

test('a principal accepts cash, staff record $12,000 and the principal records its report', async ({ page }) => {
  // A journey of several accounts and pages: 40–60 s on a loaded 2-core machine (decision 050).
  test.slow();
  const firstName = `Cash${unique()}`;
  const lastName = 'Payer';
  await signIn(page);
  await createEnquiry(page.request, firstName, lastName);
  await page.reload();

  const cash = await openSettingsSection(page, 'Cash');
  await cash.getByLabel('The practice accepts cash, and reports $10,000 or more to AUSTRAC').check();
  await cash.getByRole('button', { name: 'Save cash policy' }).click();
  await expectToast(page, 'Success', 'The practice now accepts cash');
  try {
    const tab = await openTab(page, 'Contact Requests');
    const card = tab.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` });
    await card.getByRole('button', { name: `Open enquiry: ${firstName} ${lastName}` }).click();
    await card.getByRole('button', { name: 'Record cash received' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record cash received' });
    await expectNoAxeViolations(page);

    // Nothing filled in: the server's messages under the fields.
    await dialog.getByRole('button', { name: 'Record the cash' }).click();
    await expect(dialog.getByText('Please enter who handed over the cash')).toBeVisible();
    await dialog.getByLabel('Amount (dollars)').fill('12,000');
    await dialog.getByLabel('Received on').fill('2026-11-20');
    const payer = `${firstName} ${lastName}`;
    await dialog.getByLabel('Handed over by').fill(payer);
    await dialog.getByRole('button', { name: 'Record the cash' }).click();
    // Fri 20 Nov 2026: the 10th NSW business day after is Fri 4 Dec.
    await expectToast(page, 'Success', /a principal must report it to AUSTRAC by the end of 4 Dec 2026/);
    await expect(dialog).toBeHidden();

    const management = await openTab(page, 'Lead Management');
    const register = management.getByRole('region', { name: 'Cash register' });
    const row = register.getByTestId('cash-row').filter({ hasText: payer });
    await expect(row).toContainText('$12,000.00 in cash on 20 Nov 2026');
    await expect(row).toContainText(/Report (due|overdue)/);
    await expect(row).toContainText('4 Dec 2026');
    await expectNoAxeViolations(page);

    await row.getByLabel('Reported to AUSTRAC on').fill('2026-11-27');
    await row.getByLabel('AUSTRAC reference').fill('TTR-0042');
    await row.getByRole('button', { name: 'Record the report' }).click();
    await expectToast(page, 'Success', 'Threshold transaction report recorded');
    await expect(row).toContainText('Reported on 27 Nov 2026, reference TTR-0042');
  } finally {
    const reset = await page.request.put('/api/settings/cash', { data: { cash: 'none' } });
    expect(reset.status()).toBe(200);
  }
});
