/**
 * The second person's approval and the end of a matter on the desk (issue 25, "Nobody is told
 * when the client acts"): the principal who rated a matter high sees Approve disabled with
 * the reason beside it; a second principal finds the matter under "Waiting for your
 * approval" (its own address, `?cdd=approval`), approves it in a dialog that takes a note
 * (required, focus kept in the dialog), and the note shows in the rating's history; closing
 * the matter asks first, then shows the closed state, read-only, with one kept-until date,
 * the same in the panel and the enquiry's detail. Axe on each step. Desktop only: nothing
 * here depends on the width (the panel is the same at 375 px, which admin-tabs checks).
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { retainUntil } from '#src/content/amlctf.ts';
import { formatDate } from '#src/islands/admin/kit/format.ts';
import { SECOND_APPROVER_REQUIRED } from '#src/shared/states/due-diligence.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { aSecondPrincipal, expectNoAxeViolations, expectToast, unique } from './admin-helpers.ts';
import { signIn, test } from './fixtures.ts';
import { verifiedEnquiry } from './matter-helpers.ts';

test.describe.configure({ mode: 'serial' });

const firstName = `Quin${unique()}`;
const lastName = 'Approvals';
const fullName = `${firstName} ${lastName}`;
let enquiryId: string;
/** The rater: the seeded principal. */
let page: Page;
/** The second principal. */
let approver: Page;

/** The enquiry's card, opened at its own address, and its Due diligence panel with the details shown. */
async function openedPanel(on: Page): Promise<{ card: Locator; panel: Locator }> {
  await on.goto(`/admin/?enquiry=${enquiryId}`);
  const card = on.getByRole('article', { name: `Contact request from ${fullName}` });
  const panel = card.getByRole('region', { name: 'Due diligence', exact: true });
  await panel.getByRole('button', { name: "Show the client's details" }).click();
  await expect(panel.getByRole('heading', { name: 'Verification' })).toBeVisible();
  return { card, panel };
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  page = await (await browser.newContext()).newPage();
  await signIn(page);
  const client = await browser.newContext();
  // Rated high by the seeded principal: waiting for someone else's approval.
  enquiryId = await verifiedEnquiry(
    page,
    client.request,
    {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.com`,
      propertyAddress: '7 Queue Lane, Kellyville NSW 2155',
    },
    '2026-11-20',
    'high',
  );
  await client.close();
  ({ approver } = await aSecondPrincipal(page, browser));
});

test('the rater sees Approve disabled with the reason beside it, and the rating not called verified', async () => {
  const { panel } = await openedPanel(page);
  await expect(panel.getByTestId('cdd-status')).toHaveText('Awaiting a second approval');
  const approve = panel.getByRole('button', { name: 'Approve…', exact: true });
  await expect(approve).toBeDisabled();
  await expect(panel.getByTestId('approve-refusal')).toHaveText(SECOND_APPROVER_REQUIRED);
  // The reason is the button's description, for a screen reader too.
  const reasonId = await panel.getByTestId('approve-refusal').getAttribute('id');
  await expect(approve).toHaveAttribute('aria-describedby', reasonId!);
  // Nobody has verified it yet: it was rated, and waits.
  await expect(panel.getByText('Verified by', { exact: true })).toHaveCount(0);
  await expect(panel.getByText('Rated by', { exact: true })).toBeVisible();
  await expect(panel.getByText(/^Waiting for a principal other than /)).toBeVisible();
  await expectNoAxeViolations(page, '[data-testid="cdd-panel"]');
});

test('a second principal finds it waiting for their approval and approves it with a note', async () => {
  const queue = approver.getByTestId('approval-queue');
  await expect(queue.getByRole('heading', { name: /^Waiting for your approval \(\d+\)$/ })).toBeVisible();
  await expectNoAxeViolations(approver, '[data-testid="approval-queue"]');

  // The filter has an address of its own, and lists the matter.
  const chip = approver.getByRole('button', { name: /^Waiting for your approval \(\d+\)$/ });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(approver).toHaveURL(/[?&]cdd=approval/);
  await approver.reload();
  await expect(approver.getByRole('button', { name: /^Waiting for your approval/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const listed = approver.getByRole('article', { name: `Contact request from ${fullName}` });
  await expect(listed).toBeVisible();

  // The queue's link opens the enquiry at its own address.
  await approver.getByTestId('approval-queue').getByRole('link', { name: fullName }).click();
  await expect(approver).toHaveURL(new RegExp(`[?&]enquiry=${enquiryId}`));
  const panel = listed.getByRole('region', { name: 'Due diligence', exact: true });
  await panel.getByRole('button', { name: "Show the client's details" }).click();

  // The dialog takes the note: focus starts in it, and a missing note keeps it there.
  await panel.getByRole('button', { name: 'Approve…', exact: true }).click();
  const dialog = approver.getByRole('dialog', { name: 'Approve this high risk rating?' });
  const note = dialog.getByLabel('Your note (kept with the approval)');
  await expect(note).toBeFocused();
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog.getByText('Please note why you approve this high risk rating')).toBeVisible();
  await expect(note).toBeFocused();
  await expectNoAxeViolations(approver, 'dialog[open]');
  await note.fill('Overseas bank statements sighted; monitor the deposit');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expectToast(approver, 'Success', 'Due diligence approved');
  await expect(dialog).toHaveCount(0);

  await expect(panel.getByTestId('cdd-status')).toHaveText('Verified');
  await expect(
    panel.getByText(/; approved by e2e-approver-.+, noting: Overseas bank statements sighted/),
  ).toBeVisible();
  // Approved, it waits for nobody (other specs' ratings may still be waiting beside it).
  await expect(approver.getByTestId('approval-queue').getByRole('link', { name: fullName })).toHaveCount(0);
  await expectNoAxeViolations(approver, '[data-testid="cdd-panel"]');
});

test('closing the matter asks first, then shows it closed, read-only, with one kept-until date', async () => {
  const { card, panel } = await openedPanel(approver);
  const ended = sydneyToday();
  await panel.getByLabel('Close the matter: the day the business relationship ended').fill(ended);
  await panel.getByRole('button', { name: 'Close the matter' }).click();
  const dialog = approver.getByRole('dialog', { name: 'Close this matter?' });
  await expect(dialog).toContainText(`kept until ${formatDate(retainUntil(ended))}`);
  // The safe answer has focus: Cancel closes nothing.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(approver, 'dialog[open]');
  await dialog.getByRole('button', { name: 'Close the matter' }).click();
  await expectToast(approver, 'Success', 'Matter closed');

  const closed = panel.getByTestId('cdd-closed');
  await expect(closed).toContainText(`Matter closed: the business relationship ended on ${formatDate(ended)}.`);
  const keptUntil = `Kept until ${formatDate(retainUntil(ended))} (AML/CTF Act 2006 s 111: 7 years after the matter closed).`;
  await expect(closed.getByTestId('cdd-retain-until')).toHaveText(keptUntil);
  // The one date, the same under the enquiry's activity; the privacy retention's does not apply.
  await expect(card.getByTestId('enquiry-kept-until')).toHaveText(keptUntil);
  await expect(card.getByText(/privacy retention/)).toHaveCount(0);
  // Read-only: nothing to close again, approve or re-screen.
  await expect(panel.getByLabel('Close the matter: the day the business relationship ended')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^(Approve…|Reject…|Record the re-screen)$/ })).toHaveCount(0);
  await expectNoAxeViolations(approver, '[data-testid="cdd-panel"]');
});
