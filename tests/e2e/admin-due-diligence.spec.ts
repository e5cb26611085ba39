/**
 * Due diligence on the desk, end to end: an enquiry's engagement is sent and accepted through
 * the real API, with the link read from the e-mail the local SMTP server kept; the client
 * gives an individual and a company with one 25% owner through the engagement link's API and
 * submits. Staff see "Do not act", verify both individuals, rate high, see their own
 * approval disabled with the reason (the server answers 403), and a second principal
 * approves with a note: the badge goes.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  aSecondPrincipal,
  approveWithNote,
  expectNoAxeViolations,
  expectToast,
  ok,
  openTab,
  unique,
} from './admin-helpers.ts';
import { SECOND_APPROVER_REQUIRED } from '#src/shared/states/due-diligence.ts';
import { signIn, test } from './fixtures.ts';
import { acceptedEngagement, individual, submitDueDiligence } from './matter-helpers.ts';
import { retainUntil } from '#src/content/amlctf.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { formatDate } from '#src/islands/admin/kit/format.ts';

const lastName = 'Diligence';

/** An instructed enquiry with a submitted due diligence (an individual and a company with one owner). */
async function submittedEnquiry(page: Page, client: APIRequestContext, firstName: string, email: string) {
  const person = { firstName, lastName, email, propertyAddress: '5 Check Street, Castle Hill NSW 2154' };
  const { id, token } = await acceptedEngagement(page, client, person, { price: 820_000 });
  await submitDueDiligence(
    client,
    token,
    [
      { type: 'individual', ...individual(`${firstName} ${lastName}`, '1979-06-15', person) },
      {
        type: 'company',
        name: `${firstName} Holdings Pty Ltd`,
        acnOrAbn: '123 456 789',
        registeredAddress: '1 George St, Sydney NSW 2000',
        principalPlace: '1 George St, Sydney NSW 2000',
        directors: [`Olive ${lastName}`],
        owners: [individual(`Olive ${lastName}`, '1970-02-01', person)],
      },
    ],
    [{ kind: 'savings' }, { kind: 'loan', lender: 'Example Bank' }],
  );
  return id;
}

/** The enquiry's card on the desk, opened, and its Due diligence panel. */
async function openCard(page: Page, firstName: string): Promise<{ card: Locator; panel: Locator }> {
  const tab = await openTab(page, 'Contact Requests');
  const card = tab.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` });
  await card.getByRole('button', { name: `Open enquiry: ${firstName} ${lastName}` }).click();
  const panel = card.getByRole('region', { name: 'Due diligence', exact: true });
  await expect(panel).toBeVisible();
  return { card, panel };
}

async function verifyIndividual(form: Locator, legend: RegExp, last4: string) {
  const section = form.getByRole('group', { name: legend });
  await section.getByLabel('How the identity was verified').selectOption('in-person');
  await section.getByLabel('Type of document').fill('Passport');
  await section.getByLabel('Issuing country or state').fill('Australia');
  await section.getByLabel('Last 4 characters of the number').fill(last4);
  await section.getByLabel('Expiry date (if any)').fill('2031-05-31');
  await section.getByLabel('Sanctions check (DFAT Consolidated List) on').fill('2026-11-20');
  await section.getByLabel('Sanctions result').selectOption('no-match');
  await section.getByLabel('Politically exposed person screening').selectOption('not-pep');
}

test('verifies an individual and a company’s owner, rates high, and a second principal approves', async ({
  page,
  browser,
}) => {
  // A journey of several accounts and pages: 40–60 s on a loaded 2-core machine (decision 050).
  test.slow();
  const firstName = `Dana${unique()}`;
  const email = `${firstName.toLowerCase()}@example.com`;
  await signIn(page);
  const clientContext = await browser.newContext();
  const enquiryId = await submittedEnquiry(page, clientContext.request, firstName, email);
  await clientContext.close();
  // The desk read its list at sign-in, before the client accepted.
  await page.reload();

  // Instructed, not verified: do not act, in the list and through the filter.
  const tab = await openTab(page, 'Contact Requests');
  const listed = tab.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` });
  await expect(listed.getByTestId('cdd-pending')).toHaveText('Do not act: due diligence pending');
  await tab.getByRole('button', { name: 'Due diligence pending' }).click();
  await expect(tab.getByRole('button', { name: 'Due diligence pending' })).toHaveAttribute('aria-pressed', 'true');
  await expect(listed).toBeVisible();

  const { panel } = await openCard(page, firstName);
  await expect(panel.getByTestId('cdd-status')).toHaveText('Submitted');
  await panel.getByRole('button', { name: "Show the client's details" }).click();
  await expect(panel.getByText(`${firstName} Holdings Pty Ltd`, { exact: true })).toBeVisible();
  // Several sources of funds, each with its lender.
  await expect(panel.getByText('Savings; A loan: Example Bank', { exact: true })).toBeVisible();
  const form = panel.getByRole('form', { name: 'Verify, screen and rate' });

  // A full document number is refused, under its field, before anything is sent.
  await verifyIndividual(form, /^Customer 1: /, '12345678');
  await verifyIndividual(form, /^Customer 2 \(company\), owner 1: /, '9876');
  await form.getByLabel(/^Rating/).selectOption('high');
  await form.getByLabel('Reason for the rating').fill('Funds through a company; first matter with us');
  await form.getByRole('button', { name: 'Record the verification' }).click();
  const first = form.getByRole('group', { name: /^Customer 1: / }).getByLabel('Last 4 characters of the number');
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('the full number is never kept')).toBeVisible();
  await first.fill('5678');
  // A high rating asks for enhanced due diligence.
  await form.getByLabel(/^Source of wealth/).fill('Salary and the sale of a previous home');
  await form.getByLabel(/^Source of funds/).fill('Savings and a bank loan');
  await form.getByLabel(/^Enhanced due diligence notes/).fill('Loan approval letter sighted');
  await form.getByRole('button', { name: 'Record the verification' }).click();
  await expectToast(page, 'Success', 'Rated high risk: a second staff member must approve');
  await expect(panel.getByTestId('cdd-status')).toHaveText('Awaiting a second approval');
  await expect(panel.getByRole('heading', { name: 'Due diligence' })).toBeFocused();

  // The rater is not offered their own approval, and the server refuses it (403).
  await expect(panel.getByText(/: a principal other than .+ must approve it\.$/)).toBeVisible();
  // The rater sees Approve disabled, with the reason beside it; the server refuses it too.
  await expect(panel.getByRole('button', { name: 'Approve…', exact: true })).toBeDisabled();
  await expect(panel.getByTestId('approve-refusal')).toHaveText(SECOND_APPROVER_REQUIRED);
  await ok(await page.request.post(`/api/contact-requests/${enquiryId}/cdd/approve`), 403);
  await expect(panel.getByTestId('cdd-pending')).toBeVisible();
  await expectNoAxeViolations(page, '[data-testid="cdd-panel"]');

  // A second principal, another account, with their own password.
  const { approver, context: theirs } = await aSecondPrincipal(page, browser);

  const second = await openCard(approver, firstName);
  await second.panel.getByRole('button', { name: "Show the client's details" }).click();
  await approveWithNote(approver, second.panel, 'Company extract and owner’s ID sighted');
  await expect(second.panel.getByTestId('cdd-status')).toHaveText('Verified');
  await expect(second.card.getByTestId('cdd-pending')).toHaveCount(0);
  await expect(second.panel.getByText('Approved by', { exact: true })).toBeVisible();
  // The rating stays on record with who gave it and who approved it.
  await expect(
    second.panel.getByText(/^High risk by e2e-.+; approved by e2e-approver-.+, noting: Company extract/),
  ).toBeVisible();
  await expectNoAxeViolations(approver, '[data-testid="cdd-panel"]');

  // The first member's desk, opened afresh (not at the enquiry's own address, which keeps it
  // on screen whatever the filter): verified, no badge, and no longer under the filter.
  await page.goto('/admin/');
  const again = await openTab(page, 'Contact Requests');
  await expect(again.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` })).toBeVisible();
  await expect(
    again.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` }).getByTestId('cdd-pending'),
  ).toHaveCount(0);
  await again.getByRole('button', { name: 'Due diligence pending' }).click();
  await expect(again.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` })).toHaveCount(0);
  await theirs.close();

  // The matter ends: the records are kept 7 years from that day, even through a Privacy Act erasure.
  await again.getByRole('button', { name: 'Due diligence pending' }).click();
  const { panel: closing } = await openCard(page, firstName);
  // Today: the relationship cannot have ended before the enquiry arrived.
  const ended = sydneyToday();
  await closing.getByLabel('Close the matter: the day the business relationship ended').fill(ended);
  await closing.getByRole('button', { name: 'Close the matter' }).click();
  await page
    .getByRole('dialog', { name: 'Close this matter?' })
    .getByRole('button', { name: 'Close the matter' })
    .click();
  await expect(closing.getByTestId('cdd-retain-until')).toContainText(`Kept until ${formatDate(retainUntil(ended))}`);

  await again.getByRole('button', { name: "Erase a person's data" }).click();
  await again.getByLabel('E-mail address').fill(email);
  await again.getByRole('button', { name: 'Erase…' }).click();
  await page
    .getByRole('dialog', { name: "Erase this person's data?" })
    .getByRole('button', { name: 'Erase data' })
    .click();
  const kept = again.getByTestId('erasure-kept');
  await expect(kept).toContainText('One enquiry was kept');
  await expect(kept).toContainText(`kept under the AML/CTF Act 2006 s 111 until ${formatDate(retainUntil(ended))}`);
  await expect(again.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` })).toBeVisible();
});
