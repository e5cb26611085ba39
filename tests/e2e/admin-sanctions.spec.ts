/**
 * A possible sanctions match on the desk (issue 31, "A sanctions match stops the work until it
 * is resolved"): verification with a possible match is refused and the match shows in the
 * Due diligence panel with the form that resolves it; the seeded principal records a false
 * positive with the evidence; once another principal rates it, Approve is disabled for the
 * resolver with the reason beside it, and a second principal approves it. Axe on each step. Desktop only: nothing here
 * depends on the width.
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { SANCTIONS_RESOLVER_CANNOT_APPROVE } from '#src/shared/states/due-diligence.ts';
import { aSecondPrincipal, approveWithNote, expectNoAxeViolations, expectToast, ok, unique } from './admin-helpers.ts';
import { signIn, test } from './fixtures.ts';
import { acceptedEngagement, individual, submitDueDiligence } from './matter-helpers.ts';

test.describe.configure({ mode: 'serial' });

const firstName = `Sana${unique()}`;
const lastName = 'Sanctions';
const fullName = `${firstName} ${lastName}`;
const EVIDENCE = 'The listed person was born in 1950 in another country; the client in 1981 (passport sighted)';
let enquiryId: string;
/** The resolver: the seeded principal. */
let page: Page;
/** The second principal, who approves. */
let approver: Page;
/** A third principal, who rates it (so the resolver's refusal is the one shown). */
let rater: Page;

const verification = (rating: 'low' | 'high') => ({
  verification: [
    {
      party: '0',
      method: 'in-person',
      documents: [{ type: 'Passport', issuer: 'Australia', last4: '7788', expiry: '2031-05-31' }],
      sanctionsCheckedAt: '2026-11-20',
      sanctionsResult: 'possible-match',
      pepResult: 'not-pep',
    },
  ],
  risk: { rating, reason: 'Funds from savings; the possible match is a false positive' },
});

const version = async (on: Page) =>
  ((await (await on.request.get(`/api/contact-requests/${enquiryId}/cdd`)).json()) as { version: number }).version;

async function openedPanel(on: Page): Promise<Locator> {
  await on.goto(`/admin/?enquiry=${enquiryId}`);
  const card = on.getByRole('article', { name: `Contact request from ${fullName}` });
  const panel = card.getByRole('region', { name: 'Due diligence', exact: true });
  await panel.getByRole('button', { name: "Show the client's details" }).click();
  await expect(panel.getByRole('heading', { name: 'Possible sanctions matches' })).toBeVisible();
  return panel;
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  page = await (await browser.newContext()).newPage();
  await signIn(page);
  const client = await browser.newContext();
  const person = {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@example.com`,
    propertyAddress: '3 Listed Lane, Kellyville NSW 2155',
  };
  const { id, token } = await acceptedEngagement(page, client.request, person);
  enquiryId = id;
  await submitDueDiligence(client.request, token, [
    { type: 'individual', ...individual(fullName, '1981-03-14', person) },
  ]);
  await client.close();
  // Verification with a possible match is refused, naming the individual: the match is recorded.
  const stopped = await page.request.post(`/api/contact-requests/${id}/cdd/verify`, {
    data: { ...verification('low'), version: await version(page) },
  });
  expect(stopped.status(), await stopped.text()).toBe(409);
  expect(((await stopped.json()) as { error: string }).error).toContain(`parties.0 (${fullName})`);
  ({ approver } = await aSecondPrincipal(page, browser, 'e2e-sanctions'));
  ({ approver: rater } = await aSecondPrincipal(page, browser, 'e2e-rater'));
});

test('a principal resolves the possible match as a false positive in the panel', async () => {
  const panel = await openedPanel(page);
  await expect(panel.getByTestId('sanctions-matches')).toContainText('Not resolved: do not act.');
  const form = panel.getByTestId('sanctions-resolution');
  await expectNoAxeViolations(page, '[data-testid="cdd-panel"]');

  // Nothing chosen: the form says what is missing.
  await form.getByRole('button', { name: 'Record the resolution' }).click();
  await expect(form.getByText('Please choose false positive or true match')).toBeVisible();
  await form.getByRole('radio', { name: 'False positive: not the listed person' }).check();
  await form.getByLabel(/^Evidence: what distinguishes the client/).fill(EVIDENCE);
  await form.getByRole('button', { name: 'Record the resolution' }).click();
  await expectToast(page, 'Success', /False positive recorded/);
  await expect(panel.getByTestId('sanctions-resolution')).toHaveCount(0);
  await expect(panel.getByTestId('sanctions-matches')).toContainText(`False positive: not the listed person`);
  await expect(panel.getByTestId('sanctions-matches')).toContainText(EVIDENCE);
});

test('rated after the false positive, it waits: the resolver cannot approve, a second principal does', async () => {
  // Rated low: the red flag no longer forces high, but a principal other than the resolver approves.
  await ok(
    await rater.request.post(`/api/contact-requests/${enquiryId}/cdd/verify`, {
      data: { ...verification('low'), version: await version(rater) },
    }),
  );
  const panel = await openedPanel(page);
  await expect(panel.getByTestId('cdd-status')).toHaveText('Awaiting a second approval');
  await expect(panel.getByRole('button', { name: 'Approve…', exact: true })).toBeDisabled();
  await expect(panel.getByTestId('approve-refusal')).toHaveText(SANCTIONS_RESOLVER_CANNOT_APPROVE);
  await expectNoAxeViolations(page, '[data-testid="cdd-panel"]');

  const other = await openedPanel(approver);
  await expect(other.getByTestId('sanctions-matches')).toContainText(EVIDENCE);
  await expect(other.getByRole('button', { name: 'Approve…', exact: true })).toBeEnabled();
  await approveWithNote(approver, other, 'Checked the list entry against the passport: a different person');
  await expect(other.getByTestId('cdd-status')).toHaveText('Verified');
  await expectNoAxeViolations(approver, '[data-testid="cdd-panel"]');
});
