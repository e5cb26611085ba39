/**
 * Money that reaches the right account (issue 33), end to end: a seller on a 375 px phone with
 * JavaScript off enters their bank details on /matter/ after signing in from the e-mailed
 * link; one member of staff records the call-back on the Matters tab (the number on the
 * enquiry), another approves; the seller then changes them, and both principals and the seller
 * are e-mailed at once, without the digits. Desktop staff, a phone client.
 */
import { expect } from '@playwright/test';
import { PAYOUT_SAVED } from '#server/pages/payout-section.tsx';
import { aSecondPrincipal, expectToast, ok, unique } from './admin-helpers.ts';
import { signIn, test } from './fixtures.ts';
import { waitForMail } from './mailbox.ts';
import { verifiedEnquiry } from './matter-helpers.ts';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;
const sydneyToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
const DIGITS = /112.?879|4455.?6677|062.?000|1020.?3040/;

test('a seller’s bank details: entered without JavaScript, called back by one, approved by another, and a change told to everyone', async ({
  page,
  browser,
}) => {
  // A whole matter from enquiry to verified client, then three people and a phone.
  test.setTimeout(240_000);
  const firstName = `Sel${unique()}`;
  const email = `${firstName.toLowerCase()}@example.com`;
  await signIn(page);
  const caller = `caller-${unique()}@example-conveyancing.com.au`;
  await ok(await page.request.put('/api/user/email', { data: { email: caller } }));
  const { approver, context: approverContext } = await aSecondPrincipal(page, browser, 'e2e-payout');
  const second = `approver-${unique()}@example-conveyancing.com.au`;
  await ok(await approver.request.put('/api/user/email', { data: { email: second } }));

  const helper = await browser.newContext();
  const enquiryId = await verifiedEnquiry(page, helper.request, {
    firstName,
    lastName: 'Payout',
    email,
    propertyAddress: '9 Proceeds Place, Kellyville NSW 2155',
  });
  await helper.close();
  const opened = await page.request.post(`/api/contact-requests/${enquiryId}/matter`, {
    data: { side: 'sale', propertyType: 'established', contractDate: sydneyToday() },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { id: matterId } = (await opened.json()) as { id: string };

  // The seller, on a phone with scripts off.
  const client = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const phone = await client.newPage();
  await phone.goto('/matter/');
  await phone.getByLabel('Your e-mail address').fill(email);
  await phone.getByRole('button', { name: 'Send me a sign-in link' }).click();
  const mail = await waitForMail(email, (message) => message.subject.startsWith('Your sign-in link'));
  await phone.goto(/https?:\/\/\S+\/matter\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0]);
  const matter = phone.getByTestId('client-matter');
  await matter.getByLabel('Account name').fill(`${firstName} Payout`);
  await matter.getByLabel('BSB').fill('112-879');
  await matter.getByLabel('Account number').fill('4455 6677');
  await matter.getByRole('button', { name: 'Save my bank details' }).click();
  await expect(phone.getByTestId('client-matter').getByRole('status')).toHaveText(PAYOUT_SAVED);
  await expect(phone.getByTestId('payout-current')).toContainText('account ending 677');

  // One member of staff calls back on the enquiry's number and records it.
  await page.goto(`/admin/?tab=matters&matter=${matterId}`);
  const panel = page.getByTestId('payout-panel');
  await expect(page.getByTestId('payout-queue-item').filter({ hasText: firstName })).toBeVisible();
  await expect(panel.getByTestId('payout-status')).toHaveText('Waiting for the call-back');
  await panel.getByLabel('Number you rang').fill('(02) 5550 0177');
  await panel.getByLabel('The bank’s payee check').selectOption('match');
  await panel.getByLabel(/I read the account name, BSB and number back/).check();
  await panel.getByRole('button', { name: 'Record the call-back' }).click();
  await expectToast(page, 'Success', 'Call-back recorded: another person approves next');
  await expect(panel.getByTestId('payout-next')).toContainText('Waiting for another person');
  await expect(panel.getByRole('button', { name: 'Approve these bank details' })).toHaveCount(0);

  // Another approves.
  await approver.goto(`/admin/?tab=matters&matter=${matterId}`);
  const theirs = approver.getByTestId('payout-panel');
  await theirs.getByRole('button', { name: 'Approve these bank details' }).click();
  await expectToast(approver, 'Success', 'Bank details approved');
  await expect(theirs.getByTestId('payout-status')).toHaveText('Approved');

  // The seller changes them: everyone hears of it at once, and the state starts again.
  await matter.getByLabel('Account name').fill(`${firstName} Payout`);
  await matter.getByLabel('BSB').fill('062 000');
  await matter.getByLabel('Account number').fill('1020 3040');
  await matter.getByRole('button', { name: 'Change my bank details' }).click();
  await expect(phone.getByTestId('client-matter').getByRole('status')).toHaveText(PAYOUT_SAVED);
  const changed = (message: { subject: string }) =>
    message.subject.startsWith('Changed bank details for the matter of');
  for (const principal of [caller, second]) {
    const notice = await waitForMail(principal, changed);
    expect(notice.text).toContain(matterId);
    expect(`${notice.subject}\n${notice.text}`).not.toMatch(DIGITS);
  }
  const told = await waitForMail(
    email,
    (message) => message.subject === 'Your bank details for this matter were changed',
  );
  expect(told.text).toMatch(
    /Your bank details for this matter were changed on .+ If this was not you, call us now on /,
  );
  expect(told.text).not.toMatch(DIGITS);
  await page.goto(`/admin/?tab=matters&matter=${matterId}`);
  await expect(page.getByTestId('payout-panel').getByTestId('payout-status')).toHaveText('Waiting for the call-back');
  await page
    .getByTestId('payout-panel')
    .getByText(/^History/)
    .click();
  await expect(page.getByTestId('payout-version')).toHaveCount(2);
  await client.close();
  await approverContext.close();
});
