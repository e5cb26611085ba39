/**
 * The client's matter, end to end on a 375 px phone with JavaScript off: staff open a matter
 * for a verified client with today's contract date, the client asks for a sign-in link at
 * /matter/, opens it from the e-mail the site really sent (local SMTP), sees the deadlines
 * with their basis and the countdown, downloads the calendar file (read by ical.js), and asks
 * for an update, and asks for texts; staff see it waiting on the Matters tab and tick "Contracts exchanged", and
 * the client's e-mail arrives. Axe needs scripts, so it looks at the same pages in a second,
 * script-enabled context with the client's cookie.
 */
import { expect } from '@playwright/test';
import ICAL from 'ical.js';
import { readFileSync } from 'node:fs';
import { SIGN_IN_ANSWER, UPDATE_SENT } from '#src/content/client-matter.ts';
import { expectToast, unique } from './admin-helpers.ts';
import { expectNoAxeViolations, expectNoSidewaysScroll, signIn, test } from './fixtures.ts';
import { waitForMail } from './mailbox.ts';
import { verifiedEnquiry } from './matter-helpers.ts';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;
const BANK_WARNING = /We will never send you new bank details by e-mail: before you transfer money, call us on .+$/;

/** Today in Sydney, `YYYY-MM-DD`: the contract is made today, so every deadline is ahead. */
const sydneyToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());

test.describe("the client's matter", { tag: '@phone-only' }, () => {
  // Phone only: a phone journey, with JavaScript off.

  test('signs in from the e-mailed link, reads the deadlines, downloads the calendar and asks for an update; staff answer by ticking exchange', async ({
    page,
    browser,
  }) => {
    // A whole journey on a phone, through the e-mailed links: about a minute under load (decision 050).
    test.slow();
    const firstName = `Cli${unique()}`;
    const lastName = 'Ent';
    const email = `${firstName.toLowerCase()}@example.com`;
    await signIn(page);
    const helper = await browser.newContext();
    const enquiryId = await verifiedEnquiry(page, helper.request, {
      firstName,
      lastName,
      email,
      propertyAddress: '7 Countdown Close, Kellyville NSW 2155',
    });
    await helper.close();
    const opened = await page.request.post(`/api/contact-requests/${enquiryId}/matter`, {
      data: { side: 'purchase', propertyType: 'established', contractDate: sydneyToday() },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    const { id: matterId } = (await opened.json()) as { id: string };

    // The client, on a phone with scripts off.
    const client = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const phone = await client.newPage();
    await phone.goto('/matter/');
    await phone.getByLabel('Your e-mail address').fill(email.toUpperCase());
    await phone.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(phone.getByRole('status')).toHaveText(SIGN_IN_ANSWER);

    const mail = await waitForMail(email, (message) => message.subject.startsWith('Your sign-in link'));
    expect(mail.text.trimEnd()).toMatch(BANK_WARNING);
    const link = /https?:\/\/\S+\/matter\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    await phone.goto(link!);
    expect(new URL(phone.url()).pathname).toBe('/matter/');

    const matter = phone.getByTestId('client-matter');
    await expect(matter.getByRole('heading', { level: 2 })).toHaveText(
      'Your purchase of 7 Countdown Close, Kellyville NSW 2155',
    );
    await expect(matter.getByTestId('next-deadline')).toContainText(/Cooling-off period ends: .+ at 5:00 pm/);
    await expect(matter.getByTestId('next-deadline')).toContainText(/in \d+ days\./);
    const cooling = matter.getByTestId('client-deadline').filter({ hasText: 'Cooling-off period ends' });
    await expect(cooling).toContainText('s 66S');
    await expect(cooling).toContainText('This date is an estimate until your conveyancer confirms it.');
    await expect(matter.getByTestId('client-deadline')).toHaveCount(3);
    await expect(phone.getByTestId('bank-warning')).toHaveText(BANK_WARNING);

    // The calendar file, as the phone downloads it.
    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      matter.getByRole('link', { name: 'Add these dates to your calendar' }).click(),
    ]);
    const ics = readFileSync((await download.path())!, 'utf8');
    const events = new ICAL.Component(ICAL.parse(ics))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => event.summary.split(':')[0]).sort()).toEqual(
      ['Cooling-off period ends', 'Settlement', 'Transfer duty due'].sort(),
    );
    // Written in UTC, it ends at 5 pm in Sydney (the event runs from 9 am that day).
    const coolingOffEnds = events.find((event) => event.summary.startsWith('Cooling-off'))!.endDate;
    expect(coolingOffEnds.zone?.tzid).toBe('UTC');
    const sydneyTime = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(sydneyTime.format(coolingOffEnds.toJSDate())).toBe('17:00');

    await matter.getByLabel('Your question').fill('Has the vendor signed yet?');
    await matter.getByRole('button', { name: 'Ask for an update' }).click();
    await expect(phone.getByTestId('client-matter').getByRole('status')).toHaveText(UPDATE_SENT);

    // The same pages, looked at by axe (which needs scripts) and for sideways scrolling at 320 px.
    const checker = await browser.newContext({ ...PHONE, storageState: await client.storageState() });
    const look = await checker.newPage();
    await look.goto('/matter/');
    await expect(look.getByTestId('client-matter')).toBeVisible();
    await expectNoAxeViolations(look);
    await look.setViewportSize({ width: 320, height: 640 });
    await expectNoSidewaysScroll(look);
    const stranger = await (await browser.newContext({ ...PHONE })).newPage();
    await stranger.goto('/matter/');
    await stranger.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(stranger.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(stranger);
    await stranger.goto(link!);
    await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('This sign-in link does not work');
    await expectNoAxeViolations(stranger);
    await stranger.context().close();
    await checker.close();

    // Texts (the e2e server stands in for ClickSend), asked for on the page without JavaScript.
    await matter.getByLabel('Your mobile number').fill('0412 345 678');
    await matter.getByRole('button', { name: 'Text me about my matter' }).click();
    await expect(phone.getByTestId('client-matter').getByRole('status')).toHaveText(
      'We will text 0412 345 678 about your matter.',
    );

    // Staff see the request waiting, and tick exchange.
    await page.goto(`/admin/?matter=${matterId}`);
    const tab = page.getByRole('tabpanel', { name: 'Matters' });
    const row = tab.getByTestId('matter-row').filter({ hasText: `${firstName} ${lastName}` });
    await expect(row).toContainText('1 waiting');
    const detail = tab.getByRole('region', { name: `${firstName} ${lastName}: purchase` });
    await expect(detail).toContainText('Update requested: Has the vendor signed yet?');
    const exchanged = detail.getByTestId('matter-milestone').filter({ hasText: 'Contracts exchanged' });
    await exchanged.getByRole('checkbox', { name: 'Contracts exchanged' }).check();
    await exchanged.getByRole('button', { name: 'Save: Contracts exchanged' }).click();
    await expectToast(
      page,
      'Success',
      'Milestone saved; the client is e-mailed in 2 minutes, with any other change made by then',
    );
    const done = await waitForMail(email, (message) => message.subject === 'Done: Contracts exchanged');
    expect(done.text.trimEnd()).toMatch(BANK_WARNING);

    // The client's page shows it too.
    await phone.goto('/matter/');
    await expect(phone.getByTestId('client-timeline')).toContainText('Contracts exchanged: done');
    await client.close();
  });
});
