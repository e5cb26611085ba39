/**
 * The client's matter on the staff side, end to end: staff open a matter from a verified
 * client's enquiry with the contract date, the Matters tab lists it with its next deadline,
 * its page shows the deadlines worked out from the rules with their basis, staff confirm one
 * and tick "Contracts exchanged" with a note, and the client's e-mail arrives, ending with
 * the bank-details warning. The client's update request (sent through the API with their own
 * session) waits on the tab; staff answer it with a reply the client is e-mailed, and it stops
 * waiting. Axe-clean on the enquiry's panel and the Matters tab.
 */
import { expect } from '@playwright/test';
import { expectNoAxeViolations, expectToast, openTab, unique } from './admin-helpers.ts';
import { signIn, test } from './fixtures.ts';
import { waitForMail } from './mailbox.ts';
import { verifiedEnquiry } from './matter-helpers.ts';

test('opens a matter for a verified client, confirms a deadline and ticks exchange; the client is e-mailed', async ({
  page,
  browser,
}) => {
  // A journey of several accounts and pages: 40–60 s on a loaded 2-core machine (decision 050).
  test.slow();
  const firstName = `Mat${unique()}`;
  const lastName = 'Ter';
  const email = `${firstName.toLowerCase()}@example.com`;
  await signIn(page);
  const clientContext = await browser.newContext();
  await verifiedEnquiry(page, clientContext.request, {
    firstName,
    lastName,
    email,
    propertyAddress: '12 Deadline Road, Kellyville NSW 2155',
  });
  await page.reload();

  const desk = await openTab(page, 'Contact Requests');
  const card = desk.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` });
  await card.getByRole('button', { name: `Open enquiry: ${firstName} ${lastName}` }).click();
  const panel = card.getByRole('region', { name: "The client's matter" });
  await expect(panel.getByRole('button', { name: 'Open a matter' })).toBeVisible();
  await expectNoAxeViolations(page);
  await panel.getByLabel('Side').selectOption('purchase');
  await panel.getByLabel('Property type').selectOption('established');
  await panel.getByLabel('Contract date (if exchanged)').fill('2026-11-25');
  await panel.getByRole('button', { name: 'Open a matter' }).click();

  // The portal opens on the Matters tab with the new matter.
  await expect(page).toHaveURL(/\/admin\/\?matter=/);
  await expectToast(page, 'Success', 'Matter opened');
  const tab = page.getByRole('tabpanel', { name: 'Matters' });
  await expect(page.getByRole('tab', { name: 'Matters' })).toHaveAttribute('aria-selected', 'true');
  const row = tab.getByTestId('matter-row').filter({ hasText: `${firstName} ${lastName}` });
  await expect(row).toContainText('12 Deadline Road, Kellyville NSW 2155');
  const matter = tab.getByRole('region', { name: `${firstName} ${lastName}: purchase` });
  const deadlines = matter.getByTestId('matter-deadline');
  await expect(deadlines.filter({ hasText: 'Cooling-off period ends' })).toContainText(/Wed,? 2 Dec 2026, 5:00 pm/);
  await expect(deadlines.filter({ hasText: 'Cooling-off period ends' })).toContainText('s 66S');
  const settlement = deadlines.filter({ hasText: /^Settlement/ });
  await expect(settlement).toContainText(/Wed,? 6 Jan 2027/);
  await expect(settlement).toContainText('Estimate');
  await expectNoAxeViolations(page);

  await settlement.getByRole('button', { name: 'Confirm settlement' }).click();
  await expectToast(page, 'Success', 'Settlement: confirmed');
  await expect(settlement).toContainText('Confirmed');

  // The client asks for an update with their own session (their page is client-matter.spec.ts).
  expect((await clientContext.request.post('/api/matter-sign-in', { data: { email } })).status()).toBe(202);
  const signInMail = await waitForMail(email, (message) => message.subject.startsWith('Your sign-in link'));
  const link = /\/matter\/sign-in\/[A-Za-z0-9_-]{43}/.exec(signInMail.text)?.[0];
  expect(link, signInMail.text).toBeTruthy();
  const signedIn = await clientContext.request.get(link!, { maxRedirects: 0 });
  expect(signedIn.status()).toBe(303);
  const clientCookie = signedIn.headers()['set-cookie']!.split(';')[0]!;
  const matterId = new URL(page.url()).searchParams.get('matter')!;
  const asked = await clientContext.request.post(`/api/my-matters/${matterId}/update-requests`, {
    headers: { cookie: clientCookie },
    data: { message: 'Has the bank confirmed the loan?' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  await clientContext.close();

  await page.reload();
  await expect(row).toContainText('1 waiting');
  const request = matter.getByTestId('matter-update-request');
  await expect(request).toContainText('Has the bank confirmed the loan?');
  await expectNoAxeViolations(page);
  await request.getByLabel('Reply to the client (optional)').fill('Yes: approved this morning.');
  await request.getByRole('button', { name: 'Mark answered' }).click();
  await expectToast(page, 'Success', 'Answered; the client is e-mailed your reply');
  await expect(request).toHaveCount(0);
  await expect(row).not.toContainText('waiting');
  const reply = await waitForMail(email, (message) => message.subject === 'An update on your matter');
  expect(reply.text).toContain('Yes: approved this morning.');
  expect(reply.text.trimEnd()).toMatch(
    /We will never send you new bank details by e-mail: before you transfer money, call us on .+$/,
  );

  const exchanged = matter.getByTestId('matter-milestone').filter({ hasText: 'Contracts exchanged' });
  await exchanged.getByRole('checkbox', { name: 'Contracts exchanged' }).check();
  await exchanged.getByLabel('Note for the client: Contracts exchanged').fill('The agent has your deposit.');
  await exchanged.getByRole('button', { name: 'Save: Contracts exchanged' }).click();
  await expectToast(
    page,
    'Success',
    'Milestone saved; the client is e-mailed in 2 minutes, with any other change made by then',
  );
  await expect(matter.getByRole('list').last()).toBeVisible();
  await expect(matter).toContainText('Contracts exchanged: done (The agent has your deposit.)');

  const mail = await waitForMail(email, (message) => message.subject === 'Done: Contracts exchanged');
  expect(mail.text).toContain('The agent has your deposit.');
  expect(mail.text.trimEnd()).toMatch(
    /We will never send you new bank details by e-mail: before you transfer money, call us on .+$/,
  );
});
