/**
 * Ongoing due diligence on the desk: a matter verified (through the API) with a sanctions
 * check more than 90 days old is listed under "Due for re-screening" with its badge; its
 * panel says when it was last screened, and a member records a re-screen that finds a
 * possible match: the form asks for the enhanced due diligence only then, and the matter
 * goes back to awaiting a principal's approval, marked "Do not act". Axe-clean.
 */
import { expect } from '@playwright/test';
import { addCalendarDays, sydneyToday } from '#src/shared/sydney-time.ts';
import { formatDate } from '#src/islands/admin/kit/format.ts';
import { expectNoAxeViolations, expectToast, openTab, unique } from './admin-helpers.ts';
import { signIn, test } from './fixtures.ts';
import { verifiedEnquiry } from './matter-helpers.ts';

const lastName = 'Rescreen';

test('lists a matter due for re-screening and records a possible match, which goes back for approval', async ({
  page,
  browser,
}) => {
  const firstName = `Reese${unique()}`;
  const email = `${firstName.toLowerCase()}@example.com`;
  const screened = addCalendarDays(sydneyToday(), -120);
  await signIn(page);

  // Enquiry, engagement accepted, identity submitted and verified low risk, through the API.
  const client = await browser.newContext();
  await verifiedEnquiry(
    page,
    client.request,
    { firstName, lastName, email, propertyAddress: '8 Screen Street, Baulkham Hills NSW 2153' },
    screened,
  );
  await client.close();
  await page.reload();

  // The desk's filter lists it, with its badge.
  const tab = await openTab(page, 'Contact Requests');
  const filter = tab.getByRole('button', { name: 'Due for re-screening' });
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  const card = tab.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` });
  await expect(card.getByTestId('rescreen-due')).toHaveText('Re-screen due');

  await card.getByRole('button', { name: `Open enquiry: ${firstName} ${lastName}` }).click();
  const panel = card.getByRole('region', { name: 'Due diligence', exact: true });
  await expect(panel.getByTestId('cdd-screening')).toContainText(`Sanctions screening last done ${screened}`);
  await panel.getByRole('button', { name: "Show the client's details" }).click();
  const form = panel.getByRole('form', { name: 'Record a re-screen' });

  // Nothing chosen: each field says what it needs; no enhanced fields until a possible match.
  await form.getByRole('button', { name: 'Record the re-screen' }).click();
  await expect(form.getByText('Please enter the date of the sanctions check')).toBeVisible();
  await expect(form.getByText('Please record the result of the sanctions check')).toBeVisible();
  await expect(form.getByLabel(/^Source of wealth/)).toHaveCount(0);

  await form.getByLabel('Date of the sanctions check').fill(sydneyToday());
  await form.getByLabel('Result').selectOption('no-match');
  await expect(form.getByLabel(/^Source of wealth/)).toHaveCount(0);
  await form.getByLabel('Result').selectOption('possible-match');
  await form.getByRole('button', { name: 'Record the re-screen' }).click();
  await expect(form.getByText('Please record the customer’s source of wealth')).toBeVisible();
  // A possible match says whom it is about.
  await expect(form.getByText('Please say which individual the possible match is about')).toBeVisible();
  await form.getByLabel('Whom the possible match is about').selectOption({ index: 1 });
  await form.getByLabel(/^Source of wealth/).fill('Salary over fifteen years');
  await form.getByLabel(/^Source of funds/).fill('Savings account statements sighted');
  await form.getByLabel(/^Enhanced due diligence notes/).fill('Name resembles a listed person; birth date differs');
  await expectNoAxeViolations(page, '[data-testid="cdd-panel"]');
  await form.getByRole('button', { name: 'Record the re-screen' }).click();

  await expectToast(page, 'Success', 'Possible match recorded: the matter is on hold until the match is resolved');
  await expect(panel.getByTestId('cdd-status')).toHaveText('Awaiting a second approval');
  await expect(panel.getByTestId('cdd-pending')).toHaveText('Do not act: due diligence pending');
  await expect(panel.getByTestId('rescreen-history')).toContainText(
    `Checked ${formatDate(sydneyToday())}: Possible match`,
  );
  await expect(panel.getByRole('form', { name: 'Record a re-screen' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Approve…', exact: true })).toBeDisabled();
  // On hold: the match waits to be resolved in the panel.
  await expect(panel.getByTestId('sanctions-matches')).toContainText('Not resolved: do not act.');
  await expectNoAxeViolations(page, '[data-testid="cdd-panel"]');
});
