/**
 * Settings: its sections, each with an address (a reload stays, Back and Forward move); practice
 * details: a new phone number reaches the rebuilt header, footer and structured data of `/`, and
 * a team photo uploaded there shows in its team section, and a claim and a rating in the same
 * rebuild; the week of opening hours (a fault in another section opens it), a 409 that keeps
 * what was typed (the form's own messages are tests/components/admin/settings/), and axe on
 * each section; the desk's warning of unconfirmed claims goes once one is confirmed. The audit
 * log's sentences and filters are tests/components/admin/settings/audit-log.test.tsx's, its
 * server side tests/functions/http/audit.test.ts's (docs/e2e-moves.md). Other specs expect the
 * default phone, hours and claims, so each test that saves puts back the seeded site in
 * `finally` (`restoreSeededSite`: the store and the build, and the rebuild its save asked for
 * thrown away).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { PRACTICE } from '#src/content/practice.ts';
import { png } from '../functions/fixtures/images.ts';
import { SETTINGS_SECTIONS } from '#src/islands/admin/settings/settings-sections.ts';
import { expectNoAxeViolations, expectToast, openSettingsSection, openTab } from './admin-helpers.ts';
import { expectNoSidewaysScroll, failApi, restoreSeededSite, signIn, test } from './fixtures.ts';
import { hydrated } from './public-helpers.ts';

const DEFAULT_PHONE = PRACTICE.phone.display;

async function waitForLanding(request: APIRequestContext, check: (html: string) => boolean, message: string) {
  await expect
    .poll(async () => check(await (await request.get('/')).text()), {
      timeout: 180_000,
      intervals: [1000, 2000],
      message,
    })
    .toBe(true);
}

/** Saves settings through the API, as someone else would, over whatever version is stored now. */
async function saveSettings(request: APIRequestContext, saved: Record<string, unknown>) {
  const { version } = await (await request.get('/api/settings')).json();
  const { updatedAt: _updatedAt, ...fields } = saved;
  const response = await request.put('/api/settings', { data: { ...fields, version } });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('admin: practice settings', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('a new phone number, a team photo, a public claim and a rating reach the rebuilt header, footer, team, landing page and structured data', async ({
    page,
  }) => {
    test.setTimeout(240_000); // a real rebuild of the production build
    const phone = '(02) 5550 0177';
    const panel = await openSettingsSection(page, 'Practice details');
    const form = panel.getByTestId('practice-settings');
    await expect(form.getByLabel('Phone')).toHaveValue(DEFAULT_PHONE);
    try {
      await form.getByLabel('Phone').fill(phone);
      // The first member's photo, uploaded in the Team section (a colour of this run's own, so it
      // is new to the store): the phone typed above stays in the form, and one save takes all.
      await openSettingsSection(page, 'Team');
      // A real name: a member still named by the placeholder is never shown on the site.
      await form.getByLabel('Member 1: name').fill('Priya Natarajan');
      const photoField = form.getByRole('group', { name: 'Member 1: photo (optional)' });
      const now = Date.now();
      await photoField
        .getByLabel('Upload a photo')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(96, 96, [now % 256, 40, 90]) });
      await expect(photoField.getByRole('status')).toHaveText('Image uploaded (96 × 96 pixels).');
      const photo = await photoField.getByTestId('team-photo-preview').getAttribute('src');
      expect(photo).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);

      // A public claim and a rating, in the same save.
      await openSettingsSection(page, 'Public claims');
      const claims = form.getByRole('group', { name: 'Public claims' });
      await expect(claims.getByRole('textbox', { name: 'Client satisfaction', exact: true })).toHaveValue('98%');
      await expect(claims.getByLabel('Client satisfaction: last checked')).toHaveAccessibleDescription(
        'Not yet checked',
      );
      // A changed figure needs the day it was checked (practice-settings.test.tsx holds the message).
      await claims.getByRole('textbox', { name: 'Client satisfaction', exact: true }).fill('96%');
      await claims.getByLabel('Client satisfaction: last checked').fill('2026-11-02');
      await claims.getByLabel('Rating (out of 5)').fill('4.7');
      await claims.getByLabel('Number of reviews').fill('141');
      await claims.getByLabel('Rating: last checked').fill('2026-11-20');
      await form.getByRole('button', { name: 'Save Settings' }).click();
      await expectToast(page, 'Success', 'Settings updated successfully');

      await waitForLanding(
        page.request,
        (html) => html.includes(phone) && html.includes('96%'),
        `the landing page showing ${phone} and 96% satisfaction`,
      );
      await page.goto('/');
      await expect(page.locator('header a[href="tel:+61255500177"]').first()).toBeAttached();
      await expect(page.locator('header a[href^="tel:"]:not([href="tel:+61255500177"])')).toHaveCount(0);
      await expect(page.locator('#home')).toContainText(phone);
      await expect(page.locator('footer')).toContainText(phone);
      await expect(page.locator('footer')).not.toContainText(DEFAULT_PHONE);
      await expect(page.locator('#about')).toContainText('96%');
      await expect(page.locator('#about')).not.toContainText('98%');
      await expect(page.locator('#home')).toContainText('Rated 4.7 out of 5');
      // The photo shows, from this site, under the strict CSP.
      const teamPhoto = page.locator(`#team img[src="${photo}"]`);
      await teamPhoto.scrollIntoViewIfNeeded();
      await expect(teamPhoto).toHaveJSProperty('complete', true);
      expect(await teamPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
      const jsonLdTexts = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLdTexts.join('\n')).toContain('"telephone":"+61255500177"');
      const jsonLd = jsonLdTexts.map((text) => JSON.parse(text) as Record<string, any>);
      expect(jsonLd.find((item) => item['@type'] === 'LegalService')!.aggregateRating).toMatchObject({
        ratingValue: 4.7,
        reviewCount: 141,
      });
      // The enquiry forms' failure message names the new number too (it is a prop of the island).
      const hero = page.locator('#hero-form form');
      await hydrated(hero.getByLabel('First name'));
      await failApi(page, '**/api/contact');
      await hero.getByLabel('First name').fill('Alex');
      await hero.getByLabel('Last name').fill('Citizen');
      await hero.getByLabel('Email').fill('alex@example.com');
      await hero.getByLabel('Phone').fill('0400 000 000');
      await hero.getByLabel('Service').selectOption({ label: 'Residential Conveyancing' });
      await hero.getByRole('button', { name: 'Get My Free Quote' }).click();
      await expect(page.getByRole('alert').getByTestId('toast')).toContainText(
        `Please try again or call us directly at ${phone}.`,
      );
    } finally {
      // The seeded site again, store and build, without a second rebuild (fixtures.ts).
      await restoreSeededSite(page.request);
    }
    // Back at once, with no rebuild: the built landing page and the stored settings.
    const landing = await (await page.request.get('/')).text();
    expect(landing.includes(DEFAULT_PHONE) && !landing.includes(phone), 'the seeded landing page').toBe(true);
    // The session went with the rest of the store: signed in again, the form reads the seeded phone.
    await signIn(page);
    const seeded = await openSettingsSection(page, 'Practice details');
    await expect(seeded.getByTestId('practice-settings').getByLabel('Phone')).toHaveValue(DEFAULT_PHONE);
  });

  test('the desk names each unconfirmed public claim to a principal until it is confirmed in Settings', async ({
    page,
  }) => {
    try {
      // The test account is a principal; the store holds the shipped claims, none confirmed.
      const desk = await openTab(page, 'Contact Requests');
      const warning = desk.getByRole('region', { name: 'Public claims nobody has confirmed' });
      await expect(warning).toContainText('Client satisfaction');
      await expect(warning).toContainText('Rating');

      const panel = await openSettingsSection(page, 'Public claims');
      const claims = panel.getByTestId('practice-settings').getByRole('group', { name: 'Public claims' });
      await claims.getByRole('button', { name: 'Confirm client satisfaction as shown' }).click();
      await expectToast(page, 'Confirmed', 'The claim is recorded as checked today');
      await expect(claims.getByText(/^Checked \d{1,2} [A-Z][a-z]{2} \d{4} by /)).toHaveCount(1);

      const again = await openTab(page, 'Contact Requests');
      const left = again.getByRole('region', { name: 'Public claims nobody has confirmed' });
      await expect(left).toContainText('Rating');
      await expect(left).not.toContainText('Client satisfaction');
    } finally {
      // The seeded settings again, and the rebuild this save asked for thrown away (fixtures.ts).
      await restoreSeededSite(page.request);
    }
  });

  test('a save over someone else’s change is refused and keeps what was typed', async ({ page }) => {
    // The form's own messages (an empty phone, a wrong e-mail) are practice-settings.test.tsx's.
    const panel = await openSettingsSection(page, 'Practice details');
    const form = panel.getByTestId('practice-settings');
    await expect(form.getByLabel('Phone')).toHaveValue(/\d/);

    try {
      // Someone else saves meanwhile (the same settings, a new version): this form's save is refused.
      await saveSettings(page.request, await (await page.request.get('/api/settings')).json());
      await form.getByRole('textbox', { name: 'E-mail' }).fill('typed-here@example.com');
      await form.getByRole('button', { name: 'Save Settings' }).click();
      await expectToast(page, 'Error', 'Failed to update settings');
      await expect(form.getByRole('alert')).toContainText('Someone else changed the settings');
      await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveValue('typed-here@example.com');
      // Put the e-mail back before the deliberate second save, so nothing else changes.
      await form.getByRole('textbox', { name: 'E-mail' }).fill(PRACTICE.email);
      await form.getByRole('button', { name: 'Save Settings' }).click();
      await expectToast(page, 'Success', 'Settings updated successfully');
    } finally {
      await restoreSeededSite(page.request);
    }
  });

  test('each section has its own address: a reload stays on it, Back and Forward move between them, and the list works from the keyboard', async ({
    page,
  }) => {
    const panel = await openSettingsSection(page, 'Opening hours');
    await expect(page).toHaveURL(/[?&]tab=settings&section=hours$/);
    const nav = panel.getByRole('navigation', { name: 'Settings sections' });
    const heading = (name: string) => panel.getByRole('heading', { level: 3, name, exact: true });
    await expect(heading('Opening hours')).toBeVisible();
    await expect(heading('Staff accounts')).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    await expect(nav.getByRole('link', { name: 'Opening hours' })).toHaveAttribute('aria-current', 'page');
    await expect(panel.getByTestId('hours-week')).toBeVisible();

    // From the keyboard: each section is a link in the tab order.
    await nav.getByRole('link', { name: 'Opening hours' }).focus();
    // As many presses as there are sections: the loop stops at the Audit log, the last.
    for (let presses = 0; presses < SETTINGS_SECTIONS.length; presses++) {
      await page.keyboard.press('Tab');
      if (await nav.getByRole('link', { name: 'Audit log' }).evaluate((link) => link === document.activeElement)) break;
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]section=audit$/);
    await expect(heading('Audit log')).toBeVisible();
    await expect(panel.getByTestId('hours-week')).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/[?&]section=hours$/);
    await expect(panel.getByTestId('hours-week')).toBeVisible();
    await page.goForward();
    await expect(heading('Audit log')).toBeVisible();

    // The address of a section, opened as a page of its own (a bookmark, a link sent on).
    await page.goto('/admin/?tab=settings&section=staff');
    await expect(heading('Staff accounts')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Staff accounts' })).toHaveAttribute('aria-current', 'page');
  });

  test('the week of opening hours saves, and a fault in it found from another section opens it', async ({ page }) => {
    try {
      const panel = await openSettingsSection(page, 'Opening hours');
      const form = panel.getByTestId('practice-settings');
      const week = form.getByTestId('hours-week');
      await expect(week.getByRole('row')).toHaveCount(8); // the heading's row and seven days
      await week.getByRole('checkbox', { name: 'Sunday: open' }).uncheck();
      await expect(week.getByRole('row', { name: /Sunday/ })).toContainText('Closed');
      await expect(week.getByLabel('Sunday opens')).toHaveCount(0);
      await week.getByLabel('Saturday opens').fill('09:30');
      await week.getByLabel('Saturday closes').fill('08:00');

      // Saved from Practice details, the fault in Saturday's hours opens Opening hours.
      await openSettingsSection(page, 'Practice details');
      await form.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page).toHaveURL(/[?&]section=hours$/);
      await expect(form.getByText('Closing time must be after opening time')).toBeVisible();
      await week.getByLabel('Saturday closes').fill('12:30');
      await form.getByRole('button', { name: 'Save Settings' }).click();
      await expectToast(page, 'Success', 'Settings updated successfully');

      const saved = (await (await page.request.get('/api/settings')).json()).hours;
      expect(saved[5]).toMatchObject({ day: 'Saturday', open: true, opens: '09:30', closes: '12:30' });
      expect(saved[6]).toMatchObject({ day: 'Sunday', open: false });
      await page.reload();
      await expect(week.getByLabel('Saturday closes')).toHaveValue('12:30');
      await expect(week.getByRole('checkbox', { name: 'Sunday: open' })).not.toBeChecked();
    } finally {
      // The seeded settings again, and the rebuild this save asked for thrown away (fixtures.ts).
      await restoreSeededSite(page.request);
    }
  });

  test(
    'axe finds nothing on any section of Settings, and each fits the screen (375 px in the mobile project)',
    { tag: '@phone' },
    async ({ page, isMobile }) => {
      // Every section at 1280 px; on a phone, those whose layout changes there (the week, the log).
      // Practice details, the section the tab opens on, is admin-tabs.spec.ts's axe run, at both widths.
      const sections = isMobile
        ? ['Opening hours', 'Audit log']
        : [
            'Opening hours',
            'Team',
            'Public claims',
            'Your password',
            'Your sign-in',
            'Accounts',
            'Staff accounts',
            'Sign-in',
            'Transfer duty indexation',
            'Audit log',
          ];
      for (const name of sections) {
        const panel = await openSettingsSection(page, name);
        await expect(panel.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
        await expect(panel.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        await expectNoAxeViolations(page);
        await expectNoSidewaysScroll(page);
      }
    },
  );
});
