/**
 * The screenshots of docs/staff-guide.md: the lead desk, the engagement panel, the due-diligence
 * panel and Settings, each reached through the real routes as staff and a client would.
 *
 * Every run takes them (so a guide's state that can no longer be reached fails here) into the
 * test's output folder; `UPDATE_STAFF_GUIDE=1` writes them into docs/staff-guide/ instead, to be
 * committed. Writing them on every run would leave changed images in the working tree after
 * each `npm test` (the times and ids on screen differ from run to run).
 */
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { openSettingsSection, openTab } from './admin-helpers.ts';
import { signIn, test } from './fixtures.ts';
import { acceptEngagement, individual, quotedEnquiry, sendEngagement, submitDueDiligence } from './matter-helpers.ts';

/** Everyone in the pictures shares this last name, so a search shows only them. */
const lastName = 'Sample';
const GUIDE_DIR = path.resolve(import.meta.dirname, '../../docs/staff-guide');

const guidePath = (name: string) =>
  process.env.UPDATE_STAFF_GUIDE ? path.join(GUIDE_DIR, name) : test.info().outputPath(name);

/** JPEG at quality 70 keeps each picture small enough to commit. */
async function shoot(target: Page | Locator, name: string) {
  await target.screenshot({ path: guidePath(name), type: 'jpeg', quality: 70, animations: 'disabled', caret: 'hide' });
}

/** Everyone's details in the pictures: the same street, an address per first name. */
const person = (firstName: string) => ({
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
  propertyAddress: '12 Example Avenue, Castle Hill NSW 2154',
});

/** An enquiry as the quote page sends it; answers its id. */
const enquiry = (page: Page, firstName: string, price: number) =>
  quotedEnquiry(page, person(firstName), {
    price,
    message: 'We have found a house and would like the contract reviewed.',
  });

async function openCard(page: Page, firstName: string) {
  const tab = await openTab(page, 'Contact Requests');
  const card = tab.getByRole('article', { name: `Contact request from ${firstName} ${lastName}` });
  await card.getByRole('button', { name: `Open enquiry: ${firstName} ${lastName}` }).click();
  return card;
}

test('takes the staff guide’s screenshots of the desk, the engagement and due-diligence panels and Settings', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await enquiry(page, 'Alex', 640_000);
  await enquiry(page, 'Jordan', 1_150_000);
  const priyaId = await enquiry(page, 'Priya', 820_000);

  // Priya has accepted her engagement and sent her identity details. E-mailed, the link is
  // the client's alone: Priya's comes from her mailbox.
  const priyaClient = person('Priya');
  const token = await sendEngagement(page, priyaId, priyaClient.email);
  const client = await browser.newContext();
  await acceptEngagement(client.request, token, `Priya ${lastName}`);
  await submitDueDiligence(
    client.request,
    token,
    [{ type: 'individual', ...individual(`Priya ${lastName}`, '1984-03-09', priyaClient) }],
    [{ kind: 'savings' }, { kind: 'loan', lender: 'Example Bank' }],
  );
  await client.close();
  await page.reload();

  // The desk, searched down to the three, on a screen tall enough to show them.
  await page.setViewportSize({ width: 1280, height: 1400 });
  const tab = await openTab(page, 'Contact Requests');
  await tab.getByLabel('Search name, e-mail or phone').fill(lastName);
  await tab.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(tab.getByRole('article', { name: new RegExp(` ${lastName}$`) })).toHaveCount(3);
  await expect(
    tab.getByRole('article', { name: `Contact request from Priya ${lastName}` }).getByTestId('cdd-pending'),
  ).toBeVisible();
  await page.mouse.move(0, 0);
  await shoot(page, 'desk.jpg');
  // The same three in the compact table; then back to the cards, which the rest of the guide uses.
  const showAs = tab.getByRole('group', { name: 'Show as' });
  await showAs.getByRole('button', { name: 'Table' }).click();
  await expect(tab.getByTestId('desk-table').locator('tbody tr[data-enquiry-row]')).toHaveCount(3);
  await shoot(tab, 'desk-table.jpg');
  await showAs.getByRole('button', { name: 'Cards' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Alex's engagement, previewed before it is sent.
  const alex = await openCard(page, 'Alex');
  const engagement = alex.getByRole('region', { name: 'Engagement', exact: true });
  await engagement.getByRole('button', { name: 'Send engagement' }).click();
  await expect(engagement.getByLabel('Property price ($)')).toHaveValue('640000');
  await shoot(engagement, 'engagement-form.jpg');
  await engagement.getByRole('button', { name: 'Preview' }).click();
  const preview = engagement.getByRole('region', { name: 'What the client will see' });
  await expect(preview.getByRole('heading', { name: 'Our professional fee (fixed)' })).toBeVisible();
  // Its first 900 px only: the whole preview is a long document.
  const box = (await preview.boundingBox())!;
  const top = box.y + (await page.evaluate(() => scrollY));
  await page.screenshot({
    path: guidePath('engagement-preview.jpg'),
    fullPage: true,
    clip: { x: box.x, y: top, width: box.width, height: Math.min(box.height, 900) },
    type: 'jpeg',
    quality: 70,
    animations: 'disabled',
    caret: 'hide',
  });

  // Priya's due diligence, opened for verification.
  await page.reload();
  const priya = await openCard(page, 'Priya');
  const diligence = priya.getByRole('region', { name: 'Due diligence', exact: true });
  await expect(diligence.getByTestId('cdd-status')).toHaveText('Submitted');
  await diligence.getByRole('button', { name: "Show the client's details" }).click();
  await expect(diligence.getByRole('form', { name: 'Verify, screen and rate' })).toBeVisible();
  await shoot(diligence, 'due-diligence.jpg');

  // Settings, a section at a time: the practice details, the week of hours, the public claims, the audit log.
  for (const [section, name] of [
    ['Practice details', 'settings.jpg'],
    ['Opening hours', 'settings-hours.jpg'],
    ['Public claims', 'settings-claims.jpg'],
    ['Audit log', 'settings-audit.jpg'],
  ] as const) {
    const settings = await openSettingsSection(page, section);
    await expect(settings.getByRole('heading', { level: 3, name: section, exact: true })).toBeVisible();
    await expect(settings.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    if (section === 'Practice details') {
      await expect(settings.getByTestId('practice-settings').getByLabel('Phone')).not.toHaveValue('');
    }
    await page.mouse.move(0, 0);
    await shoot(page, name);
  }
});
