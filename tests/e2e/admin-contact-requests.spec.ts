/** Contact Requests tab: the enquiry's details, and deleting with a confirmation. */
import { expect, type Page } from '@playwright/test';
import { failApi, signIn, test } from './fixtures.ts';
import { createEnquiry, expectToast, openTab, unique } from './admin-helpers.ts';

test.describe('admin: contact requests', () => {
  // The tab's layout at 375 px is checked by admin-tabs.spec.ts (axe, no sideways scroll).
  let firstName: string;
  let lastName: string;

  test.beforeEach(async ({ page }) => {
    firstName = `Casey${unique()}`;
    lastName = 'Tester';
    await createEnquiry(page.request, firstName, lastName);
    await signIn(page);
  });

  const item = (page: Page) => page.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` });

  test('lists an enquiry with its details in Sydney time', async ({ page }) => {
    const panel = await openTab(page, 'Contact Requests');
    await expect(panel.getByRole('heading', { name: 'Contact Form Submissions' })).toBeVisible();
    const request = item(page);
    await expect(request.getByRole('heading', { name: `${firstName} ${lastName}` })).toBeVisible();
    await expect(request.getByRole('link', { name: `${firstName.toLowerCase()}@example.com` })).toHaveAttribute(
      'href',
      `mailto:${firstName.toLowerCase()}@example.com`,
    );
    await expect(request.getByRole('link', { name: '(02) 5550 0199' })).toHaveAttribute('href', 'tel:0255500199');
    await expect(request).toContainText('Residential Purchase');
    await expect(request).toContainText('1 Test Street, Castle Hill NSW 2154');
    await expect(request).toContainText('Please call me about my purchase.');
    // en-AU order, e.g. "21 Nov 2026, 4:30 pm".
    await expect(request.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} [ap]m$/);
  });

  test('deletes an enquiry only after confirmation', async ({ page }) => {
    await openTab(page, 'Contact Requests');
    const deleteButton = page.getByRole('button', { name: `Delete contact request: ${firstName} ${lastName}` });

    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this contact request?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(item(page)).toBeVisible();

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete request' }).click();
    await expectToast(page, 'Success', 'Contact request deleted successfully');
    await expect(item(page)).toHaveCount(0);
  });

  test('a failed delete says so and keeps the enquiry', async ({ page }) => {
    await openTab(page, 'Contact Requests');
    await failApi(page, '**/api/contact-requests/*', 'DELETE');
    await page.getByRole('button', { name: `Delete contact request: ${firstName} ${lastName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete request' }).click();
    await expectToast(page, 'Error', 'Failed to delete contact request');
    await expect(item(page)).toBeVisible();
  });
});
