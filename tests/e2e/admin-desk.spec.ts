/**
 * The lead desk on the Contact Requests tab, through the real server: the pipeline, and the
 * enquiry an alert links to. Axe with an enquiry open, and Lead Management's metrics above its
 * guide, are checked in admin-tabs.spec.ts's run over every tab; the lost reason, the status
 * chips, the search, Refresh and the export link are tests/components/admin/desk/
 * enquiries-tab.test.tsx's, what the server filters and exports tests/functions/desk/'s.
 */
import { expect, type Page } from '@playwright/test';
import { signIn, STAFF, test } from './fixtures.ts';
import { createEnquiry, expectToast, openTab, unique } from './admin-helpers.ts';

const lastName = 'Desk';
let firstName: string;

const item = (page: Page, name = firstName) =>
  page.getByRole('article', { name: `Contact request from ${name} ${lastName}` });

/** A new enquiry of this test's own, and the admin open on it. */
async function enquiryAndAdmin(page: Page) {
  firstName = `Dana${unique()}`;
  await createEnquiry(page.request, firstName, lastName);
  await signIn(page);
}

test.describe('admin: lead desk', () => {
  // Before the hook, so the phone project skips the enquiry and the sign-in as well.
  test.beforeEach(async ({ page }) => enquiryAndAdmin(page));

  test('moves an enquiry through the pipeline with notes, a logged call and an assignee', async ({ page }) => {
    // A colleague to hand the enquiry to: the picker lists every member of staff.
    const colleague = `e2e-colleague-${unique()}`;
    expect(
      (
        await page.request.post('/api/staff', { data: { username: colleague, password: 'initial-password-e2e' } })
      ).status(),
    ).toBe(201);
    await openTab(page, 'Contact Requests');
    const card = item(page);
    await expect(card.getByTestId('enquiry-status')).toHaveText('New');
    await expect(card.getByTestId('enquiry-age')).toContainText('Waiting');

    await card.getByRole('button', { name: `Open enquiry: ${firstName} ${lastName}` }).click();
    const desk = card.getByRole('region', { name: `Desk for ${firstName} ${lastName}` });
    await expect(desk.getByText('Enquiry received through the website')).toBeVisible();

    await desk.getByLabel('Note', { exact: true }).fill('Prefers a call after 5 pm');
    await desk.getByRole('button', { name: 'Add note' }).click();
    await expectToast(page, 'Success', 'Note added');
    await expect(desk.getByText('Prefers a call after 5 pm')).toBeVisible();

    await desk.getByLabel('Note', { exact: true }).fill('No answer, left a voicemail');
    await desk.getByRole('button', { name: 'Log call' }).click();
    await expect(desk.getByText('Call: No answer, left a voicemail')).toBeVisible();

    // Each change right after the last one: the list and the detail hold the saved version.
    await desk.getByLabel('Status').selectOption('contacted');
    await expectToast(page, 'Success', 'Enquiry updated');
    await expect(card.getByTestId('enquiry-status')).toHaveText('Contacted');
    await expect(card.getByTestId('enquiry-age')).toHaveCount(0);
    await expect(desk.getByText('Status New → Contacted')).toBeVisible();

    await desk.getByLabel('Assignee').selectOption(STAFF.username);
    await expect(card.getByText(`Assigned to ${STAFF.username}`).first()).toBeVisible();
    await desk.getByLabel('Assignee').selectOption(colleague);
    await expect(card.getByText(`Assigned to ${colleague}`).first()).toBeVisible();
    await desk.getByLabel('Status').selectOption('quoted');
    await expect(card.getByTestId('enquiry-status')).toHaveText('Quoted');
    await expect(page.getByTestId('toast').filter({ hasText: /changed this enquiry/ })).toHaveCount(0);
  });

  test('opens the enquiry an alert links to', async ({ page }) => {
    const list = await page.request.get(`/api/contact-requests?q=${firstName}`);
    const [found] = (await list.json()) as { id: string }[];
    const id = found!.id;
    await page.goto(`/admin?enquiry=${id}`);
    const card = item(page);
    const desk = card.getByRole('region', { name: `Desk for ${firstName} ${lastName}` });
    await expect(desk.getByLabel('Status')).toHaveValue('new');
    await expect(card).toBeInViewport();
  });
});
