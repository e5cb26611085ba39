/**
 * Issue 23's compliance journey, end to end: a client who acts through an attorney gives
 * their identity details and the attorney's through the identity page of their link; staff
 * screen both and find a possible sanctions match on the attorney, which stops the verification
 * until it is resolved as a false positive; staff rate it high with enhanced due diligence; a
 * second principal (another account) approves; and a suspicion about the matter is recorded
 * and its report recorded in the register. The enquiry and its accepted engagement come
 * through the API (not under test here); every new screen is checked with axe.
 */
import { expect, type Page } from '@playwright/test';
import {
  aSecondPrincipal,
  approveWithNote,
  expectNoAxeViolations,
  expectToast,
  openTab,
  unique,
} from './admin-helpers.ts';
import { signIn, test } from './fixtures.ts';
import { acceptedEngagement } from './matter-helpers.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { formatDate } from '#src/islands/admin/kit/format.ts';

const lastName = 'Agency';
const ATTORNEY = 'Wilhelmina Attorney';

async function fillPerson(
  group: ReturnType<Page['getByRole']>,
  person: { name: string; birth: string; address: string; phone: string; email: string },
) {
  await group.getByLabel('Full name').fill(person.name);
  await group.getByLabel('Date of birth').fill(person.birth);
  await group.getByLabel('Residential address').fill(person.address);
  await group.getByLabel('Phone').fill(person.phone);
  await group.getByLabel('E-mail').fill(person.email);
}

/** One individual's checks on the verification form. */
async function screen(group: ReturnType<Page['getByRole']>, last4: string, sanctionsResult: string) {
  await group.getByLabel('How the identity was verified').selectOption('in-person');
  await group.getByLabel('Type of document').fill('Passport');
  await group.getByLabel('Issuing country or state').fill('Australia');
  await group.getByLabel('Last 4 characters of the number').fill(last4);
  await group.getByLabel('Sanctions check (DFAT Consolidated List) on').fill('2026-11-20');
  await group.getByLabel('Sanctions result').selectOption(sanctionsResult);
  await group.getByLabel('Politically exposed person screening').selectOption('not-pep');
}

test('a client through an attorney: a possible match escalates, enhanced due diligence, a second principal approves, a suspicion is reported', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000); // four axe runs, two sign-ins and a new account, on a shared machine
  const firstName = `Aggie${unique()}`;
  const email = `${firstName.toLowerCase()}@example.com`;
  const fullName = `${firstName} ${lastName}`;
  await signIn(page);
  const clientContext = await browser.newContext();
  const { token } = await acceptedEngagement(page, clientContext.request, {
    firstName,
    lastName,
    email,
    propertyAddress: '8 Attorney Road, Castle Hill NSW 2154',
  });

  // The client, through their link's identity page: themselves, then the attorney acting for them.
  const client = await clientContext.newPage();
  await client.goto(`/engage/${token}/identity`);
  await fillPerson(client.getByRole('group', { name: 'Customer 1: an individual' }), {
    name: fullName,
    birth: '1941-02-11',
    address: '8 Attorney Road, Castle Hill NSW 2154',
    phone: '0412 000 188',
    email,
  });
  const acting = client.getByRole('group', { name: /^Is anyone acting on a customer’s behalf/ });
  await acting.getByLabel('Yes', { exact: true }).check();
  await acting
    .getByRole('group', { name: 'If yes: under what authority do they act?' })
    .getByLabel('Power of attorney', { exact: true })
    .check();
  await acting.getByLabel(/^If yes: details of the authority/).fill('Enduring power of attorney dated 1 March 2025');
  await fillPerson(acting.getByRole('group', { name: 'If yes: the person acting for the customer' }), {
    name: ATTORNEY,
    birth: '1968-07-21',
    address: '4 Attorney Lane, Katoomba NSW 2780',
    phone: '0411 222 333',
    email: 'wilhelmina@example.com',
  });
  for (const question of [
    /^Is any customer, owner or trustee a politically exposed person/,
    /^Is any customer a foreign person/,
  ]) {
    await client.getByRole('group', { name: question }).getByLabel('No', { exact: true }).check();
  }
  await client.getByLabel('A home to live in').check();
  await client.getByLabel('Savings', { exact: true }).check();
  await expectNoAxeViolations(client);
  await client.getByRole('button', { name: 'Submit for checking' }).click();
  await expect(client.getByRole('heading', { name: 'Submitted' })).toBeVisible();
  await clientContext.close();

  // Staff: the attorney and their authority in the panel, screened like a customer.
  await page.reload();
  const tab = await openTab(page, 'Contact Requests');
  const card = tab.getByRole('article', { name: `Contact request from ${fullName}` });
  await card.getByRole('button', { name: `Open enquiry: ${fullName}` }).click();
  const panel = card.getByRole('region', { name: 'Due diligence', exact: true });
  await panel.getByRole('button', { name: "Show the client's details" }).click();
  const agent = panel.getByRole('region', { name: 'Person acting for the customer' });
  await expect(agent).toContainText('Power of attorney');
  await expect(agent).toContainText('Enduring power of attorney dated 1 March 2025');
  await expect(agent).toContainText(ATTORNEY);
  const form = panel.getByRole('form', { name: 'Verify, screen and rate' });
  await screen(form.getByRole('group', { name: `Customer 1: ${fullName}` }), '1234', 'no-match');
  await screen(
    form.getByRole('group', { name: `Person acting for the customer (power of attorney): ${ATTORNEY}` }),
    '5678',
    'possible-match',
  );
  // A possible match on the attorney stops the verification until it is resolved: the server
  // records it, and the panel shows it with the form that resolves it.
  await form.getByLabel(/^Rating/).selectOption('low');
  await form.getByLabel('Reason for the rating').fill('Long-standing client; attorney is her daughter');
  await form.getByRole('button', { name: 'Record the verification' }).click();
  await expectToast(
    page,
    'Error',
    `A possible sanctions match for the person acting for the customer (${ATTORNEY}) is not resolved`,
  );
  await expect(panel.getByTestId('cdd-status')).toHaveText('Submitted');
  const resolution = panel.getByTestId('sanctions-resolution');
  await resolution.getByRole('radio', { name: 'False positive: not the listed person' }).check();
  await resolution
    .getByLabel(/^Evidence: what distinguishes the client/)
    .fill('Listed person born 1948 in another country; the attorney in 1972 (licence sighted)');
  await resolution.getByRole('button', { name: 'Record the resolution' }).click();
  await expectToast(page, 'Success', /False positive recorded/);
  await form.getByLabel(/^Rating/).selectOption('high');
  await form.getByLabel(/^Source of wealth/).fill('Retirement savings and the sale of the family home in 2020');
  await form.getByLabel(/^Source of funds/).fill('Term deposit held since the 2020 sale');
  await form.getByLabel(/^Enhanced due diligence notes/).fill('Name match ruled out on date of birth; principal told');
  await form.getByRole('button', { name: 'Record the verification' }).click();
  await expectToast(page, 'Success', 'Rated high risk: a second staff member must approve');
  await expect(panel.getByTestId('cdd-status')).toHaveText('Awaiting a second approval');
  await expectNoAxeViolations(page, '[data-testid="cdd-panel"]');

  // A second principal, another account, approves with a note.
  const { approver, context: theirs } = await aSecondPrincipal(page, browser, 'e2e-second');
  const theirTab = await openTab(approver, 'Contact Requests');
  const theirCard = theirTab.getByRole('article', { name: `Contact request from ${fullName}` });
  await theirCard.getByRole('button', { name: `Open enquiry: ${fullName}` }).click();
  const theirPanel = theirCard.getByRole('region', { name: 'Due diligence', exact: true });
  await theirPanel.getByRole('button', { name: "Show the client's details" }).click();
  await approveWithNote(approver, theirPanel, 'Name match ruled out on the date of birth');
  await expect(theirPanel.getByTestId('cdd-status')).toHaveText('Verified');
  await expect(
    theirPanel.getByText(/^High risk by e2e-.+; enhanced due diligence: .+; approved by e2e-second-/),
  ).toBeVisible();
  await theirs.close();

  // A suspicion about the matter, recorded from the enquiry, then reported from the register.
  await card.getByRole('button', { name: 'Record a suspicion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a suspicion' });
  await dialog.getByLabel('What the suspicion is about').selectOption('money-laundering');
  const grounds = `Attorney asked to pay the deposit in cash from a third party (${firstName})`;
  await dialog.getByLabel('Grounds').fill(grounds);
  await dialog.getByRole('button', { name: 'Record the suspicion' }).click();
  await expectToast(page, 'Success', /Suspicion recorded\. A principal must report it to AUSTRAC by/);
  const management = await openTab(page, 'Lead Management');
  const row = management
    .getByRole('region', { name: 'Suspicious matter register' })
    .getByTestId('suspicion-row')
    .filter({ hasText: grounds });
  await expect(row).toContainText('Report due');
  const today = sydneyToday();
  await row.getByLabel('Reported to AUSTRAC on').fill(today);
  await row.getByLabel('AUSTRAC reference').fill(`SMR-${firstName}`);
  await row.getByRole('button', { name: 'Record the report' }).click();
  await expectToast(page, 'Success', 'Report recorded');
  await expect(row).toContainText(`Reported on ${formatDate(today)}, reference SMR-${firstName}`);
  await expectNoAxeViolations(page);

  // The client's link answers as it did before the suspicion: verified, nothing more.
  const after = await page.request.get(`/api/engage/${token}/cdd`);
  expect(((await after.json()) as { status: string }).status).toBe('verified');
});
