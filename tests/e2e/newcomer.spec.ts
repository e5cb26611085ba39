/**
 * A newcomer's first hour (issue 34): every message the site sends is in the local inbox at
 * /_dev/mail (as under `npm start` with no SMTP server), newest first with its links
 * clickable; the client signs in from the e-mailed link read there, on a 375 px phone with
 * JavaScript off, and finds their matter at a glance: who acts, the price and its duty,
 * progress "3 of 9", and the conversation with staff's answer.
 */
import { expect } from '@playwright/test';
import { unique } from './admin-helpers.ts';
import { expectNoAxeViolations, signIn, test } from './fixtures.ts';
import { verifiedEnquiry } from './matter-helpers.ts';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;

test.describe("a newcomer's first hour", { tag: '@phone-only' }, () => {
  // Phone only: a phone journey, with JavaScript off.

  test('reads the mail at /_dev/mail, and the client follows the matter on a phone', async ({ page, browser }) => {
    // A whole journey on a phone, through the e-mailed links: about a minute under load (decision 050).
    test.slow();
    const firstName = `New${unique()}`;
    const email = `${firstName.toLowerCase()}@example.com`;
    await signIn(page);
    const helper = await browser.newContext();
    const enquiryId = await verifiedEnquiry(page, helper.request, {
      firstName,
      lastName: 'Comer',
      email,
      propertyAddress: '9 Newcomer Lane, Kellyville NSW 2155',
    });
    await helper.close();

    // The local inbox has the engagement e-mail, its link clickable.
    const inbox = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const mailPage = await inbox.newPage();
    await mailPage.goto('/_dev/mail');
    await expect(mailPage.getByRole('heading', { level: 1 })).toHaveText('Local inbox');
    // The engagement e-mail's link, clickable in its text.
    const toClient = mailPage.getByRole('article').filter({ hasText: `To${email}` });
    await expect(toClient.getByRole('link', { name: /\/engage\/[A-Za-z0-9_-]{43}$/ }).first()).toBeVisible();

    const opened = await page.request.post(`/api/contact-requests/${enquiryId}/matter`, {
      data: { side: 'purchase', propertyType: 'established', contractDate: '2026-11-25' },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    const { id: matterId } = (await opened.json()) as { id: string };
    const priced = await page.request.patch(`/api/matters/${matterId}`, { data: { price: 850_000 } });
    expect(priced.status(), await priced.text()).toBe(200);
    const duty = ((await priced.json()) as { deadlines: { key: string; amount?: number }[] }).deadlines.find(
      (deadline) => deadline.key === 'duty',
    )!.amount!;
    expect(duty).toBeGreaterThan(30_000);
    expect(
      (
        await page.request.post(`/api/matters/${matterId}/milestones/contract-reviewed`, { data: { done: true } })
      ).status(),
    ).toBe(200);

    // The client asks for a sign-in link and follows it from the inbox page, scripts off.
    const client = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const phone = await client.newPage();
    await phone.goto('/matter/');
    await phone.getByLabel('Your e-mail address').fill(email);
    await phone.getByRole('button', { name: 'Send me a sign-in link' }).click();
    // This client's e-mail with this subject, wherever it is in the inbox (reloaded until it
    // arrives): the milestone digest may be sent after it, and this server's earlier journeys
    // leave e-mails to their own clients.
    const mailToClient = async (subject: string) => {
      const mail = mailPage
        .getByRole('article')
        .filter({ hasText: subject })
        .filter({ hasText: `To${email}` })
        .first();
      await expect
        .poll(async () => {
          await mailPage.goto('/_dev/mail');
          return mail.count();
        })
        .toBe(1);
      return mail;
    };
    const signInMail = await mailToClient('Your sign-in link');
    await expect(signInMail).toContainText(`To${email}`);
    const link = await signInMail.getByRole('link', { name: /\/matter\/sign-in\// }).getAttribute('href');
    await phone.goto(link!);
    expect(new URL(phone.url()).pathname).toBe('/matter/');

    const matter = phone.getByTestId('client-matter');
    await expect(matter.getByTestId('matter-responsible')).not.toBeEmpty();
    await expect(matter.getByTestId('matter-price')).toHaveText('$850,000');
    await expect(matter.getByTestId('matter-contract-date')).toHaveText('Wednesday 25 November 2026');
    await expect(matter.getByTestId('matter-progress')).toHaveText('3 of 9 steps done');
    await expect(matter.getByTestId('deadline-amount')).toContainText(`$${duty.toLocaleString('en-AU')}`);

    // A question, staff's answer, and the conversation on the page.
    await matter.getByLabel('Your question').fill('When is settlement?');
    await matter.getByRole('button', { name: 'Ask for an update' }).click();
    const waiting = (await (await page.request.get(`/api/matters/${matterId}`)).json()) as {
      waitingRequests: { id: string }[];
    };
    const answered = await page.request.post(
      `/api/matters/${matterId}/update-requests/${waiting.waitingRequests[0]!.id}/answer`,
      { data: { reply: 'Settlement is booked for 6 January.' } },
    );
    expect(answered.status(), await answered.text()).toBe(200);
    await phone.goto('/matter/');
    const conversation = phone.getByTestId('conversation');
    await expect(conversation).toContainText('When is settlement?');
    await expect(conversation).toContainText('Settlement is booked for 6 January.');

    // The answer's e-mail links to the matter.
    const answerMail = await mailToClient('An update on your matter');
    await expect(answerMail.getByRole('link', { name: /\/matter\/$/ })).toBeVisible();

    // The page passes axe at 375 px (axe needs scripts: the same page, the client's cookie).
    const checker = await browser.newContext({ ...PHONE, storageState: await client.storageState() });
    const look = await checker.newPage();
    await look.goto('/matter/');
    await expect(look.getByTestId('conversation')).toBeVisible();
    await expectNoAxeViolations(look);
    await checker.close();
    await client.close();
    await inbox.close();
  });
});
