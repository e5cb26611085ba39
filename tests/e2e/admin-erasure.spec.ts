/** A Privacy Act erasure from the lead desk: one person's enquiries go, nobody else's, and the audit keeps no address. */
import { expect, type Page } from '@playwright/test';
import type { AuditPage } from '#src/shared/schemas/staff.ts';
import { failApi, signIn, STAFF, test } from './fixtures.ts';
import { expectNoAxeViolations, expectToast, openTab, unique } from './admin-helpers.ts';

async function enquire(page: Page, firstName: string, lastName: string, email: string) {
  const response = await page.request.post('/api/contact', {
    data: {
      firstName,
      lastName,
      email,
      phone: '(02) 5550 0199',
      serviceType: 'residential-sale',
      message: 'Please call me.',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('erases every enquiry of one address and keeps the rest', async ({ page }) => {
  const id = unique();
  const email = `erin.${id}@example.com`;
  const person = `Erin${id}`;
  const other = `Olly${id}`;
  await enquire(page, person, 'First', email);
  // The same person again, typing their address differently: the API matches it all the same.
  await enquire(page, person, 'Second', `  ${email.toUpperCase()}`);
  await enquire(page, other, 'Kept', `olly.${id}@example.com`);
  await signIn(page);
  // Arrive as an alert's link would: that enquiry stays shown (and open) even off the list.
  const listed = (await (await page.request.get(`/api/contact-requests?q=${person}`)).json()) as {
    id: string;
    lastName: string;
  }[];
  await page.goto(`/admin?enquiry=${listed.find((enquiry) => enquiry.lastName === 'First')!.id}`);
  const panel = await openTab(page, 'Contact Requests');
  const card = (name: string) => page.getByRole('article', { name: `Contact request from ${name}` });

  // From an enquiry's detail, the dialog names the address; Escape leaves everything as it was.
  const fromDetail = card(`${person} First`).getByRole('button', { name: "Erase this person's data…" });
  await fromDetail.click();
  const dialog = page.getByRole('dialog', { name: "Erase this person's data?" });
  await expect(dialog).toContainText(
    `The 2 enquiries from ${email} will be deleted, with their notes, calls, activity and alerts. This cannot be undone.`,
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // The rest of the desk has its own axe test (admin-desk.spec.ts).
  await expectNoAxeViolations(page, 'dialog[open]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(fromDetail).toBeFocused();

  // From the toolbar: the address is checked before anything is asked.
  const toggle = panel.getByRole('button', { name: "Erase a person's data" });
  await toggle.click();
  const form = panel.getByRole('form', { name: "Erase a person's data" });
  const field = form.getByLabel('E-mail address');
  await expect(field).toBeFocused();
  await expectNoAxeViolations(page, `#${await form.getAttribute('id')}`);
  await field.fill('not an address');
  await form.getByRole('button', { name: 'Erase…' }).click();
  await expect(form).toContainText('Please enter a valid email address');
  await expect(dialog).toBeHidden();
  // Escape leaves the form, and it forgets what was typed.
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(toggle).toBeFocused();
  await toggle.click();
  await expect(field).toHaveValue('');
  await expect(form).not.toContainText('Please enter a valid email address');

  // A failure says so and keeps what was typed.
  await field.fill(email);
  await failApi(page, '**/api/contact-requests/erase', 'POST');
  await form.getByRole('button', { name: 'Erase…' }).click();
  await dialog.getByRole('button', { name: 'Erase data' }).click();
  await expectToast(page, 'Error', 'Failed to erase contact requests');
  await expect(field).toHaveValue(email);
  await expect(card(`${person} Second`)).toBeVisible();

  await page.unroute('**/api/contact-requests/erase');
  await form.getByRole('button', { name: 'Erase…' }).click();
  await dialog.getByRole('button', { name: 'Erase data' }).click();
  await expectToast(page, 'Success', '2 contact requests erased successfully');
  // Both go, the one whose detail was open too; someone else's enquiry stays.
  await expect(card(`${person} First`)).toHaveCount(0);
  await expect(card(`${person} Second`)).toHaveCount(0);
  await expect(card(`${other} Kept`)).toBeVisible();
  await expect(toggle).toBeFocused();

  // Asked again, nothing is left to erase, and the desk says so.
  await toggle.click();
  await field.fill(email);
  await form.getByRole('button', { name: 'Erase…' }).click();
  await expect(dialog).toContainText(`No enquiry from ${email} is stored now`);
  await dialog.getByRole('button', { name: 'Erase data' }).click();
  await expectToast(page, 'Success', 'Nothing was stored for that address: no contact requests erased');

  // The audit says that an erasure happened and who did it, never whose.
  const audit = (await (await page.request.get('/api/audit?limit=100')).json()) as AuditPage;
  expect(
    audit.entries.filter((entry) => entry.action === 'enquiry.erase' && entry.by === STAFF.username).slice(0, 2),
  ).toEqual([expect.objectContaining({ target: '0 enquiries' }), expect.objectContaining({ target: '2 enquiries' })]);
  expect(JSON.stringify(audit).toLowerCase()).not.toContain(id);
});
