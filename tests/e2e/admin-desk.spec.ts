/** The lead desk on the Contact Requests tab, and the metrics on Lead Management. */
import { expect, type Page } from '@playwright/test';
import { signIn, STAFF, test } from './fixtures.ts';
import { createEnquiry, expectNoAxeViolations, expectToast, openTab, unique } from './admin-helpers.ts';

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

  test('marks an enquiry lost with a reason and filters by status', async ({ page }) => {
    const panel = await openTab(page, 'Contact Requests');
    const card = item(page);
    await card.getByRole('button', { name: `Open enquiry: ${firstName} ${lastName}` }).click();
    const desk = card.getByRole('region', { name: `Desk for ${firstName} ${lastName}` });
    await desk.getByLabel('Status').selectOption('lost');
    await desk.getByLabel('Why was it lost?').fill('Chose another firm');
    await desk.getByRole('button', { name: 'Mark as lost' }).click();
    await expect(card.getByTestId('enquiry-status')).toHaveText('Lost');
    await expect(card).toContainText('Chose another firm');

    // Filter: the enquiry shows under Lost, not under New.
    await panel.getByRole('button', { name: /^Lost/ }).click();
    await expect(item(page)).toBeVisible();
    await panel.getByRole('button', { name: /^New/ }).click();
    await expect(item(page)).toHaveCount(0);
    await panel.getByRole('button', { name: /^All/ }).click();
    await expect(item(page)).toBeVisible();
  });

  test('searches, exports and refreshes', async ({ page }) => {
    const panel = await openTab(page, 'Contact Requests');
    const other = `Eli${unique()}`;
    await createEnquiry(page.request, other, lastName);
    // Nothing polls: the new enquiry appears when staff refresh.
    await expect(item(page, other)).toHaveCount(0);
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect(item(page, other)).toBeVisible();

    await panel.getByLabel('Search name, e-mail or phone').fill(firstName.toUpperCase());
    await panel.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(item(page)).toBeVisible();
    await expect(item(page, other)).toHaveCount(0);

    const exportLink = panel.getByRole('link', { name: 'Export CSV' });
    await expect(exportLink).toHaveAttribute('href', `/api/contact-requests/export.csv?q=${firstName.toUpperCase()}`);
    const csv = await page.request.get((await exportLink.getAttribute('href'))!);
    expect(csv.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(await csv.text()).toContain(`${firstName},${lastName}`);
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

/** The desk at both widths: axe with an enquiry open, and the metrics above the guide. */
test.describe('admin: lead desk at every width', () => {
  test.beforeEach(async ({ page }) => enquiryAndAdmin(page));

  test('the desk passes axe with an enquiry open', { tag: '@phone' }, async ({ page }) => {
    await openTab(page, 'Contact Requests');
    await item(page)
      .getByRole('button', { name: `Open enquiry: ${firstName} ${lastName}` })
      .click();
    await expect(item(page).getByText('Enquiry received through the website')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('Lead Management opens with the metrics above the guide', { tag: '@phone' }, async ({ page }) => {
    const panel = await openTab(page, 'Lead Management');
    const metrics = panel.getByTestId('lead-metrics');
    await expect(metrics.getByRole('heading', { name: 'Last 30 days' })).toBeVisible();
    await expect(metrics.getByRole('heading', { name: 'Last 90 days' })).toBeVisible();
    await expect(metrics).toContainText('Median first call (target 5 min)');
    await expect(metrics).toContainText('Conversion (target 30%)');
    const guide = panel.getByRole('heading', { name: 'Lead Management Guide' });
    const metricsBox = await metrics.boundingBox();
    const guideBox = await guide.boundingBox();
    expect(metricsBox!.y).toBeLessThan(guideBox!.y);
    await expectNoAxeViolations(page);
  });
});
