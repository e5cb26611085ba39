/**
 * Both enquiry forms in the page: the privacy link and the honeypot hidden by the page's CSS.
 * Their validation, pending, success and failure states (and the hero form's pulse) are
 * component tests: tests/components/enquiry-forms.test.tsx (decision 049).
 */
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { hydrated } from './public-helpers.ts';

const FORMS = [
  {
    name: 'hero',
    form: (page: Page) => page.locator('#hero-form form'),
  },
  {
    name: 'contact',
    form: (page: Page) => page.locator('#contact form'),
  },
] as const;

for (const spec of FORMS) {
  test.describe(`${spec.name} form`, () => {
    /** The landing page with this form hydrated. */
    async function open(page: Page) {
      await page.goto('/');
      await hydrated(spec.form(page).getByLabel('First name'));
    }

    test('links its privacy notice and hides the honeypot from people', async ({ page }) => {
      await open(page);
      const form = spec.form(page);
      await expect(form.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy/');
      await expect(form.locator('input[name="website"]')).toBeHidden();
      await expect(form.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
    });
  });
}
