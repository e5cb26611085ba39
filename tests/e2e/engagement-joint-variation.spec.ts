/**
 * Joint clients and a variation, end to end: staff send one engagement to a couple from the
 * desk; each opens their own e-mailed link on a phone and accepts for themselves, and the
 * desk shows it accepted only once both have. Then staff send a variation (what changed and
 * why), both accept it on their phones, and the desk shows it as current with the first
 * version kept below. Staff work at desktop width; the clients each on a 375 px phone.
 */
import { expect, type Browser } from '@playwright/test';
import { expectNoSidewaysScroll, signIn, test } from './fixtures.ts';
import { openTab, unique } from './admin-helpers.ts';
import { waitForMail, type Mail } from './mailbox.ts';

const linkIn = (mail: Mail): string => {
  const link = /https?:\/\/\S+\/engage\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  return link!;
};

/** A client on their own phone: opens their link and accepts with their name and every tick. */
async function acceptOnPhone(browser: Browser, link: string, fullName: string) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: 'Costs disclosure' })).toBeVisible();
  await phone.getByLabel('Your full name').fill(fullName);
  await phone.getByLabel('I have read and understood the costs disclosure').check();
  await phone.getByLabel('I accept the costs agreement').check();
  await phone.getByLabel('I instruct the practice to act for me in this matter').check();
  await phone.getByLabel('I agree to receive, read and accept these documents electronically').check();
  await phone.getByRole('button', { name: 'Accept and instruct' }).click();
  return { phone, close: () => context.close() };
}

test.describe('joint clients and a variation', () => {
  test('a couple each accept on their phones; a variation is sent and both accept it', async ({ page, browser }) => {
    // Three browsers, two acceptances and a variation: about a minute on a loaded 2-core machine.
    test.slow();
    const id = unique();
    const first = { name: `Ada${id} Joint`, email: `ada${id}@example.com` };
    const second = { name: `Bo${id} Joint`, email: `bo${id}@example.com` };
    const created = await page.request.post('/api/contact', {
      data: {
        firstName: `Ada${id}`,
        lastName: 'Joint',
        email: first.email,
        phone: '(02) 5550 0177',
        serviceType: 'residential-purchase',
        propertyAddress: '3 Couple Close, Kellyville NSW 2155',
        quote: { price: 980_000, role: 'buying', propertyType: 'established' },
      },
    });
    expect(created.ok(), await created.text()).toBe(true);

    // Staff: one engagement for both, each with their own link.
    await signIn(page);
    await openTab(page, 'Contact Requests');
    const card = page.getByRole('article', { name: `Contact request from ${first.name}` });
    /** Opens the enquiry, unless the desk kept it open across the reload. */
    const open = async () => {
      const toggle = card.getByRole('button', { name: new RegExp(`^(Open|Close) enquiry: ${first.name}$`) });
      await expect(toggle).toBeVisible();
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    };
    await open();
    const panel = card.getByRole('region', { name: 'Engagement', exact: true });
    await panel.getByRole('button', { name: 'Send engagement' }).click();
    await expect(panel.getByLabel('Client 1: e-mail')).toHaveValue(first.email);
    await panel.getByRole('button', { name: 'Add a joint client' }).click();
    await panel.getByLabel('Client 2: full name').fill(second.name);
    await panel.getByLabel('Client 2: e-mail').fill(second.email);
    await panel.getByRole('button', { name: 'Preview' }).click();
    await panel.getByRole('button', { name: `Send to ${first.email}, ${second.email}` }).click();
    await expect(panel.getByRole('heading', { name: 'Engagement sent' })).toBeVisible();
    await expect(panel.getByText(`${second.name}: the link was e-mailed to ${second.email}.`)).toBeVisible();

    const invitation = (mail: Mail) => mail.subject.startsWith('Your costs agreement to read and accept');
    const adaLink = linkIn(await waitForMail(first.email, invitation));
    const boLink = linkIn(await waitForMail(second.email, invitation));
    expect(adaLink).not.toBe(boLink);

    // Ada accepts: her acceptance stands, the agreement waits for Bo.
    const ada = await acceptOnPhone(browser, adaLink, first.name);
    await expect(ada.phone.getByRole('heading', { name: 'You have accepted' })).toBeVisible();
    await expect(ada.phone.getByText(`The agreement takes effect once ${second.name} has accepted too`)).toBeVisible();
    // Axe checks the accepted panel this one is made like in engagement-journey.spec.ts, and the
    // W3C check covers this state (engage-page.test.ts): here only the phone's width.
    await expectNoSidewaysScroll(ada.phone);
    await ada.close();

    await page.reload();
    await openTab(page, 'Contact Requests');
    await open();
    const clients = panel.getByTestId('engagement-clients');
    await expect(clients.getByText(`${second.name} (${second.email}): not yet accepted`)).toBeVisible();
    await expect(panel.getByTestId('engagement-status')).not.toHaveText('Accepted');

    // Bo accepts: now it is accepted, by both.
    const bo = await acceptOnPhone(browser, boLink, second.name);
    await expect(bo.phone.getByRole('heading', { name: 'Accepted', exact: true })).toBeVisible();
    await bo.close();
    await page.reload();
    await openTab(page, 'Contact Requests');
    await open();
    await expect(panel.getByTestId('engagement-status')).toHaveText('Accepted');
    await expect(clients.getByText(/not yet accepted/)).toHaveCount(0);

    // Staff: a variation, with what changed and why.
    await panel.getByRole('button', { name: 'Send a variation' }).click();
    await panel.getByLabel('What changed, and why').fill('The agreed price went up after a counter-offer.');
    await panel.getByLabel('Property price ($)').fill('1050000');
    await panel.getByRole('button', { name: 'Preview' }).click();
    const preview = panel.getByRole('region', { name: 'What the client will see' });
    await expect(preview.getByRole('heading', { name: 'What has changed, and why' })).toBeVisible();
    await preview.getByRole('button', { name: `Send to ${first.email}, ${second.email}` }).click();
    await expect(panel.getByRole('heading', { name: 'Engagement sent' })).toBeVisible();

    const updated = (mail: Mail) => invitation(mail) && mail.text.includes('updated the costs disclosure');
    for (const [client, who] of [
      [first, 'ada'],
      [second, 'bo'],
    ] as const) {
      const accepted = await acceptOnPhone(browser, linkIn(await waitForMail(client.email, updated)), client.name);
      await expect(accepted.phone.getByText('Why: The agreed price went up after a counter-offer.')).toBeVisible();
      const heading = who === 'ada' ? 'You have accepted' : 'Accepted';
      await expect(accepted.phone.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await accepted.close();
    }

    // The desk: the variation is current and accepted; the first version stays on record.
    await page.reload();
    await openTab(page, 'Contact Requests');
    await open();
    await expect(panel.getByTestId('engagement-status')).toHaveText('Accepted');
    await expect(panel.getByTestId('engagement-variation')).toContainText('counter-offer');
    const history = panel.getByTestId('engagement-history');
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByTestId('status-badge')).toHaveText('Accepted');
    await expect(history.getByRole('link', { name: 'Signed PDF' })).toBeVisible();
  });
});
