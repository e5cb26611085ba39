/** The engagement panel of the lead desk: preview, send, a new link, reminders and revoking. */
import { expect, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, failApi, signIn, test } from './fixtures.ts';
import { expectNoAxeViolations, expectToast, openTab, unique } from './admin-helpers.ts';
import { waitForMail } from './mailbox.ts';

const lastName = 'Engage';

/** An enquiry with an instant quote, as the quote page sends it. */
async function createQuotedEnquiry(page: Page, firstName: string) {
  const response = await page.request.post('/api/contact', {
    data: {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.com`,
      phone: '(02) 5550 0177',
      serviceType: 'residential-purchase',
      propertyAddress: '7 Quote Street, Baulkham Hills NSW 2153',
      message: 'Please send me the costs agreement.',
      quote: {
        price: 850_000,
        role: 'buying',
        propertyType: 'established',
        firstHomeBuyer: false,
        foreignPurchaser: false,
        rush: false,
      },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const LINK = /https?:\/\/\S+\/engage\/[A-Za-z0-9_-]{43}/;

/** The newest engagement link e-mailed to `to` that is not in `seen` (then added to it). */
async function newLinkMailed(to: string, seen: Set<string>): Promise<string> {
  const mail = await waitForMail(to, (message) => {
    const link = LINK.exec(message.text)?.[0];
    return link !== undefined && !seen.has(link);
  });
  const link = LINK.exec(mail.text)![0];
  seen.add(link);
  return link;
}

async function openPanel(page: Page, firstName: string) {
  await openTab(page, 'Contact Requests');
  const card = page.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` });
  await card.getByRole('button', { name: `Open enquiry: ${firstName} ${lastName}` }).click();
  const panel = card.getByRole('region', { name: 'Engagement', exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('admin: engagement from the desk', () => {
  let firstName: string;
  test.beforeEach(async ({ page }) => {
    firstName = `Erin${unique()}`;
    await createQuotedEnquiry(page, firstName);
    await signIn(page);
  });

  test('previews, sends, issues a new link, switches reminders off and revokes', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const panel = await openPanel(page, firstName);
    await expect(panel.getByText('No engagement sent yet')).toBeVisible();

    await panel.getByRole('button', { name: 'Send engagement' }).click();
    const heading = panel.getByRole('heading', { name: `Send an engagement to ${firstName} ${lastName}` });
    await expect(heading).toBeFocused();
    // Escape closes the form and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect(heading).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Send engagement' })).toBeFocused();
    await page.keyboard.press('Enter');

    // Prefilled from the quote and the enquiry. Only a solicitor may be responsible, and the
    // shipped team has none yet (no practising certificate numbers): the practice itself acts.
    await expect(panel.getByLabel('Property price ($)')).toHaveValue('850000');
    await expect(panel.getByLabel('Buying or selling')).toHaveValue('buying');
    await expect(panel.getByLabel('Property address')).toHaveValue('7 Quote Street, Baulkham Hills NSW 2153');
    await expect(panel.getByLabel('Responsible solicitor').locator('option:checked')).toContainText(
      'No solicitor is marked in Settings',
    );

    // A fault is shown under its field, before anything is sent.
    await panel.getByLabel('Property price ($)').fill('');
    await panel.getByRole('button', { name: 'Preview' }).click();
    await expect(panel.getByLabel('Property price ($)')).toBeFocused();
    await expect(panel.getByLabel('Property price ($)')).toHaveAttribute('aria-invalid', 'true');
    await panel.getByLabel('Property price ($)').fill('910000');
    await panel.getByRole('button', { name: 'Preview' }).click();

    const preview = panel.getByRole('region', { name: 'What the client will see' });
    await expect(preview.getByRole('heading', { name: 'What the client will see' })).toBeFocused();
    await expect(preview.getByTestId('sample-terms-warning')).toContainText(
      'replace them before sending to real clients',
    );
    await expect(preview.getByRole('heading', { name: 'Our professional fee (fixed)' })).toBeVisible();
    await expect(preview.getByRole('heading', { name: 'Your rights' })).toBeVisible();
    await expect(preview.getByTestId('engagement-terms-version')).toContainText('Version sample-1');
    await expect(preview.getByText('$910,000').first()).toBeVisible();
    await expectNoAxeViolations(page, '[data-testid="engagement-panel"]');

    // A colleague sent one meanwhile: the send is refused, and replacing it is offered.
    const found = await page.request.get(`/api/contact-requests?q=${firstName}`);
    const [enquiry] = (await found.json()) as { id: string }[];
    expect(enquiry, 'the seeded enquiry').toBeDefined();
    const colleagues = await page.request.post(`/api/contact-requests/${enquiry!.id}/engagement`, { data: {} });
    expect(colleagues.status(), await colleagues.text()).toBe(201);
    // E-mailed, the link is the client's alone: the answer does not carry it.
    expect(await colleagues.json()).not.toHaveProperty('url');
    const email = `${firstName.toLowerCase()}@example.com`;
    const seen = new Set<string>();
    await newLinkMailed(email, seen);
    await preview.getByRole('button', { name: `Send to ${email}` }).click();
    await expect(preview.getByRole('alert')).toContainText('An engagement is already open for this enquiry');
    await preview.getByRole('button', { name: 'Replace the open engagement' }).click();
    await expectToast(page, 'Success', 'Engagement sent');
    await expect(panel.getByRole('heading', { name: 'Engagement sent' })).toBeFocused();
    // The test server's SMTP took it: staff are told so, and the link is not shown to them.
    await expect(panel.getByTestId('engagement-emailed')).toContainText(
      `The link was e-mailed to ${email}. Only the client has it`,
    );
    const linkField = panel.getByLabel('Link for the client (shown only now)');
    await expect(linkField).toHaveCount(0);
    const firstLink = await newLinkMailed(email, seen);
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(linkField).toHaveCount(0);
    await expect(panel.getByRole('heading', { name: 'Engagement', exact: true })).toBeFocused();

    await expect(panel.getByTestId('engagement-status')).toHaveText('Sent');
    await expect(panel.getByRole('button', { name: 'Send engagement' })).toHaveCount(0);
    const activity = page.getByRole('list', { name: 'Activity, oldest first' });
    await expect(activity.getByText('Engagement sent (terms sample-1').first()).toBeVisible();

    const reminders = panel.getByRole('switch', { name: 'Reminders' });
    await expect(reminders).toHaveAttribute('aria-checked', 'true');
    await reminders.click();
    await expectToast(page, 'Success', 'Reminders switched off');
    await expect(reminders).toHaveAttribute('aria-checked', 'false');
    await expect(activity.getByText('Engagement: Reminders switched off')).toBeVisible();

    // Had the e-mail failed, the answer would carry the link, and the desk shows it to pass on.
    await page.route(/\/api\/engagements\/[^/]+\/resend$/, async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...answer, emailed: false, url: await newLinkMailed(email, seen) } });
    });
    await panel.getByRole('button', { name: 'Resend link' }).click();
    await expect(panel.getByRole('heading', { name: /New link issued/ })).toBeFocused();
    await expect(panel.getByTestId('engagement-emailed')).toContainText('The link was not e-mailed');
    await expect(linkField).toHaveValue(/\/engage\/[A-Za-z0-9_-]{43}$/);
    const secondLink = await linkField.inputValue();
    expect(secondLink).not.toBe(firstLink);
    await panel.getByRole('button', { name: 'Copy link' }).click();
    await expect(panel.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secondLink);
    await page.unroute(/\/api\/engagements\/[^/]+\/resend$/);
    // The old link is over.
    expect((await page.request.get(`/api/engage/${firstLink.split('/engage/')[1]}`)).status()).toBe(410);

    await panel.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this engagement?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Revoke engagement' }).click();
    await expectToast(page, 'Success', 'Engagement revoked');
    await expect(panel.getByTestId('engagement-status')).toHaveText('Revoked');
    await expect(activity.getByText('Engagement revoked')).toBeVisible();
    await expect(linkField).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Resend link' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Send engagement' })).toBeVisible();
    await expectNoAxeViolations(page, '[data-testid="engagement-panel"]');
  });

  test('a server failure keeps what was typed and says so; nothing is sent', async ({ page }) => {
    const panel = await openPanel(page, firstName);
    await panel.getByRole('button', { name: 'Send engagement' }).click();
    await panel.getByLabel('Property address').fill('9 Other Road, Kellyville NSW 2155');
    await failApi(page, /\/api\/contact-requests\/[^/]+\/engagement\/preview$/, 'POST');
    await panel.getByRole('button', { name: 'Preview' }).click();
    await expect(panel.getByTestId('engagement-form-error')).toContainText('Something went wrong on our side');
    await expect(panel.getByLabel('Property address')).toHaveValue('9 Other Road, Kellyville NSW 2155');
    await expect(panel.getByRole('region', { name: 'What the client will see' })).toHaveCount(0);
  });

  test('an accepted engagement offers the signed PDF and shows its SHA-256, wrapped at 320 px', async ({ page }) => {
    // The client's acceptance is the client page's journey; here the detail answers as after one.
    const sha256 = 'a1'.repeat(32);
    await page.route(/\/api\/contact-requests\/[a-z0-9]+$/, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const detail = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: {
          ...detail,
          engagement: {
            id: 'e2eaccepted',
            status: 'accepted',
            sentAt: '2026-11-20T01:00:00.000Z',
            viewedAt: '2026-11-20T02:00:00.000Z',
            acceptedAt: '2026-11-20T03:00:00.000Z',
            expiresAt: '2026-12-04T01:00:00.000Z',
            reminders: false,
            documentSha256: sha256,
            clients: [
              { name: `${firstName} Engage`, email: 'erin@example.com', acceptedAt: '2026-11-20T03:00:00.000Z' },
            ],
          },
        },
      });
    });
    await page.setViewportSize({ width: 320, height: 800 });
    const panel = await openPanel(page, firstName);
    await expect(panel.getByTestId('engagement-status')).toHaveText('Accepted');
    await expect(panel.getByText('20 Nov 2026, 2:00 pm')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Download signed PDF' })).toHaveAttribute(
      'href',
      '/api/engagements/e2eaccepted/document.pdf',
    );
    await expect(panel.getByTestId('engagement-sha256')).toHaveText(sha256);
    await expect(panel.getByRole('button', { name: /Resend link|Revoke|Send engagement/ })).toHaveCount(0);
    // A lost or forwarded link can be ended, and the client e-mailed a new one.
    await expect(panel.getByRole('button', { name: 'End link and send a new one' })).toBeVisible();
    await expect(panel.getByRole('switch')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, '[data-testid="engagement-panel"]');
  });
});
