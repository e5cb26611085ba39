/**
 * /login: the page, a wrong login through the real server, and axe with the debug console and
 * the cache help open. The form's validation, pending label and each failure's words are
 * component tests: tests/components/login-form.test.tsx; the debug console and the cache help,
 * tests/components/login-debug.test.tsx (decision 049).
 */
import { expect } from '@playwright/test';
import { STAFF, test } from './fixtures.ts';
import { expectNoAxeViolations, expectToast, unique } from './admin-helpers.ts';

test.describe('login page', () => {
  test('shows the titles, the footer and no account details, and is not indexed', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Secure Staff Login' })).toBeVisible();
    await expect(page.getByText('Internal Management Portal')).toBeVisible();
    await expect(page.getByText('v2.0')).toBeVisible();
    await expect(page.getByText(/©\s*\d{4}/)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const html = await page.content();
    expect(html).not.toContain(STAFF.password);
    expect(html).not.toContain(STAFF.username);
  });

  test('a wrong login shows the Authentication Failed alert, its hints and a toast', async ({ page }) => {
    await page.goto('/login');
    // An unknown username, so the staff account's failure throttle is never touched.
    await page.getByLabel('Username').fill(`nobody-${unique()}`);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Secure Login' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Authentication Failed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Invalid username or password');
    await expect(alert).toContainText(/case-sensitive/i);
    await expect(alert).toContainText(/password/i);
    await expect(alert).toContainText(/clear(ing)? your browser cache/i);
    await expectToast(page, 'Login failed', 'Invalid username or password');
    await expect(page).toHaveURL(/\/login\/?$/);
    await expect(page.getByRole('button', { name: 'Secure Login' })).toBeEnabled();
  });

  test(
    'has no axe violations, with and without the failure alert and debug console',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Secure Login' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByLabel('Enable Debug Mode').check();
      await page.getByRole('button', { name: 'How to clear your browser cache' }).click();
      await page.getByLabel('Username').fill(`nobody-${unique()}`);
      await page.getByLabel('Password', { exact: true }).fill('wrong');
      await page.getByRole('button', { name: 'Secure Login' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Authentication Failed' })).toBeVisible();
      await expectNoAxeViolations(page);
    },
  );
});
