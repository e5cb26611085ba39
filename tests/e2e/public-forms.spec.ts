/** Both enquiry forms: validation, pending, success and failure. */
import { expect, type Locator, type Page } from '@playwright/test';
import { failApi, ONCE, test } from './fixtures.ts';
import { hydrated } from './public-helpers.ts';

const MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  phone: 'Phone number is required',
  serviceType: 'Please select a service',
};

const FORMS = [
  {
    name: 'hero',
    form: (page: Page) => page.locator('#hero-form form'),
    submit: 'Get My Free Quote',
    service: 'Residential Conveyancing',
  },
  {
    name: 'contact',
    form: (page: Page) => page.locator('#contact form'),
    submit: 'Send Enquiry',
    service: 'Residential Purchase',
  },
] as const;

async function fill(form: Locator, service: string) {
  await form.getByLabel('First name').fill('Alex');
  await form.getByLabel('Last name').fill('Citizen');
  await form.getByLabel('Email').fill('alex@example.com');
  await form.getByLabel('Phone').fill('0400 000 000');
  await form.getByLabel('Service').selectOption({ label: service });
  await form.getByLabel('Message').fill('Buying in Castle Hill.');
}

for (const spec of FORMS) {
  test.describe(`${spec.name} form`, () => {
    /** The landing page with this form hydrated, its vibrations recorded. */
    async function open(page: Page) {
      // Record vibrations instead of shaking a device.
      await page.addInitScript(() => {
        (window as any).__vibrations = [];
        Object.defineProperty(Navigator.prototype, 'vibrate', {
          configurable: true,
          value: (pattern: unknown) => {
            (window as any).__vibrations.push(pattern);
            return true;
          },
        });
      });
      await page.goto('/');
      await hydrated(spec.form(page).getByLabel('First name'));
    }

    test('shows every validation message under its field', async ({ page, isMobile }) => {
      test.skip(isMobile, ONCE);
      await open(page);
      const form = spec.form(page);
      await form.getByRole('button', { name: spec.submit }).click();
      for (const [field, message] of Object.entries(MESSAGES)) {
        const control = form.locator(`[name="${field}"]`);
        await expect(control).toHaveAttribute('aria-invalid', 'true');
        const describedBy = await control.getAttribute('aria-describedby');
        await expect(form.locator(`[id="${describedBy}"]`)).toHaveText(message);
      }
      // The error summary at the form's top has the focus, each message a link to its field.
      const summary = form.locator('[data-error-summary]');
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link', { name: MESSAGES.firstName })).toHaveAttribute('href', /^#.+-firstName$/);
      await form.getByLabel('Email').fill('not-an-email');
      await form.getByRole('button', { name: spec.submit }).click();
      await expect(summary.getByRole('link', { name: MESSAGES.email })).toBeVisible();
      await form.getByLabel('First name').fill('Alex');
      await expect(form.getByText(MESSAGES.firstName)).toBeHidden();
      await expect(form.locator('[name="firstName"]')).not.toHaveAttribute('aria-invalid');
    });

    test('shows Submitting... while pending, then the success toast and a reset form', async ({ page }) => {
      await open(page);
      const form = spec.form(page);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let payload: Record<string, unknown> = {};
      await page.route('**/api/contact', async (route) => {
        payload = route.request().postDataJSON();
        await gate;
        await route.continue();
      });
      await fill(form, spec.service);
      await form.getByRole('button', { name: spec.submit }).click();
      const pending = form.getByRole('button', { name: 'Submitting...' });
      await expect(pending).toBeDisabled();
      release();
      const toast = page.getByRole('status').getByTestId('toast');
      await expect(toast).toContainText('Quote Request Submitted');
      await expect(toast).toContainText("We'll respond to your inquiry within 2 hours during business hours.");
      // Closed at once: on a busy machine the checks below can outlast the toast's own 5 s.
      await toast.getByRole('button', { name: 'Close notification' }).click();
      await expect(toast).toBeHidden();
      await expect(form.getByLabel('First name')).toHaveValue('');
      await expect(form.getByLabel('Email')).toHaveValue('');
      await expect(form.getByRole('button', { name: spec.submit })).toBeEnabled();
      expect(payload).toMatchObject({ firstName: 'Alex', lastName: 'Citizen', email: 'alex@example.com', website: '' });
      if (spec.name === 'hero') {
        expect(Object.keys(payload)).toEqual(expect.arrayContaining(['callbackDate', 'callbackTime', 'message']));
        expect(await page.evaluate(() => (window as any).__vibrations.length)).toBe(2);
      } else {
        expect(Object.keys(payload)).toEqual(expect.arrayContaining(['propertyAddress', 'message']));
      }
    });

    test('keeps the values and shows the failure toast when the server fails', async ({ page, isMobile }) => {
      test.skip(isMobile, ONCE);
      await open(page);
      const form = spec.form(page);
      await failApi(page, '**/api/contact');
      await fill(form, spec.service);
      await form.getByRole('button', { name: spec.submit }).click();
      const toast = page.getByRole('alert').getByTestId('toast');
      await expect(toast).toContainText('Submission Failed');
      await expect(toast).toContainText('Please try again or call us directly at (02) 5550 0123.');
      await expect(form.getByLabel('First name')).toHaveValue('Alex');
      await expect(form.getByLabel('Email')).toHaveValue('alex@example.com');
      await expect(form.getByRole('button', { name: spec.submit })).toBeEnabled();
    });

    test('links its privacy notice and hides the honeypot from people', async ({ page, isMobile }) => {
      test.skip(isMobile, ONCE);
      await open(page);
      const form = spec.form(page);
      await expect(form.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy/');
      await expect(form.locator('input[name="website"]')).toBeHidden();
      await expect(form.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
    });
  });
}

test('the hero form pulses for 300 ms where vibration is unavailable', async ({ page, isMobile }) => {
  test.skip(isMobile, ONCE);
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'vibrate', { value: undefined, configurable: true });
    (window as any).__buzzed = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as Element).classList?.contains('buzz')) (window as any).__buzzed++;
      }
    }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
  });
  await page.goto('/');
  const form = page.locator('#hero-form form');
  await hydrated(form.getByLabel('First name'));
  await failApi(page, '**/api/contact');
  await fill(form, 'Residential Conveyancing');
  await form.getByRole('button', { name: 'Get My Free Quote' }).click();
  await expect(page.getByRole('alert').getByTestId('toast')).toContainText('Submission Failed');
  await expect.poll(() => page.evaluate(() => (window as any).__buzzed)).toBeGreaterThanOrEqual(2);
});
