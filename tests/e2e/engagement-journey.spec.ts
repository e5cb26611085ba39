/**
 * From quote to signed engagement, end to end at 375 px: staff send the engagement from
 * the desk; the client opens the link from the e-mail the site really sent (through a
 * local SMTP server), reads it on a 320 px phone, accepts; the desk shows the enquiry
 * instructed, and the signed PDF downloads on both sides with the hash the server recorded.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Download } from '@playwright/test';
import { expectNoAxeViolations, expectNoSidewaysScroll, signIn, test } from './fixtures.ts';
import { openTab, unique } from './admin-helpers.ts';
import { waitForMail } from './mailbox.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const downloaded = async (download: Download) => readFileSync((await download.path())!);

test.describe('engagement journey', { tag: '@phone-only' }, () => {
  // Phone only: the client and the staff member are both on a phone here.

  test('sent from the desk, accepted from the e-mailed link, instructed, signed copy on both sides', async ({
    page,
    browser,
  }) => {
    // A whole journey on a phone, through the e-mailed links: about a minute under load (decision 050).
    test.slow();
    const firstName = `Jo${unique()}`;
    const lastName = 'Journey';
    const email = `${firstName.toLowerCase()}@example.com`;
    const created = await page.request.post('/api/contact', {
      data: {
        firstName,
        lastName,
        email,
        phone: '(02) 5550 0188',
        serviceType: 'residential-purchase',
        propertyAddress: '9 Journey Road, Kellyville NSW 2155',
        quote: { price: 1_050_000, role: 'buying', propertyType: 'established' },
      },
    });
    expect(created.ok(), await created.text()).toBe(true);

    // Staff: preview and send from the desk.
    await signIn(page);
    await openTab(page, 'Contact Requests');
    const card = page.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` });
    await card.getByRole('button', { name: `Open enquiry: ${firstName} ${lastName}` }).click();
    const panel = card.getByRole('region', { name: 'Engagement', exact: true });
    await panel.getByRole('button', { name: 'Send engagement' }).click();
    await panel.getByRole('button', { name: 'Preview' }).click();
    const preview = panel.getByRole('region', { name: 'What the client will see' });
    await expect(preview.getByRole('heading', { name: 'Your rights' })).toBeVisible();
    // Staff preview the client's summary: one estimated total, the one the client will read.
    const previewTotal = (await preview
      .getByRole('definition')
      .filter({ hasText: 'including GST and transfer duty' })
      .textContent())!;
    const total = /\$[\d,]+\.\d{2}/.exec(previewTotal)![0];
    await preview.getByRole('button', { name: `Send to ${email}` }).click();
    await expect(panel.getByRole('heading', { name: 'Engagement sent' })).toBeVisible();

    // The client: the link from the e-mail, on a 320 px phone, a browser of their own.
    const mail = await waitForMail(email, (message) => message.subject.startsWith('Your costs agreement'));
    const link = /https?:\/\/\S+\/engage\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    expect(mail.text).toContain('Phone:');
    const client = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
    const phone = await client.newPage();
    await phone.goto(link!);
    await expect(phone.getByRole('heading', { name: 'Costs disclosure' })).toBeVisible();
    // The site's header and, first, what they will pay: one estimated total, the disclosure's.
    await expect(phone.getByRole('link', { name: /– home$/ })).toBeVisible();
    const summary = phone.getByRole('region', { name: 'What you will pay' });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('definition').last()).toContainText(total);
    await expect(phone.getByText(`Estimated total: ${total} including GST`)).toBeVisible();
    await expect(phone.getByText(/about \$/)).toHaveCount(0);
    await expectNoSidewaysScroll(phone);
    await expectNoAxeViolations(phone);

    // A missing consent comes back with the message under it, the name kept.
    await phone.getByLabel('Your full name').fill(`${firstName} ${lastName}`);
    await phone.getByLabel('I have read and understood the costs disclosure').check();
    await phone.getByLabel('I accept the costs agreement').check();
    await phone.getByRole('button', { name: 'Accept and instruct' }).click();
    await expect(phone.getByRole('alert')).toBeVisible();
    await expect(phone.getByLabel('Your full name')).toHaveValue(`${firstName} ${lastName}`);
    await expectNoAxeViolations(phone);
    await phone.getByLabel('I have read and understood the costs disclosure').check();
    await phone.getByLabel('I accept the costs agreement').check();
    await phone.getByLabel('I instruct the practice to act for me in this matter').check();
    await phone.getByLabel('I agree to receive, read and accept these documents electronically').check();
    await phone.getByRole('button', { name: 'Accept and instruct' }).click();
    await expect(phone.getByText('You accepted this costs agreement')).toBeVisible();
    // The post answered 303 to the page itself, so a refresh reads it again rather than re-posting.
    await expect(phone).toHaveURL(link!);
    await phone.reload();
    await expect(phone.getByText('You accepted this costs agreement')).toBeVisible();
    await expectNoAxeViolations(phone);
    // The fingerprint is folded away, for the client's records.
    const records = phone.getByText('For your records');
    await expect(phone.locator('code.hash')).toBeHidden();
    await records.click();
    const shownHash = (await phone.locator('code.hash').textContent())!.trim();
    expect(shownHash).toMatch(/^[0-9a-f]{64}$/);
    const [clientPdf] = await Promise.all([
      phone.waitForEvent('download'),
      phone.getByRole('link', { name: /signed/i }).click(),
    ]);
    expect(sha256(await downloaded(clientPdf))).toBe(shownHash);

    // The signed copy reaches the client's inbox too.
    const signed = await waitForMail(email, (message) => message.subject.startsWith('Your signed costs agreement'));
    expect(sha256(signed.pdf!)).toBe(shownHash);
    await client.close();

    // Staff: the desk shows the enquiry instructed, and the same PDF.
    // The open enquiry is in the address, so the reload keeps it open.
    await page.reload();
    await openTab(page, 'Contact Requests');
    const toggle = card.getByRole('button', { name: new RegExp(`^(Open|Close) enquiry: ${firstName} ${lastName}$`) });
    await expect(toggle).toBeVisible();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(card.getByText('Instructed').first()).toBeVisible();
    await expect(panel.getByText('Accepted').first()).toBeVisible();
    await expect(panel.getByText(shownHash)).toBeVisible();
    const [staffPdf] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('link', { name: 'Download signed PDF' }).click(),
    ]);
    expect(sha256(await downloaded(staffPdf))).toBe(shownHash);
  });
});
